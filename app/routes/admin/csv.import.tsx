import { ArrowLeft, TriangleAlert, Upload } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/csv.import";
import { Field, PageHeader } from "~/components/admin/admin-ui";
import { Button } from "~/components/ui/button";
import { requirePermission } from "~/lib/auth.server";
import { requestNow } from "~/lib/clock.server";
import { readBoundedForm } from "~/lib/body.server";
import { adminSeo } from "~/lib/admin-seo";
import { isDomainError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { dbErrorMessage } from "~/modules/admin/admin.server";
import { CSV_LIMITS, CSV_MESSAGES, CSV_STATUS_LABELS, type CsvPreview, type CsvPreviewRow } from "~/modules/admin/csv";
import { csvList } from "~/modules/admin/csv-entities.server";
import { CsvImportRefused, decodeCsv, importCsv, previewCsv } from "~/modules/admin/csv.server";

interface ImportData {
  error?: string;
  preview?: CsvPreview;
  /** the previewed file's text, posted back by « Confirmer l'import » (checked again then) */
  csv?: string;
  fileName?: string;
}

export const meta: Route.MetaFunction = ({ data, matches }) => adminSeo(data?.title ?? "Importer un fichier CSV", matches);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const list = csvList(params.list);
  return { title: list.title, listTitle: list.listTitle, path: list.path, headers: list.entity.columns.map((c) => c.header) };
}

const answer = (body: ImportData, status = 200) => data<ImportData>(body, { status });

