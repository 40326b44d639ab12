import { TEST_ORIGIN } from "./auth";

/**
 * A multipart POST as a browser sends it, with its Content-Length (the bounded body reader requires it).
 * A Blob that is not a File is sent under `fileName`.
 */
export async function multipart(path: string, cookie: string | undefined, fields: Record<string, string | Blob>, fileName = "export.csv"): Promise<Request> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string" || v instanceof File) form.append(k, v);
    else form.append(k, v, fileName);
  }
  const encoded = new Response(form);
  const body = new Uint8Array(await encoded.arrayBuffer());
  const headers = new Headers({ origin: TEST_ORIGIN, "content-type": encoded.headers.get("content-type")!, "content-length": String(body.byteLength) });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers, body });
}
