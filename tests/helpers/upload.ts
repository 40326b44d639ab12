import { action as uploadAction } from "#app/routes/admin/upload";
import { multipart } from "./multipart";
import { callRoute, type RouteOutcome } from "./route";

/** What /admin/upload answers: the URL of the stored image, or the reason it was refused. */
type UploadAnswer = { url?: string; ok?: boolean; title?: string; message?: string };

/** POST one file to /admin/upload as the browser's multipart form does (with its content-length). */
export async function postUpload(cookie: string, name: string, content: Buffer, type: string): Promise<RouteOutcome<UploadAnswer>> {
  const request = await multipart("/admin/upload", cookie, { file: new File([new Uint8Array(content)], name, { type }) });
  return (await callRoute(uploadAction, request)) as RouteOutcome<UploadAnswer>;
}
