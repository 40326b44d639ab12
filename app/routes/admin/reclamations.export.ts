import type { Route } from "./+types/reclamations.export";
import { requirePermission } from "#app/lib/auth.server";
import { ClaimError, exportMatchedCsv } from "#app/modules/claims/claims.server";
import { toParisDateInput } from "#app/modules/settings/paris-time";

/** « Exporter en CSV »: a network's matched claims, for its claim form (recorded in the audit log). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requirePermission(request, "money");
  const network = params.network ?? "";
  try {
    const { csv } = await exportMatchedCsv(actor, network);
    return new Response(`\ufeff${csv}`, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="reclamations-${network}-${toParisDateInput(new Date())}.csv"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof ClaimError) throw new Response(error.message, { status: error.status, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
