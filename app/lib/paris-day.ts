/**
 * « 30 juin 2027 »: an instant's day in Paris, in French, with the browser's
 * and Node's own Intl (no date library shipped to public pages, issue #16).
 * The same text as date-fns' "d MMMM yyyy" in the fr locale (paris-day.test.ts).
 */
const DAY = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric" });

export function formatParisDay(instant: string | Date): string {
  return DAY.format(typeof instant === "string" ? new Date(instant) : instant);
}
