import { getDb } from "#app/lib/db.server";
import { formatMoney } from "#app/modules/ledger/ledger";
import { formatParis } from "#app/modules/settings/paris-time";
import { observationsSince } from "./observations.server";
import { HISTORY_HOLD_DAYS, NO_PRICE_HISTORY, priceChart, type HistoryPeriod, type PriceHistoryView } from "./price-chart";
import { productKey } from "./product-key";

const DAY_MS = 86_400_000;
const DATE = "d MMM yyyy";

/**
 * A product's price history over the `days` before `now` (issue #39 item 4, ADR 049), read in ONE query on
 * price_observations_product_time_idx, written for the page. Null when the link has no product key.
 */
export async function priceHistory(url: string | null | undefined, now: Date, days: HistoryPeriod): Promise<PriceHistoryView | null> {
  const product = productKey(url);
  if (!product) return null;
  const from = new Date(now.getTime() - days * DAY_MS);
  const observations = await observationsSince(await getDb(), new Map([[product.key, new Date(from.getTime() - HISTORY_HOLD_DAYS * DAY_MS)]]));
  const chart = priceChart(observations.get(product.key) ?? [], { from, to: now });
  if (!chart) return { days, summary: NO_PRICE_HISTORY, chart: null };
  const money = (cents: number) => formatMoney(cents / 100, chart.currency);
  const [low, average, high] = [money(chart.lowCents), money(chart.averageCents), money(chart.highCents)];
  return {
    days,
    summary: `Du ${formatParis(from, DATE)} au ${formatParis(now, DATE)} : plus bas ${low}, moyen ${average}, plus haut ${high}`,
    chart: {
      label: `Historique du prix sur ${days} jours : au plus bas ${low}, en moyenne ${average}, au plus haut ${high}`,
      path: chart.path,
      low,
      average,
      high,
      rows: chart.steps.map((s) => ({ date: formatParis(s.observedAt, DATE), price: money(s.priceCents) })),
    },
  };
}
