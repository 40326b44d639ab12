import { and, desc, eq, gte, or, sql } from "drizzle-orm";
import { priceObservations } from "../../../db/schema";
import type { PriceSource } from "../../../db/constants";
import type { Tx } from "~/modules/admin/csv.server";
import type { Db } from "~/lib/db.server";
import { parsePrice } from "~/modules/offers/offers";
import { stepPriceAlerts } from "./price-alerts.server";
import { productKey } from "./product-key";
import type { PriceObservation } from "./reference-price";

/**
 * The price history (issue #39 item 1, ADR 049): observations written in the
 * transaction of the deal or offer they come from, and read by product key.
 */

export interface ObservationInput {
  /** the product's link: its product key (productKey); no key, no observation */
  url: string | null | undefined;
  /** the price as typed (« 19,99€ ») */
  price: string;
  source: PriceSource;
  /** the deal's or offer's id */
  sourceId?: string | null;
  currency?: string;
  /** default: the transaction's time (the deal's published_at default), so a deal's own price is never its history */
  observedAt?: Date;
  gtin?: string | null;
}

/** A typed price in cents, or null when it does not read as a price. */
export function priceCents(text: string | null | undefined): number | null {
  const euros = text ? parsePrice(text) : null;
  return euros === null || euros < 0 ? null : Math.round(euros * 100);
}

/**
 * Record a product's price inside the caller's transaction. Not written when
 * the link has no product key, the price does not read, or it repeats the
 * latest observation of the same product at the same merchant (price and
 * currency). Writes of one product take turns (a transaction lock on its key),
 * so two saves at once never store the same repeat twice. A stored price steps the product's price alerts
 * (stepPriceAlerts). Returns whether a row was written.
 */
export async function recordPriceObservation(tx: Tx, input: ObservationInput): Promise<boolean> {
  const product = productKey(input.url);
  const cents = priceCents(input.price);
  if (!product || cents === null) return false;
  const currency = input.currency ?? "EUR";
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price:${product.key}`}))`);
  const [latest] = await tx
    .select({ priceCents: priceObservations.priceCents, currency: priceObservations.currency })
    .from(priceObservations)
    .where(and(eq(priceObservations.productKey, product.key), eq(priceObservations.merchant, product.merchant)))
    .orderBy(desc(priceObservations.observedAt))
    .limit(1);
  if (latest && latest.priceCents === cents && latest.currency === currency) return false;
  const [row] = await tx
    .insert(priceObservations)
    .values({
      productKey: product.key,
      merchant: product.merchant,
      priceCents: cents,
      currency,
      source: input.source,
      sourceId: input.sourceId ?? null,
      gtin: input.gtin ?? null,
      ...(input.observedAt ? { observedAt: input.observedAt } : {}),
    })
    .returning({ id: priceObservations.id });
  // the product's price alerts, under the same lock: a drop under a threshold queues its mail (ADR 049 §Alerts)
  await stepPriceAlerts(tx, { id: row.id, productKey: product.key, priceCents: cents, currency });
  return true;
}

export interface KeyedObservation extends PriceObservation {
  productKey: string;
  sourceId: string | null;
}

/**
 * The observations of several products, each from its own date on, in ONE query
 * on price_observations_product_time_idx (a page of deals: ADR 049). Keyed by product key, oldest first.
 */
export async function observationsSince(db: Db | Tx, since: ReadonlyMap<string, Date>): Promise<Map<string, KeyedObservation[]>> {
  const byKey = new Map<string, KeyedObservation[]>();
  if (since.size === 0) return byKey;
  const rows = await db
    .select({
      productKey: priceObservations.productKey,
      priceCents: priceObservations.priceCents,
      currency: priceObservations.currency,
      observedAt: priceObservations.observedAt,
      sourceId: priceObservations.sourceId,
    })
    .from(priceObservations)
    .where(or(...[...since].map(([key, from]) => and(eq(priceObservations.productKey, key), gte(priceObservations.observedAt, from)))))
    .orderBy(priceObservations.productKey, priceObservations.observedAt);
  for (const row of rows) {
    const list = byKey.get(row.productKey);
    if (list) list.push(row);
    else byKey.set(row.productKey, [row]);
  }
  return byKey;
}
