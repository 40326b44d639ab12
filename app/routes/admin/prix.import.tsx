import { ArrowLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/prix.import";
import { PageHeader } from "#app/components/admin/admin-ui";
import { CsvImportPanel } from "#app/components/admin/csv-import-panel";
import { Button } from "#app/components/ui/button";
import { requirePermission } from "#app/lib/auth.server";
import { requestNow } from "#app/lib/clock.server";
import { adminSeo } from "#app/lib/admin-seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { CSV_LIMITS } from "#app/modules/admin/csv";
import { csvImportAction, type CsvImportData } from "#app/modules/admin/csv-import-route.server";
import { PRICE_ADMIN_MESSAGES, PRICE_CSV_COLUMNS } from "#app/modules/prices/price-admin";
import { importPriceCsv, previewPriceCsv } from "#app/modules/prices/price-import.server";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Importer des prix", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  return { headers: PRICE_CSV_COLUMNS.map((c) => c.header) };
}

/**
 * « Importer des prix » (issue #39 item 6, ADR 049): a merchant's feed of prices, previewed then confirmed like
 * every CSV import of the back office (csvImportAction); after it, the history of the file's first new price's product.
 */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "catalogue");
  const now = requestNow(request);
  return csvImportAction(request, {
    preview: (text) => previewPriceCsv(text, now),
    confirm: async (text) => {
      const done = await importPriceCsv(actor, text, now);
      const to = done.firstProduct ? `/admin/prix?${new URLSearchParams({ q: done.firstProduct })}` : "/admin/prix";
      return redirectWithToast(to, { title: "Import terminé", description: PRICE_ADMIN_MESSAGES.done(done.created, done.skipped) });
    },
  });
}

export default function PriceImport({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="max-w-4xl">
      <PageHeader
        title="Importer des prix"
        action={
          <Button asChild variant="outline">
            <Link to="/admin/prix">
              <ArrowLeft aria-hidden="true" /> Historique des prix
            </Link>
          </Button>
        }
      />
      <p className="mb-4 text-sm text-neutral-700">
        Un fichier CSV (séparé par des points-virgules ou des virgules), de {CSV_LIMITS.maxBytes / 1_000_000} Mo et {CSV_LIMITS.maxRows.toLocaleString("fr-FR")} lignes au plus, un prix
        par ligne, avec ces colonnes : <span className="font-medium">{loaderData.headers.join(" ; ")}</span> (GTIN facultative). Produit : le lien de la page du produit ou sa clé
        (nuxe.com/huile-prodigieuse) ; Date : 2026-11-28 14:30 ou 28/11/2026 14:30, heure de Paris. Un prix égal au précédent du même produit chez le même marchand n'est pas
        enregistré. Rien n'est enregistré avant la confirmation.
      </p>
      <CsvImportPanel result={actionData as CsvImportData | undefined} busy={busy} />
    </div>
  );
}
