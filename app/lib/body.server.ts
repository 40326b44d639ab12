/** Bounded request-body readers: a malformed or oversized body is a 4xx, never a 500. */

function fail(status: number, message: string): never {
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function readBoundedText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) fail(413, "Les données envoyées sont trop volumineuses.");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      fail(413, "Les données envoyées sont trop volumineuses.");
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** A url-encoded or multipart form, bounded in size. */
export async function readBoundedForm(request: Request, maxBytes = 16 * 1024): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const text = await readBoundedText(request, maxBytes);
    const form = new FormData();
    for (const [k, v] of new URLSearchParams(text)) form.append(k, v);
    return form;
  }
  if (type.startsWith("multipart/form-data")) {
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (!declared || declared > maxBytes) fail(declared ? 413 : 411, "Les données envoyées sont trop volumineuses.");
    try {
      return await request.formData();
    } catch {
      fail(400, "Formulaire invalide.");
    }
  }
  fail(415, "Format de données non pris en charge.");
}

export async function readBoundedJson(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  // sendBeacon sends text/plain; accept it alongside application/json
  if (!type.startsWith("application/json") && !type.startsWith("text/plain")) fail(415, "Format de données non pris en charge.");
  const text = await readBoundedText(request, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    fail(400, "JSON invalide.");
  }
}
