/**
 * The lawful reference price of an announced reduction (issue #39 item 2,
 * ADR 049): Article L112-1-1 of the Code de la consommation and the Court of
 * Justice's Aldi Süd judgment (C-330/23, 26 September 2024). Pure and
 * client-safe: no server import, no date library.
 */

/** One price of the product at its merchant, from `observedAt` until the next observation. */
export interface PriceObservation {
  priceCents: number;
  /** ISO 4217 */
  currency: string;
  observedAt: Date;
}

export interface ReferencePriceOptions {
  /** the price announced at `at`: whether it goes on with a run of successive reductions, and the reduction */
  priceCents?: number;
  /** its currency; refused when it differs from the history's */
  currency?: string;
  /** the lawful window: 30 days */
  windowDays?: number;
  /** a run of successive reductions counts when its first reduction is at most this many days before `at` */
  seriesDays?: number;
  /** an observation before a window holds into it for at most this many days (only changes are stored) */
  holdDays?: number;
}

const REFERENCE_WINDOW_DAYS = 30;
const SERIES_DAYS = 60;
const HOLD_DAYS = 30;
/** How far back a reader loads observations for `referencePrice` at `at`, with the default options. */
export const REFERENCE_LOOKBACK_DAYS = SERIES_DAYS + REFERENCE_WINDOW_DAYS + HOLD_DAYS;

export type ReferencePrice =
  /** no observation in effect during the window: nothing to compare with */
  | { kind: "none" }
  /** observations (or the announced price) in more than one currency: never compared */
  | { kind: "mixed-currencies"; currencies: string[] }
  | {
      kind: "reference";
      currency: string;
      /** what a reduction announced at `at` is computed from */
      referenceCents: number;
      /** the lowest price in effect during the 30 days before `at` */
      lowCents: number;
      /** the last time in those 30 days the product was at that low (the window's start for a price held into it) */
      lowSeenAt: Date;
      /** the reference is the price before the first reduction of a run of successive reductions, above the 30-day low (then the run's start) */
      seriesSince: Date | null;
      /** the announced price's reduction from the reference, in whole percent rounded down; 0 when it is no reduction; null without an announced price */
      reductionPercent: number | null;
    };

const DAY_MS = 86_400_000;

interface Low {
  cents: number;
  seenAt: Date;
}

/** The lowest price in effect during [from, to): the observations in it, and the last one before it held into it (≤ holdDays). */
function lowInEffect(sorted: readonly PriceObservation[], from: number, to: number, holdMs: number): Low | null {
  let low: Low | null = null;
  let carried: PriceObservation | null = null;
  for (const o of sorted) {
    const t = o.observedAt.getTime();
    if (t >= to) break;
    if (t < from) {
      carried = t >= from - holdMs ? o : null;
      continue;
    }
    if (!low || o.priceCents <= low.cents) low = { cents: o.priceCents, seenAt: o.observedAt };
  }
  if (carried && (!low || carried.priceCents < low.cents)) low = { cents: carried.priceCents, seenAt: new Date(from) };
  return low;
}

/**
 * The reference price of a reduction announced at `at`:
 * - the lowest price in effect during the 30 days before `at` (the observations
 *   in [at − 30 days, at), and the last one before them, which holds into the
 *   window for at most `holdDays`);
 * - successive reductions: when the announced price is below the last observed
 *   one and the observations before it fall without a rise (each strictly lower
 *   than the one before), the first of those reductions made no more than
 *   `seriesDays` before `at`, the reference is the one that run's first reduction
 *   had, the lowest price in effect during the 30 days before it, when that is
 *   above the 30-day low (a run whose first step was no reduction is no series);
 * - « none » when no price is in effect in that window, « mixed-currencies »
 *   when the history or the announced price has more than one currency.
 * The reduction is (reference − price) / reference, rounded down: a price at or
 * above the reference is a 0 % reduction (the Aldi case: 1,69 → 1,29 when the
 * product was already at 1,29 in the 30 days).
 */
export function referencePrice(observations: readonly PriceObservation[], at: Date, options: ReferencePriceOptions = {}): ReferencePrice {
  const windowMs = (options.windowDays ?? REFERENCE_WINDOW_DAYS) * DAY_MS;
  const seriesMs = (options.seriesDays ?? SERIES_DAYS) * DAY_MS;
  const holdMs = (options.holdDays ?? HOLD_DAYS) * DAY_MS;
  const atMs = at.getTime();
  const prior = observations.filter((o) => o.observedAt.getTime() < atMs).sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());

  // the run of successive reductions the announced price goes on with, if any
  let start = atMs;
  const last = prior.at(-1);
  if (options.priceCents !== undefined && last && options.priceCents < last.priceCents) {
    let i = prior.length - 1;
    while (i > 0 && prior[i - 1].priceCents > prior[i].priceCents && prior[i].observedAt.getTime() >= atMs - seriesMs) i--;
    if (i < prior.length - 1) start = prior[i + 1].observedAt.getTime();
  }
  const earliest = Math.min(start, atMs) - windowMs - holdMs;
  const currencies = new Set(prior.filter((o) => o.observedAt.getTime() >= earliest).map((o) => o.currency));
  if (options.currency) currencies.add(options.currency);
  if (currencies.size > 1) return { kind: "mixed-currencies", currencies: [...currencies].sort() };

  const low = lowInEffect(prior, atMs - windowMs, atMs, holdMs);
  if (!low) return { kind: "none" };
  // the run's reference counts only when it is above the 30-day low: a run whose first step was no reduction is no series of reductions
  const runLow = start < atMs ? lowInEffect(prior, start - windowMs, start, holdMs) : null;
  const reference = runLow && runLow.cents > low.cents ? runLow : low;
  const price = options.priceCents;
  return {
    kind: "reference",
    currency: [...currencies][0] ?? "EUR",
    referenceCents: reference.cents,
    lowCents: low.cents,
    lowSeenAt: low.seenAt,
    seriesSince: reference === runLow ? new Date(start) : null,
    reductionPercent: price === undefined ? null : price >= reference.cents || reference.cents <= 0 ? 0 : Math.floor(((reference.cents - price) * 100) / reference.cents),
  };
}
