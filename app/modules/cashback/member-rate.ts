/**
 * The member-facing cashback rate (ADR 015). Client-safe: no server imports.
 *
 * A programme's rate is what the network pays us (percent of the basket or a
 * fixed amount); the member sees that rate times the programme's member share,
 * floored so that we never promise more than we pass on: 10 % × 70 % = 7 %,
 * 3,33 % × 70 % = 2,33 % (2,331 floored), 5,00 € × 70 % = 3,50 €.
 */

/** Default member share, in basis points: 70 % of the commission. */
export const DEFAULT_MEMBER_SHARE_BPS = 7000;

export interface RateValue {
  /** the network's rate, numeric text as stored ("10.00"), or null for a fixed amount */
  displayPercent: string | null;
  displayFixedCents: number | null;
}

export type MemberRate = { kind: "percent"; hundredths: number } | { kind: "fixed"; cents: number };

/** "10.5" → 1050 hundredths of a percent, exactly (no float arithmetic on the stored text). */
export function percentToHundredths(text: string): number {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\d*\s*$/.exec(text);
  if (!match) throw new Error(`not a percentage: ${text}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** The member's part of one rate, floored (integer arithmetic). */
export function memberRate(rate: RateValue, shareBps: number): MemberRate {
  if (rate.displayPercent !== null) {
    return { kind: "percent", hundredths: Math.floor((percentToHundredths(rate.displayPercent) * shareBps) / 10000) };
  }
  return { kind: "fixed", cents: Math.floor(((rate.displayFixedCents ?? 0) * shareBps) / 10000) };
}

const PERCENT = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });
const EUROS = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "7 %", "2,33 %", "3,50 €" (French format, non-breaking space). */
export function formatMemberRate(rate: MemberRate): string {
  if (rate.kind === "percent") return `${PERCENT.format(rate.hundredths / 100)}\u00a0%`;
  return `${EUROS.format(rate.cents / 100)}\u00a0€`;
}

/**
 * The best of several member rates: the highest percentage when there is one
 * (a basket percentage is what cards compare), else the highest fixed amount.
 */
export function bestMemberRate(rates: MemberRate[]): MemberRate | null {
  const percents = rates.filter((r) => r.kind === "percent");
  if (percents.length > 0) return percents.reduce((a, b) => (b.hundredths > a.hundredths ? b : a));
  const fixed = rates.filter((r) => r.kind === "fixed");
  if (fixed.length > 0) return fixed.reduce((a, b) => (b.cents > a.cents ? b : a));
  return null;
}

/** What a brand card shows once cashback is launched: "7 % de cashback", "Jusqu'à 7 % de cashback". */
export function cashbackLabel(best: MemberRate, rateCount: number): string {
  return `${rateCount > 1 ? "Jusqu'à " : ""}${formatMemberRate(best)} de cashback`;
}
