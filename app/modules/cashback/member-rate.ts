/**
 * The member-facing cashback rate (ADR 015). Client-safe: no server imports.
 *
 * A programme's rate is what the network pays us (percent of the basket or a
 * fixed amount); the member sees that rate times the programme's member share,
 * floored so that we never promise more than we pass on: 10 % × 70 % = 7 %,
 * 3,33 % × 70 % = 2,33 % (2,331 floored), 5,00 € × 70 % = 3,50 €.
 */

import { frenchNumber } from "#app/lib/french-number";
import { formatEuros } from "#app/modules/ledger/ledger";
import { parsePrice } from "#app/modules/offers/offers";

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

/** "7 %", "2,33 %", "3,50 €" (French format, non-breaking space). */
export function formatMemberRate(rate: MemberRate): string {
  if (rate.kind === "percent") return `${frenchNumber(rate.hundredths / 100, 2)}\u00a0%`;
  return formatEuros(rate.cents);
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

/**
 * Which of two rates is better, bestMemberRate's rule as an order (the « Meilleur cashback » sort,
 * issue #34 item 5): any percentage before any fixed amount, then the higher first. Negative: `a` first.
 */
export function compareMemberRates(a: MemberRate, b: MemberRate): number {
  if (a.kind !== b.kind) return a.kind === "percent" ? -1 : 1;
  return a.kind === "percent" ? (b as { hundredths: number }).hundredths - a.hundredths : (b as { cents: number }).cents - a.cents;
}

/** What a brand card shows once cashback is launched: "7 % de cashback", "Jusqu'à 7 % de cashback". */
export function cashbackLabel(best: MemberRate, rateCount: number): string {
  return `${rateCount > 1 ? "Jusqu'à " : ""}${formatMemberRate(best)} de cashback`;
}

/** One current rate of an active programme, with the base the programme computes it on. */
export interface RateOnBase {
  member: MemberRate;
  /** the programme's commission is on the amount excluding VAT and shipping */
  baseExcludesVat: boolean;
  /** the VAT rate a price is divided by for that base, in basis points (2000 = 20 %) */
  vatRateBps: number;
  /** while its programme is boosted (boost.ts): the member rate at the programme's usual share, and when the boost ends */
  boost?: { base: MemberRate; endsAt: Date } | null;
}

/** A brand's boosted rate: the best rate without the boost, shown « au lieu de », and the end of the boost paying the best. */
interface SummaryBoost {
  /** "7 %": the best rate the brand would show without its boosts */
  base: string;
  endsAt: Date;
}

/**
 * A brand's (or its offer's) cashback, derived from its active programmes' current
 * rates only (issue #34 item 1): the best member rate, whether there are several, and the
 * base of the programme that pays it. The one computation behind every rate shown.
 */
export interface CashbackSummary {
  best: MemberRate;
  /** "7 %", "3,50 €" */
  rate: string;
  /** the brand's current member rates differ: shown « Jusqu'à » */
  upTo: boolean;
  /** "7 % de cashback", "Jusqu'à 7 % de cashback" */
  label: string;
  baseExcludesVat: boolean;
  vatRateBps: number;
  /** the best rate is a boosted one (higher than the best without boosts), null otherwise */
  boost: SummaryBoost | null;
}

const rank = (r: MemberRate) => (r.kind === "percent" ? r.hundredths : r.cents);

/**
 * The summary of a brand's current rates (bestMemberRate's rule: the highest percentage,
 * else the highest fixed amount), or null when there is none or the best is worth nothing
 * (a 0 % rate promises nothing: no cashback is shown).
 */
export function summarizeRates(rates: readonly RateOnBase[]): CashbackSummary | null {
  const best = bestMemberRate(rates.map((r) => r.member));
  if (!best || rank(best) === 0) return null;
  // among equal best rates, the base that gives the smaller estimate (never promise more)
  const payers = rates.filter((r) => r.member.kind === best.kind && rank(r.member) === rank(best));
  const payer = payers.find((r) => r.baseExcludesVat) ?? payers[0];
  const distinct = new Set(rates.map((r) => formatMemberRate(r.member))).size;
  return {
    best,
    rate: formatMemberRate(best),
    upTo: distinct > 1,
    label: cashbackLabel(best, distinct),
    baseExcludesVat: payer.baseExcludesVat,
    vatRateBps: payer.vatRateBps,
    boost: summaryBoost(rates, best),
  };
}

/**
 * Whether a brand's best rate is boosted: the best without boosts (each boosted rate at its
 * usual share) is lower than the best. The boost ends, for the shopper, when the last boosted
 * rate as good as the best ends (never promise a date earlier than the rate really ends).
 */
function summaryBoost(rates: readonly RateOnBase[], best: MemberRate): SummaryBoost | null {
  const boosted = rates.filter((r) => r.boost);
  if (boosted.length === 0) return null;
  const base = bestMemberRate(rates.map((r) => r.boost?.base ?? r.member));
  if (!base || compareMemberRates(best, base) >= 0) return null;
  const ends = boosted.filter((r) => r.member.kind === best.kind && rank(r.member) === rank(best)).map((r) => r.boost!.endsAt.getTime());
  if (ends.length === 0) return null;
  return { base: formatMemberRate(base), endsAt: new Date(Math.max(...ends)) };
}

export interface CashbackEstimate {
  /** the member's cashback on this price, floored to the cent */
  cents: number;
  /** computed on the price divided by (1 + VAT): the network's base is excluding VAT and shipping */
  approximate: boolean;
  /** the best of several rates: at most this much */
  upTo: boolean;
}

/**
 * What the member gets back on a price (issue #34 item 3, ADR 006): a percentage applies to
 * the programme's base, so when the programme pays on the amount excluding VAT and shipping
 * the price (which includes VAT, not shipping) is divided by (1 + VAT) first, and the result
 * is only "environ"; a fixed amount is that amount whatever the price. Floored, in cents.
 */
export function estimateCashback(summary: CashbackSummary, regularPrice: string): CashbackEstimate | null {
  if (summary.best.kind === "fixed") return { cents: summary.best.cents, approximate: false, upTo: summary.upTo };
  const euros = parsePrice(regularPrice);
  if (euros === null || euros < 0) return null;
  const price = Math.round(euros * 100);
  const divisor = summary.baseExcludesVat ? 10000 + summary.vatRateBps : 10000;
  return { cents: Math.floor((price * summary.best.hundredths) / divisor), approximate: summary.baseExcludesVat, upTo: summary.upTo };
}


/**
 * The cashback line of an offer card: its brand's label, then what it is worth on the price,
 * never a struck-through price nobody can pay: "Jusqu'à 7 % de cashback, soit environ 5,19 €",
 * "7 % de cashback, soit 6,23 €" (base including VAT), "3,50 € de cashback" (a fixed amount).
 */
export function offerCashbackText(summary: CashbackSummary, regularPrice: string): string {
  const estimate = estimateCashback(summary, regularPrice);
  if (!estimate || summary.best.kind === "fixed") return summary.label;
  return `${summary.label}, soit ${estimate.approximate ? "environ " : ""}${formatEuros(estimate.cents)}`;
}
