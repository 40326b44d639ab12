/**
 * Pure helpers for the cashback block of a brand page (issue #12 item 2,
 * ADR 037 §Brand page). Client-importable: no database, no Node APIs.
 */
import { countOf } from "#app/lib/plural";

/** Enough of our own validated conversions to show an observed delay. */
const MIN_OBSERVED_CONVERSIONS = 20;
export const OBSERVED_WINDOW_DAYS = 180;
const FALLBACK_DELAY_TEXT = "Délai de validation : jusqu'à 90 jours";

/** Nearest-rank percentile (p in ]0, 100]) of values already sorted ascending. */
export function nearestRank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError("no values");
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export interface DelayEstimate {
  p50: number;
  p90: number;
  count: number;
}

/**
 * Median and 90th percentile (nearest rank, whole days rounded up) of the
 * validation delays in days, or null under MIN_OBSERVED_CONVERSIONS values.
 */
export function estimateValidationDelay(delaysInDays: readonly number[]): DelayEstimate | null {
  const values = delaysInDays.filter((d) => Number.isFinite(d) && d >= 0).map((d) => Math.ceil(d));
  if (values.length < MIN_OBSERVED_CONVERSIONS) return null;
  values.sort((a, b) => a - b);
  return { p50: nearestRank(values, 50), p90: nearestRank(values, 90), count: values.length };
}

const days = (n: number) => countOf(n, { one: "jour", other: "jours" });

/** The sentence of the block: observed, else declared, else "jusqu'à 90 jours". */
export function validationDelayText(estimate: DelayEstimate | null, declaredDays: number | null): string {
  if (estimate) return `Délai de validation constaté : ${days(estimate.p50)} (90 % des achats validés sous ${days(estimate.p90)})`;
  if (declaredDays) return `Délai de validation annoncé : ${days(declaredDays)}`;
  return FALLBACK_DELAY_TEXT;
}

/** The member's tracked link for a deal or code of a brand with a programme. */
export function activateHref(programId: string, target?: { dealId?: string; promoCodeId?: string }): string {
  const base = `/cashback/activer/${programId}`;
  if (target?.dealId) return `${base}?deal=${target.dealId}`;
  if (target?.promoCodeId) return `${base}?code=${target.promoCodeId}`;
  return base;
}
