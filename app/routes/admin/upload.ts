import { data } from "react-router";
import type { Route } from "./+types/upload";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { recordAudit } from "#app/modules/admin/audit.server";
import { MAX_UPLOAD_BYTES, saveImageUpload, UPLOAD_MESSAGES, UploadError } from "#app/lib/storage.server";

export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST" } });
}

/** Image upload for the deal form: checked by extension, size and real content, re-encoded to WebP. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_UPLOAD_BYTES + 64 * 1024) {
    return data({ ok: false, title: "Erreur de téléchargement", message: UPLOAD_MESSAGES.size }, { status: 413 });
  }
  let form: FormData;
  try {
    form = await readBoundedForm(request, MAX_UPLOAD_BYTES + 64 * 1024);
  } catch (error) {
    if (error instanceof Response) {
      return data({ ok: false, title: "Erreur de téléchargement", message: error.status === 413 ? UPLOAD_MESSAGES.size : "Une erreur est survenue lors du téléchargement de l'image." }, { status: error.status });
    }
    throw error;
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data({ ok: false, title: "Erreur de téléchargement", message: UPLOAD_MESSAGES.empty }, { status: 400 });
  }
  try {
    const saved = await saveImageUpload({ buffer: Buffer.from(await file.arrayBuffer()), originalName: file.name, size: file.size });
    await recordAudit(admin, { action: "create", entity: "upload", entityId: saved.url, after: { url: saved.url, originalName: file.name.slice(0, 200), size: file.size } });
    return data({ ok: true, title: "Image téléchargée", message: "", url: saved.url });
  } catch (error) {
    if (error instanceof UploadError) {
      return data({ ok: false, title: "Erreur de téléchargement", message: error.message }, { status: error.message === UPLOAD_MESSAGES.size ? 413 : 400 });
    }
    return data({ ok: false, title: "Erreur de téléchargement", message: "Une erreur est survenue lors du téléchargement de l'image." }, { status: 500 });
  }
}
