/**
 * Writing CSV (claims export, back-office exports, ADR 029): one cell at a
 * time, quoted when needed, with spreadsheet formulas neutralised.
 */

/** A CSV cell: quoted when needed, and a leading = + - @ (or tab, CR) neutralised with ' (formula injection). */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line; `,` by default, `;` for the files French Excel opens directly. */
export const csvLine = (cells: (string | number | null | undefined)[], separator: "," | ";" = ",") => cells.map(csvCell).join(separator);
