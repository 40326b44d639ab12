/**
 * Dates in French, the way every date of the site is written.
 *
 * « 1er » for the first day of a month (« 1er mai 2027 », « vendredi 1er mai »): French writes
 * the first day as an ordinal, every other day as a plain number. `withFirstOfMonth` is the one
 * place that rule lives; both date formatters (formatParis with date-fns, formatParisDay with
 * Intl) apply it to what they write.
 */

/** A lone « 1 » (not 11, 21 or 31) followed by a French month name or its abbreviation. */
const FIRST_OF_MONTH = /(?<![\d,.\u202f])1(?=[ \u00a0](?:janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc))/g;

/** A French date with its first day of a month written « 1er » (« 1 juin 2027 » → « 1er juin 2027 »). */
export function withFirstOfMonth(text: string): string {
  return text.replace(FIRST_OF_MONTH, "1er");
}

/**
 * « 30 juin 2027 »: an instant's day in Paris, in French, with the browser's
 * and Node's own Intl (no date library shipped to public pages, issue #16).
 * The same text as formatParis(…, "d MMMM yyyy") (paris-day.test.ts).
 */
const DAY = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" });

export function formatParisDay(instant: string | Date): string {
  return withFirstOfMonth(DAY.format(typeof instant === "string" ? new Date(instant) : instant));
}
