import { data } from "react-router";
import { readBoundedForm } from "#app/lib/body.server";
import { isDomainError } from "#app/lib/errors";
import { dbErrorMessage } from "./admin.server";
import { CSV_LIMITS, CSV_MESSAGES, type CsvPreview } from "./csv";
import { CsvImportRefused, decodeCsv } from "./csv.server";

/** What an import screen's action answers (the preview, or why there is none). */
export interface CsvImportData {
  error?: string;
  preview?: CsvPreview;
  /** the previewed file's text, posted back by « Confirmer l'import » (checked again then) */
  csv?: string;
  fileName?: string;
}

const answer = (body: CsvImportData, status = 200) => data<CsvImportData>(body, { status });

/**
 * The action of an import screen (ADR 029), for every CSV import of the back
 * office (the lists' and the price observations'): `preview` reads the uploaded
 * file and answers each row's fate, writing nothing; `confirm` posts the same
 * text back, which `confirm` parses, checks again and imports in one
 * transaction (a CsvImportRefused when a row is in error), answering its
 * redirect. The caller has checked the role.
 */
export async function csvImportAction(
  request: Request,
  steps: { preview: (text: string) => Promise<CsvPreview>; confirm: (text: string) => Promise<Response> },
) {
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
      const preview = await steps.preview(text);
      return answer({ preview, csv: text, fileName }, preview.summary.error ? 422 : 200);
    }
    if (intent === "confirm") {
      const posted = form.get("csv");
      text = typeof posted === "string" ? posted : "";
      fileName = String(form.get("fileName") ?? "") || undefined;
      if (Buffer.byteLength(text) > CSV_LIMITS.maxBytes) return answer({ error: CSV_MESSAGES.tooBig }, 413);
      return await steps.confirm(text);
    }
    return answer({ error: CSV_MESSAGES.unknownIntent }, 400);
  } catch (error) {
    if (error instanceof CsvImportRefused) return answer({ error: error.message, preview: error.preview, csv: text, fileName }, 422);
    if (isDomainError(error)) return answer({ error: error.message }, error.status);
    const { message, status } = dbErrorMessage(error, CSV_MESSAGES.saveError);
    return answer({ error: status === 500 ? CSV_MESSAGES.saveError : `${message} Rien n'a été importé.` }, status === 500 ? 503 : status);
  }
}
