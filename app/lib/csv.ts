/**
 * Writing CSV (claims export, back-office exports, ADR 029): one cell at a
 * time, quoted when needed, with spreadsheet formulas neutralised.
 */

/**
 * A number, amount, percentage or date as a spreadsheet reads it: an optional
 * sign, digits (thousands grouped by space, dot or no-break space), an
 * optional decimal part, an optional % or currency. A constant, never a
 * formula: « -10% », « +3,5 % », « -1 299,00 € », « -0.5 ».
 */
const PLAIN_VALUE = /^[+-]?(?:\d{1,3}(?:[ .\u00a0\u202f]\d{3})+|\d+)(?:[.,]\d+)?(?:[ \u00a0\u202f]?(?:%|€|EUR))?$/;

/** Whether a cell would start a formula in a spreadsheet: = + - @ (or tab, CR) at the start of anything but a plain number, amount, percentage or date. */
export function startsFormula(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text) && !PLAIN_VALUE.test(text);
}

/** A CSV cell: quoted when needed, and a formula neutralised with a leading ' (formula injection; numbers, amounts and percentages are left alone). */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (startsFormula(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line; `,` by default, `;` for the files French Excel opens directly. */
export const csvLine = (cells: (string | number | null | undefined)[], separator: "," | ";" = ",") => cells.map(csvCell).join(separator);
