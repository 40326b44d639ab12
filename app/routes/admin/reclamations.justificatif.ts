import type { Route } from "./+types/reclamations.justificatif";
import { requirePermission } from "#app/lib/auth.server";
import { claimProofFile } from "#app/modules/claims/claims.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A claim's proof, for finance and admins only: served as a download, never inline, never cached. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "money");
  const id = params.claimId ?? "";
  const file = UUID.test(id) ? await claimProofFile(id) : null;
  if (!file) throw new Response("Justificatif introuvable.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": file.mime,
      "content-disposition": `attachment; filename="${file.name}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
