import { ArrowLeft } from "lucide-react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/csv.import";
import { PageHeader } from "#app/components/admin/admin-ui";
import { CsvImportPanel } from "#app/components/admin/csv-import-panel";
import { Button } from "#app/components/ui/button";
import { requirePermission } from "#app/lib/auth.server";
import { requestNow } from "#app/lib/clock.server";
import { adminSeo } from "#app/lib/admin-seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { CSV_LIMITS, CSV_MESSAGES } from "#app/modules/admin/csv";
import { csvList } from "#app/modules/admin/csv-entities.server";
import { csvImportAction, type CsvImportData } from "#app/modules/admin/csv-import-route.server";
import { importCsv, previewCsv } from "#app/modules/admin/csv.server";

export const meta: Route.MetaFunction = ({ data, matches }) => adminSeo(data?.title ?? "Importer un fichier CSV", matches);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const list = csvList(params.list);
  return { title: list.title, listTitle: list.listTitle, path: list.path, headers: list.entity.columns.map((c) => c.header) };
}

/**
 * « Importer (CSV) » (ADR 029): `preview` reads the uploaded file and answers
 * each row's fate, writing nothing; `confirm` posts the same text back, which
 * is parsed and checked again and imported in one transaction, or not at all.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requirePermission(request, "catalogue");
  const list = csvList(params.list);
  return csvImportAction(request, {
    preview: (text) => previewCsv(list.entity, text, requestNow(request)),
    confirm: async (text) => {
      const done = await importCsv(actor, list.entity, text);
      return redirectWithToast(list.path, { title: "Import terminé", description: CSV_MESSAGES.done(done.created, done.updated) });
    },
  });
}

export default function CsvImport({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="max-w-4xl">
      <PageHeader
        title={loaderData.title}
        action={
          <Button asChild variant="outline">
            <Link to={loaderData.path}>
              <ArrowLeft aria-hidden="true" /> {loaderData.listTitle}
            </Link>
          </Button>
        }
      />
      <p className="mb-4 text-sm text-neutral-700">
        Un fichier CSV (séparé par des points-virgules ou des virgules), de {CSV_LIMITS.maxBytes / 1_000_000} Mo et {CSV_LIMITS.maxRows.toLocaleString("fr-FR")} lignes au plus, avec
        ces colonnes : <span className="font-medium">{loaderData.headers.join(" ; ")}</span>. Le plus simple : partir d'un fichier exporté de la liste. Rien n'est enregistré
        avant la confirmation.
      </p>
      <CsvImportPanel result={actionData as CsvImportData | undefined} busy={busy} />
    </div>
  );
}
