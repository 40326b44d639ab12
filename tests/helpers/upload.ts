import { action as uploadAction } from "../../app/routes/admin/upload";
import { TEST_ORIGIN } from "./auth";
import { callRoute, type RouteOutcome } from "./route";

/** What /admin/upload answers: the URL of the stored image, or the reason it was refused. */
type UploadAnswer = { url?: string; ok?: boolean; title?: string; message?: string };

/** POST one file to /admin/upload as the browser's multipart form does (with its content-length). */
export async function postUpload(cookie: string, name: string, content: Buffer, type: string): Promise<RouteOutcome<UploadAnswer>> {
  const body = new FormData();
  body.append("file", new File([new Uint8Array(content)], name, { type }));
  const encoded = new Response(body);
  const buf = Buffer.from(await encoded.arrayBuffer());
  const outcome = await callRoute(
    uploadAction,
    new Request(`${TEST_ORIGIN}/admin/upload`, { method: "POST", body: buf, headers: { origin: TEST_ORIGIN, cookie, "content-type": encoded.headers.get("content-type")!, "content-length": String(buf.length) } }),
  );
  return outcome as RouteOutcome<UploadAnswer>;
}
