import type { Route } from "./+types/csv.export";
import { requirePermission } from "#app/lib/auth.server";
import { csvList } from "#app/modules/admin/csv-entities.server";
import { exportCsv } from "#app/modules/admin/csv.server";
import { toParisDateInput } from "#app/modules/settings/paris-time";

/** « Exporter (CSV) »: the rows of a catalogue list as its URL filters, searches and sorts them (ADR 029). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const { entity } = csvList(params.list);
  const csv = await exportCsv(entity, new URL(request.url));
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${entity.fileName}-${toParisDateInput(new Date())}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
