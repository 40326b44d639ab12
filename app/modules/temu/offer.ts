/**
 * The /temu offer's texts, derived from its settings (issue #11 item 6):
 * the period it is valid ("du 14 au 25 mai 2025", Paris dates) and the
 * cashback bonus, promised only once cashback exists. Client-safe.
 */
import { frenchNumber } from "#app/lib/french-number";
import { formatParis, toParisDateInput } from "#app/modules/settings/paris-time";

/** A Paris date in French, "1er" for the first of the month: "14", "14 mai", "1er mai 2025" (formatParis writes "1er" before a month; a day alone, "du 1er au 5 mai", is done here). */
function frenchDay(instant: string, pattern: "d" | "d MMMM" | "d MMMM yyyy"): string {
  return formatParis(instant, pattern).replace(/^1$/, "1er");
}

/** "du 14 au 25 mai 2025", "du 28 avril au 5 mai 2025", "du 28 décembre 2025 au 4 janvier 2026" (Paris dates, French). */
export function offerPeriod(startsAt: string, endsAt: string): string {
  const [sy, sm] = toParisDateInput(startsAt).split("-");
  const [ey, em] = toParisDateInput(endsAt).split("-");
  const start = frenchDay(startsAt, sy !== ey ? "d MMMM yyyy" : sm !== em ? "d MMMM" : "d");
  return `du ${start} au ${frenchDay(endsAt, "d MMMM yyyy")}`;
}

/** The cashback bonus to announce: none while cashback is not launched (no reduction the shopper cannot get). */
export function announcedBonus(bonusPercent: number, cashbackLaunched: boolean): number | null {
  return cashbackLaunched && bonusPercent > 0 ? bonusPercent : null;
}

/** "+20 % de cashback" with French spacing. */
export function bonusLabel(percent: number): string {
  return `+${frenchNumber(percent)}\u00a0% de cashback`;
}

/** schema.org Offer validity, as Paris calendar dates. */
export function offerValidity(startsAt: string, endsAt: string) {
  return { validFrom: toParisDateInput(startsAt), validThrough: toParisDateInput(endsAt) };
}
