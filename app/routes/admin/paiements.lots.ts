import { createHash } from "node:crypto";
import type { Route } from "./+types/paiements.lots";
import { requirePermission } from "#app/lib/auth.server";
import { logger } from "#app/lib/logger.server";
import { batchFile } from "#app/modules/payouts/payouts.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The SEPA file of a batch, exactly as exported: served only when it still matches its recorded hash. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "money");
  const id = params.batchId ?? "";
  const file = UUID.test(id) ? await batchFile(id) : null;
  if (!file) throw new Response("Lot introuvable.", { status: 404 });
  if (createHash("sha256").update(file.xml, "utf8").digest("hex") !== file.sha256) {
    logger.error({ batchId: id }, "payouts: stored SEPA file does not match its hash");
    throw new Response("Le fichier de ce lot ne correspond plus à son empreinte : ne le déposez pas à la banque.", { status: 409 });
  }
  return new Response(file.xml, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "content-disposition": `attachment; filename="${file.msgId}.xml"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
