/** CSV import and export of back-office lists (ADR 029): limits, messages and the preview's shape, shared by server and screen. */
import { countOf, pluralForm } from "#app/lib/plural";

export const CSV_LIMITS = {
  /** an uploaded file, in bytes */
  maxBytes: 1_000_000,
  /** data lines of one import */
  maxRows: 2_000,
  /** rows of one export */
  exportRows: 10_000,
} as const;

export const CSV_MESSAGES = {
  noFile: "Choisissez un fichier CSV à importer.",
  empty: "Le fichier est vide.",
  noRows: "Le fichier ne contient aucune ligne à importer (seulement l'en-tête).",
  tooBig: `Le fichier dépasse ${CSV_LIMITS.maxBytes / 1_000_000} Mo.`,
  tooManyRows: (n: number) => `Le fichier contient ${n} lignes : ${CSV_LIMITS.maxRows} au plus par import.`,
  notCsv: "Ce fichier n'est pas un fichier CSV (texte séparé par des points-virgules ou des virgules).",
  unreadable: (line: number | undefined) => `Le fichier CSV est mal formé${line ? ` (ligne ${line})` : ""} : vérifiez les guillemets et le nombre de colonnes.`,
  unknownHeader: (header: string, expected: string[]) => `Colonne inconnue : « ${header} ». Colonnes attendues : ${expected.join(", ")}.`,
  duplicateHeader: (header: string) => `La colonne « ${header} » apparaît deux fois.`,
  missingHeaders: (headers: string[]) => `${pluralForm(headers.length, { one: "Colonne manquante", other: "Colonnes manquantes" })} : ${headers.join(", ")}.`,
  duplicateRow: (line: number) => `Cette ligne a la même clé que la ligne ${line}.`,
  refused: (n: number) => `${countOf(n, { one: "ligne contient", other: "lignes contiennent" })} des erreurs : rien n'a été importé.`,
  unknownIntent: "Action inconnue.",
  gone: "Une ligne à mettre à jour a été supprimée entre-temps : rien n'a été importé, importez le fichier de nouveau.",
  saveError: "Une erreur est survenue pendant l'import : rien n'a été importé.",
  unchanged: "Aucun changement.",
  goesLive: (was: string) => `Mise en ligne dès l'import : ${was}.`,
  clears: (column: string, was: string) => `Efface « ${column} » (${was}) : la programmation est supprimée.`,
  done: (created: number, updated: number) =>
    `${countOf(created, { one: "ligne créée", other: "lignes créées" })}, ${countOf(updated, { one: "ligne mise à jour", other: "lignes mises à jour" })}.`,
} as const;

/** `skip`: a line that would write nothing (a price already known, issue #39 item 6); the lists' imports have none. */
export type CsvRowStatus = "create" | "update" | "error" | "skip";
export const CSV_STATUS_LABELS: Record<CsvRowStatus, string> = { create: "À créer", update: "À mettre à jour", error: "Erreur", skip: "Déjà connu, ignoré" };

export interface CsvRowIssue {
  line: number;
  /** the column's header, or null for the whole row */
  column: string | null;
  message: string;
}

/** A cell of a row to update: its value in the file and, when the import changes it, the value it replaces. */
export interface CsvCellChange {
  column: string;
  value: string;
  /** the current value (as an export writes it), only when the cell changes it */
  before?: string;
}

export interface CsvPreviewRow {
  line: number;
  status: CsvRowStatus;
  label: string;
  errors: CsvRowIssue[];
  /** « À mettre à jour »: every cell, the changed ones with their current value (issue #37 item 4) */
  cells?: CsvCellChange[];
  /** what the row does that the public sees at once: it goes live, it clears a schedule (shown in red) */
  warnings?: string[];
}

export interface CsvPreview {
  rows: CsvPreviewRow[];
  summary: Record<Exclude<CsvRowStatus, "skip">, number> & { skip?: number };
}

/** The preview's one-line count: « 2 à créer, 0 à mettre à jour, 1 en erreur » (and the lines ignored, when an import has them). */
export function csvSummaryText(summary: CsvPreview["summary"]): string {
  const skipped = summary.skip === undefined ? "" : `, ${countOf(summary.skip, { one: "déjà connu (ignoré)", other: "déjà connus (ignorés)" })}`;
  return `${summary.create} à créer, ${summary.update} à mettre à jour${skipped}, ${summary.error} en erreur.`;
}

/** « Oui » / « Non » in a file (also 1/0, true/false, x): the form's checkbox value. */
export function yesNoCell(value: string): string {
  return /^(oui|o|yes|y|true|vrai|1|x)$/i.test(value.trim()) ? "on" : "";
}

/** A day typed in a file, 2026-03-31 or 31/03/2026 (as Excel rewrites it): the form's yyyy-mm-dd, or the text unchanged (the schema refuses it). */
export function dayCell(value: string): string {
  const v = value.trim();
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  return fr ? `${fr[3]}-${fr[2].padStart(2, "0")}-${fr[1].padStart(2, "0")}` : v;
}

/** A date and time typed in a file, "2026-03-31 10:00", "2026-03-31T10:00" or "31/03/2026 10:00": the form's datetime-local value, or the text unchanged (the schema refuses it). */
export function dateTimeCell(value: string): string {
  const v = value.trim();
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ T](\d{1,2}):(\d{2})$/.exec(v);
  if (fr) return `${fr[3]}-${fr[2].padStart(2, "0")}-${fr[1].padStart(2, "0")}T${fr[4].padStart(2, "0")}:${fr[5]}`;
  const iso = /^(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})$/.exec(v);
  return iso ? `${iso[1]}T${iso[2].padStart(2, "0")}:${iso[3]}` : v;
}

/** A decimal typed the French way (8,5) or not (8.5). */
export function decimalCell(value: string): string {
  return value.trim().replace(/\s/g, "").replace(",", ".");
}

/** A decimal written the French way (8,5). */
export function frenchDecimal(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value).replace(".", ",");
}
