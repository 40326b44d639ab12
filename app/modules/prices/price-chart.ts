/**
 * A product's price history chart (issue #39 item 4, ADR 049): the step line,
 * low, average and high of a period, from its observations. Pure and
 * client-safe: no import, so the deal page's bundle only takes its constants.
 */

/** The periods a shopper may choose, in days; `?historique=` reads them. */
export const HISTORY_PERIODS = [30, 90, 365] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];
export const HISTORY_PARAM = "historique";
const DEFAULT_PERIOD: HistoryPeriod = 90;

/** `?historique=30|90|365`; anything else is the default, 90 days. */
export function parseHistoryPeriod(value: string | null | undefined): HistoryPeriod {
  return HISTORY_PERIODS.find((days) => String(days) === value) ?? DEFAULT_PERIOD;
}

export const NO_PRICE_HISTORY = "Pas encore d'historique de prix";

/** The chart's drawing box, stretched to the page's width: PriceHistory's viewBox is `0 0 600 160` (app/components/catalogue/price-history.tsx). */
export const CHART_WIDTH = 600;
const CHART_HEIGHT = 160;
/** room above the high and below the low, so the line never touches the edges */
const PAD_Y = 12;
/** an observation before the period holds into it for at most this many days (as for referencePrice) */
export const HISTORY_HOLD_DAYS = 30;
const DAY_MS = 86_400_000;

interface Observation {
  priceCents: number;
  currency: string;
  observedAt: Date;
}

/** One price in effect during the period, from `from` (clamped to the period) to `to`. */
interface PriceStep {
  priceCents: number;
  /** when it was observed (before the period for a price held into it) */
  observedAt: Date;
  from: Date;
  to: Date;
}

export interface PriceChart {
  currency: string;
  steps: PriceStep[];
  lowCents: number;
  highCents: number;
  /** time-weighted: each price counts for as long as it held during the period, rounded to the cent */
  averageCents: number;
  /** the SVG path of the step line: a price holds until the next observation (`M x y H x V y … H x`) */
  path: string;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The chart of `[from, to)`: the prices in effect (observed in it, or the last one observed
 * before `from` within HISTORY_HOLD_DAYS), in the currency of the latest one (another currency is
 * never drawn on the same axis). Null when no price is in effect: « Pas encore d'historique de prix ».
 */
export function priceChart(observations: readonly Observation[], period: { from: Date; to: Date }): PriceChart | null {
  const start = period.from.getTime();
  const end = period.to.getTime();
  const sorted = observations.filter((o) => o.observedAt.getTime() < end).sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime());
  const currency = sorted.at(-1)?.currency;
  const held = sorted.filter((o) => o.currency === currency);
  const firstIn = held.findIndex((o) => o.observedAt.getTime() >= start);
  const before = (firstIn === -1 ? held : held.slice(0, firstIn)).at(-1);
  // a price observed at the period's very start replaces the one held into it
  const startsAtStart = firstIn !== -1 && held[firstIn].observedAt.getTime() === start;
  const inEffect = [
    ...(before && !startsAtStart && start - before.observedAt.getTime() <= HISTORY_HOLD_DAYS * DAY_MS ? [before] : []),
    ...(firstIn === -1 ? [] : held.slice(firstIn)),
  ];
  if (!currency || inEffect.length === 0) return null;

  const steps = inEffect.map((o, i) => ({
    priceCents: o.priceCents,
    observedAt: o.observedAt,
    from: new Date(Math.max(o.observedAt.getTime(), start)),
    to: inEffect[i + 1]?.observedAt ?? period.to,
  }));
  const prices = steps.map((s) => s.priceCents);
  const lowCents = Math.min(...prices);
  const highCents = Math.max(...prices);
  const spans = steps.map((s) => s.to.getTime() - s.from.getTime());
  const total = spans.reduce((sum, span) => sum + span, 0);
  const averageCents = total > 0 ? Math.round(steps.reduce((sum, s, i) => sum + s.priceCents * spans[i], 0) / total) : steps[steps.length - 1].priceCents;

  const x = (t: Date) => round(((t.getTime() - start) / Math.max(end - start, 1)) * CHART_WIDTH);
  // a flat history is drawn across the middle
  const y = (cents: number) =>
    highCents === lowCents ? CHART_HEIGHT / 2 : round(PAD_Y + ((highCents - cents) / (highCents - lowCents)) * (CHART_HEIGHT - 2 * PAD_Y));
  const path = steps
    .map((s, i) => (i === 0 ? `M${x(s.from)} ${y(s.priceCents)}` : `V${y(s.priceCents)}`) + `H${x(s.to)}`)
    .join("");
  return { currency, steps, lowCents, highCents, averageCents, path };
}

/** What the deal page draws: strings written on the server (amounts, dates), the path, the table's rows. */
export interface PriceHistoryView {
  days: HistoryPeriod;
  /** « Du 31 août 2026 au 29 nov. 2026 : plus bas 14,99 €, moyen 17,02 €, plus haut 29,98 € », or NO_PRICE_HISTORY */
  summary: string;
  chart: {
    /** the SVG's accessible name */
    label: string;
    path: string;
    low: string;
    average: string;
    high: string;
    /** the table: each price and the day it was first seen */
    rows: { date: string; price: string }[];
  } | null;
}
