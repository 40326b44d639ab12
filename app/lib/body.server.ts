/** Bounded request-body readers: a malformed or oversized body is a 4xx, never a 500. */

function fail(status: number, message: string): never {
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * U+0000 is refused in every path, query (server/app.ts) and body (the readers below):
 * PostgreSQL text and jsonb cannot hold it, and no form has a use for it. Other control
 * characters are accepted: PostgreSQL stores them, and text areas send tabs and newlines.
 */
export const NUL_MESSAGE = "La demande contient un caractère non autorisé (caractère nul).";

export function containsNul(value: string): boolean {
  return value.includes("\u0000");
}

function refuseNul(values: Iterable<string>) {
  for (const v of values) if (containsNul(v)) fail(400, NUL_MESSAGE);
}

function* formStrings(form: FormData | URLSearchParams): Generator<string> {
  for (const [k, v] of form) {
    yield k;
    yield typeof v === "string" ? v : v.name;
  }
}

function* jsonStrings(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) for (const v of value) yield* jsonStrings(v);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      yield k;
      yield* jsonStrings(v);
    }
  }
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

/** A url-encoded body (whatever its declared type), bounded in size, without NUL. */
export async function readBoundedParams(request: Request, maxBytes: number): Promise<URLSearchParams> {
  const params = new URLSearchParams(await readBoundedText(request, maxBytes));
  refuseNul(formStrings(params));
  return params;
}

/** A url-encoded or multipart form, bounded in size, without NUL in a field name, value or file name. */
export async function readBoundedForm(request: Request, maxBytes = 16 * 1024): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const form = new FormData();
    for (const [k, v] of await readBoundedParams(request, maxBytes)) form.append(k, v);
    return form;
  }
  if (type.startsWith("multipart/form-data")) {
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (!declared || declared > maxBytes) fail(declared ? 413 : 411, "Les données envoyées sont trop volumineuses.");
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      fail(400, "Formulaire invalide.");
    }
    refuseNul(formStrings(form));
    return form;
  }
  fail(415, "Format de données non pris en charge.");
}

export async function readBoundedJson(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  // sendBeacon sends text/plain; accept it alongside application/json
  if (!type.startsWith("application/json") && !type.startsWith("text/plain")) fail(415, "Format de données non pris en charge.");
  const text = await readBoundedText(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    fail(400, "JSON invalide.");
  }
  refuseNul(jsonStrings(value));
  return value;
}
