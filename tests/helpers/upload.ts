/* eslint-disable @typescript-eslint/no-explicit-any */
import { action as uploadAction } from "../../app/routes/admin/upload";
import { TEST_ORIGIN } from "./auth";
import { callRoute } from "./route";

/** POST one file to /admin/upload as the browser's multipart form does (with its content-length). */
export async function postUpload(cookie: string, name: string, content: Buffer, type: string) {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(content)], name, { type }));
  const encoded = new Response(body);
  const buf = Buffer.from(await encoded.arrayBuffer());
  return callRoute<any>(
    uploadAction,
    new Request(`${TEST_ORIGIN}/admin/upload`, { method: "POST", body: buf, headers: { origin: TEST_ORIGIN, cookie, "content-type": encoded.headers.get("content-type")!, "content-length": String(buf.length) } }),
  );
}
