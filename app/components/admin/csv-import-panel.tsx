import { TriangleAlert, Upload } from "lucide-react";
import { Form } from "react-router";
import { Field } from "#app/components/admin/admin-ui";
import { Button } from "#app/components/ui/button";
import { CSV_MESSAGES, CSV_STATUS_LABELS, csvSummaryText, type CsvPreview, type CsvPreviewRow } from "#app/modules/admin/csv";

/** What an import screen's action answered (csvImportAction, app/modules/admin/csv-import-route.server.ts). */
interface CsvImportResult {
  error?: string;
  preview?: CsvPreview;
  csv?: string;
  fileName?: string;
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

const STATUS_CLASS = { create: "text-green-700", update: "text-brand-700", error: "text-red-700", skip: "text-neutral-600" } as const;

/**
 * The upload form, the preview of the file (each line's fate, cells old → new,
 * warnings, errors by line and column) and « Confirmer l'import » (ADR 029):
 * every CSV import of the back office shows this.
 */
export function CsvImportPanel({ result, busy }: { result: CsvImportResult | undefined; busy: boolean }) {
  const preview = result?.preview;
  return (
    <>
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
            {csvSummaryText(preview.summary)}
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
    </>
  );
}
