import { cachedRead, digestKey } from "#app/lib/data-cache.server";
import { getDb } from "#app/lib/db.server";
import { formatMoney } from "#app/modules/ledger/ledger";
import { observationsSince, PRICE_HISTORY_TABLES, priceCents, type KeyedObservation } from "#app/modules/prices/observations.server";
import type { PriceTruth } from "#app/modules/prices/price-truth";
import { lowestPriceLabel } from "#app/modules/prices/lowest-price.server";
import { productKey } from "#app/modules/prices/product-key";
import { referencePrice, REFERENCE_LOOKBACK_DAYS } from "#app/modules/prices/reference-price";
import { formatParis } from "#app/modules/settings/paris-time";

/**
 * Every deal with a product key tells the truth about its price (issue #39
 * item 3, ADR 049): its 30-day low, the reduction computed from the lawful
 * reference price, a typed original price above it called out.
 */

export interface DealPrices {
  id: string;
  url: string;
  price: string;
  originalPrice: string | null;
  publishedAt: Date | null;
  createdAt: Date;
}

const DAY_MS = 86_400_000;
const money = (cents: number, currency: string) => formatMoney(cents / 100, currency);

/**
 * When the deal announced its current price: its own first observation at that
 * price since its last other price (an edit that kept the price announces
 * nothing new), else its publication.
 */
function announcedAt(deal: DealPrices, cents: number, observations: readonly KeyedObservation[]): Date {
  let at: Date | null = null;
  for (const o of observations) {
    if (o.sourceId !== deal.id) continue;
    if (o.priceCents !== cents) at = null;
    else at ??= o.observedAt;
  }
  return at ?? deal.publishedAt ?? deal.createdAt;
}

/** One deal's truth from its product's observations; null without a reference (no history, mixed currencies, no readable price). */
function dealPriceTruth(deal: DealPrices, observations: readonly KeyedObservation[]): PriceTruth | null {
  const cents = priceCents(deal.price);
  if (cents === null) return null;
  const ref = referencePrice(observations, announcedAt(deal, cents, observations), { priceCents: cents, currency: "EUR" });
  if (ref.kind !== "reference") return null;
  const original = priceCents(deal.originalPrice);
  const percent = ref.reductionPercent ?? 0;
  return {
    lowest: lowestPriceLabel(ref.lowCents, ref.currency),
    percent: percent > 0 ? `-${percent}\u00a0%` : null,
    reduction: percent,
    overstated: original !== null && original > ref.referenceCents,
    note:
      percent === 0
        ? `Pas une baisse : déjà vu à ${money(ref.lowCents, ref.currency)} le ${formatParis(ref.lowSeenAt, "d MMMM yyyy")}`
        : ref.seriesSince
          ? `Prix de référence : ${money(ref.referenceCents, ref.currency)}, avant une série de baisses commencée le ${formatParis(ref.seriesSince, "d MMMM yyyy")}`
          : null,
  };
}

/**
 * The truth of a page of deals, by deal id: their products' observations read
 * in ONE query (by product key, from each deal's date less what the reference
 * needs: REFERENCE_LOOKBACK_DAYS). Deals without a product key or a reference are left out.
 * The same for every visitor: kept in the data cache, keyed by what it reads of the deals,
 * until the price history changes (a truth does not depend on the clock).
 */
export async function dealPriceTruths(deals: readonly DealPrices[]): Promise<Map<string, PriceTruth>> {
  const keys = new Map<string, string>();
  const since = new Map<string, Date>();
  for (const deal of deals) {
    const product = productKey(deal.url);
    if (!product) continue;
    keys.set(deal.id, product.key);
    const from = new Date((deal.publishedAt ?? deal.createdAt).getTime() - REFERENCE_LOOKBACK_DAYS * DAY_MS);
    const known = since.get(product.key);
    if (!known || from < known) since.set(product.key, from);
  }
  if (since.size === 0) return new Map();
  const cacheKey = digestKey(
    "price-truth",
    deals.map((d) => [d.id, d.url, d.price, d.originalPrice ?? "", d.publishedAt?.getTime() ?? "", d.createdAt.getTime()].join("\u0001")),
  );
  return new Map(
    await cachedRead(cacheKey, PRICE_HISTORY_TABLES, async () => {
      const observations = await observationsSince(await getDb(), since);
      const truths: Array<[string, PriceTruth]> = [];
      for (const deal of deals) {
        const key = keys.get(deal.id);
        const truth = key ? dealPriceTruth(deal, observations.get(key) ?? []) : null;
        if (truth) truths.push([deal.id, truth]);
      }
      return truths;
    }),
  );
}

/** Deals shaped for the client (toPublicDeal) with their `priceTruth`, from the rows they came from. */
export async function withPriceTruth<T extends { id: string }>(rows: readonly DealPrices[], deals: readonly T[]): Promise<(T & { priceTruth: PriceTruth | null })[]> {
  const truths = await dealPriceTruths(rows);
  return deals.map((d) => ({ ...d, priceTruth: truths.get(d.id) ?? null }));
}
