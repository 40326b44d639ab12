/**
 * Both versions of an edit conflict, field by field (issue #17, item 6): what
 * the form holds (yours) against the row as it is now (theirs), compared as
 * the form would hold them, shown only where they differ.
 */
export interface ConflictField {
  /** the form field's name */
  name: string;
  label: string;
  /** the row's value as the form would hold it; by default the column of the same name */
  fromRow?: (row: Record<string, unknown>) => string;
  /** a checkbox: "on" when ticked, read « Oui » / « Non » */
  checkbox?: boolean;
  /** how a form value reads (a select's id becomes its label) */
  show?: (value: string) => string;
}

export interface ConflictRow {
  name: string;
  label: string;
  yours: string;
  theirs: string;
}

const EMPTY = "—";

function rowValue(field: ConflictField, row: Record<string, unknown>): string {
  if (field.fromRow) return field.fromRow(row);
  const value = row[field.name];
  if (field.checkbox) return value ? "on" : "";
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function formValue(field: ConflictField, form: FormData): string {
  const value = form.get(field.name);
  if (field.checkbox) return value ? "on" : "";
  return typeof value === "string" ? value : "";
}

/** Numbers typed « 5 » and stored « 5.00 » are the same value; line endings and edge spaces do not count. */
function same(a: string, b: string) {
  const x = a.replace(/\r\n/g, "\n").trim();
  const y = b.replace(/\r\n/g, "\n").trim();
  if (x === y) return true;
  const n = (s: string) => (/^-?\d+([.,]\d+)?$/.test(s) ? Number(s.replace(",", ".")) : NaN);
  return !Number.isNaN(n(x)) && n(x) === n(y);
}

function read(field: ConflictField, value: string) {
  if (field.checkbox) return value ? "Oui" : "Non";
  const shown = value && field.show ? field.show(value) : value;
  return shown.trim() ? shown : EMPTY;
}

/** The fields whose value in the form differs from the current row. */
export function conflictRows(fields: ConflictField[], form: FormData, current: Record<string, unknown>): ConflictRow[] {
  return fields.flatMap((field) => {
    const yours = formValue(field, form);
    const theirs = rowValue(field, current);
    return same(yours, theirs) ? [] : [{ name: field.name, label: field.label, yours: read(field, yours), theirs: read(field, theirs) }];
  });
}

/** A select of rows: its id reads as the row's name. */
export const choiceLabel = (choices: ReadonlyArray<{ id: string; name: string }>) => (id: string) => choices.find((c) => c.id === id)?.name ?? id;