/**
 * « Importer (CSV) » (ADR 029): `preview` reads the uploaded file and answers
 * each row's fate, writing nothing; `confirm` posts the same text back, which
 * is parsed and checked again and imported in one transaction, or not at all.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requirePermission(request, "catalogue");
  const list = csvList(params.list);
  let form: FormData;
  try {
    form = await readBoundedForm(request, 2 * CSV_LIMITS.maxBytes + 64 * 1024);
  } catch (error) {
    if (error instanceof Response) return answer({ error: error.status === 413 ? CSV_MESSAGES.tooBig : await error.text() }, error.status);
    throw error;
  }
  const intent = form.get("intent");
  let text = "";
  let fileName: string | undefined;
  try {
    if (intent === "preview") {
      const file = form.get("file");
      if (!(file instanceof File) || !file.name) return answer({ error: CSV_MESSAGES.noFile }, 400);
      fileName = file.name;
      text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
      const preview = await previewCsv(list.entity, text, requestNow(request));
      return answer({ preview, csv: text, fileName }, preview.summary.error ? 422 : 200);
    }
    if (intent === "confirm") {
      const posted = form.get("csv");
      text = typeof posted === "string" ? posted : "";
      fileName = String(form.get("fileName") ?? "") || undefined;
      if (Buffer.byteLength(text) > CSV_LIMITS.maxBytes) return answer({ error: CSV_MESSAGES.tooBig }, 413);
      const done = await importCsv(actor, list.entity, text);
      return redirectWithToast(list.path, { title: "Import terminé", description: CSV_MESSAGES.done(done.created, done.updated) });
    }
    return answer({ error: CSV_MESSAGES.unknownIntent }, 400);
  } catch (error) {
    if (error instanceof CsvImportRefused) return answer({ error: error.message, preview: error.preview, csv: text, fileName }, 422);
    if (isDomainError(error)) return answer({ error: error.message }, error.status);
    const { message, status } = dbErrorMessage(error, CSV_MESSAGES.saveError);
    return answer({ error: status === 500 ? CSV_MESSAGES.saveError : `${message} Rien n'a été importé.` }, status === 500 ? 503 : status);
  }
}

/** An update's cells: the changed ones as old → new, the others plain (issue #37 item 4). */
function RowCells({ row }: { row: CsvPreviewRow }) {
  const cells = row.cells ?? [];
  const changed = cells.filter((c) => c.before !== undefined).length;
  return (
    <>
      {changed === 0 ? <p className="mt-1 text-neutral-600">{CSV_MESSAGES.unchanged}</p> : null}
      <dl className="mt-1 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5" aria-label={`Cellules de la ligne ${row.line}`}>
        {cells.map((c) => (
          <div key={c.column} className="contents" data-changed={c.before !== undefined ? "true" : undefined}>
            <dt className={c.before !== undefined ? "font-semibold" : "text-neutral-500"}>{c.column}</dt>
            <dd className="min-w-0 break-words">
              {c.before !== undefined ? (
                <>
                  <span className="sr-only">avant : </span>
                  <del className="text-neutral-600">{c.before || "(vide)"}</del>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only">après : </span>
                  <ins className="font-semibold text-brand-800 no-underline">{c.value || "(vide)"}</ins>
                </>
              ) : (
                <span className="text-neutral-700">{c.value}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

const STATUS_CLASS = { create: "text-green-700", update: "text-brand-700", error: "text-red-700" } as const;

export default function CsvImport({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ImportData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const preview = result?.preview;
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
      <Form method="post" encType="multipart/form-data" className="mb-6 grid grid-cols-[minmax(0,1fr)] items-end gap-3 sm:flex sm:flex-wrap" aria-label="Fichier à importer">
        <input type="hidden" name="intent" value="preview" />
        <Field label="Fichier CSV" htmlFor="csv-file">
          <input id="csv-file" name="file" type="file" accept=".csv,text/csv" required className="block w-full min-w-0 max-w-full text-sm" />
        </Field>
        <Button type="submit" disabled={busy}>
          <Upload aria-hidden="true" /> Prévisualiser
        </Button>
      </Form>
      {result?.error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {result.error}
        </p>
      ) : null}
      {preview ? (
        <section aria-labelledby="csv-preview">
          <h2 id="csv-preview" className="mb-2 text-lg font-bold">
            Aperçu{result?.fileName ? ` de ${result.fileName}` : ""}
          </h2>
          <p className="mb-3 text-sm" data-testid="csv-summary">
            {preview.summary.create} à créer, {preview.summary.update} à mettre à jour, {preview.summary.error} en erreur.
          </p>
          <ul className="mb-4 grid gap-2" aria-label="Lignes du fichier">
            {preview.rows.map((row) => (
              <li key={row.line} className="rounded-md border border-neutral-200 p-2 text-sm" data-status={row.status}>
                <span className="font-mono text-neutral-500">Ligne {row.line}</span> · <span className={`font-semibold ${STATUS_CLASS[row.status]}`}>{CSV_STATUS_LABELS[row.status]}</span>
                {row.label ? <> · {row.label}</> : null}
                {row.warnings?.length ? (
                  <ul className="mt-1 grid gap-1" aria-label={`Avertissements de la ligne ${row.line}`}>
                    {row.warnings.map((w) => (
                      <li key={w} className="rounded border border-red-300 bg-red-50 px-2 py-1 font-semibold text-red-800" data-testid="csv-warning">
                        <TriangleAlert aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
                        {w}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {row.cells ? <RowCells row={row} /> : null}
                {row.errors.length ? (
                  <ul className="mt-1 list-disc pl-5 text-red-700">
                    {row.errors.map((e, i) => (
                      <li key={i}>
                        Ligne {e.line}
                        {e.column ? `, colonne « ${e.column} »` : ""} : {e.message}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          <Form method="post" encType="multipart/form-data">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="csv" value={result?.csv ?? ""} />
            <input type="hidden" name="fileName" value={result?.fileName ?? ""} />
            <Button type="submit" disabled={busy || preview.summary.error > 0}>
              Confirmer l'import
            </Button>
            {preview.summary.error > 0 ? <p className="mt-2 text-sm text-neutral-700">Corrigez les erreurs dans le fichier puis importez-le de nouveau.</p> : null}
          </Form>
        </section>
      ) : null}
    </div>
  );
}
