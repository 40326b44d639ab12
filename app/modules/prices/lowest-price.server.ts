import { cachedRead, digestKey } from "#app/lib/data-cache.server";
import { getDb } from "#app/lib/db.server";
import { formatMoney } from "#app/modules/ledger/ledger";
import { observationsSince, PRICE_HISTORY_TABLES } from "./observations.server";
import { productKey } from "./product-key";
import { referencePrice, REFERENCE_LOOKBACK_DAYS } from "./reference-price";

/** « Prix le plus bas des 30 derniers jours : 16,99 € »: what every product with a reference price shows (ADR 049). */
export const lowestPriceLabel = (cents: number, currency: string) => `Prix le plus bas des 30 derniers jours : ${formatMoney(cents / 100, currency)}`;

/**
 * The 30-day low of products shown at `now` (an offer's card: its current price is part of it), by
 * product link, their observations read in ONE query; a link without a product key or a reference is left out.
 * The same for every visitor: kept in the data cache until the price history changes; the 30 days' sliding
 * start moves the answer by at most the cache's TTL, as the codes' 30-day figures do (code-feedback.server.ts).
 */
export async function lowestPriceLabels(urls: readonly (string | null)[], now: Date): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const url of urls) {
    const product = url ? productKey(url) : null;
    if (url && product) keys.set(url, product.key);
  }
  if (keys.size === 0) return new Map();
  const load = async () => {
    const from = new Date(now.getTime() - REFERENCE_LOOKBACK_DAYS * 86_400_000);
    const observations = await observationsSince(await getDb(), new Map([...new Set(keys.values())].map((key) => [key, from])));
    const labels: Array<[string, string]> = [];
    for (const [url, key] of keys) {
      const ref = referencePrice(observations.get(key) ?? [], now);
      if (ref.kind === "reference") labels.push([url, lowestPriceLabel(ref.lowCents, ref.currency)]);
    }
    return labels;
  };
  return new Map(await cachedRead(digestKey("lowest-price", keys.keys()), PRICE_HISTORY_TABLES, load, { now }));
}
