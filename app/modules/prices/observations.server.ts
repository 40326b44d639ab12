import { and, asc, desc, eq, gt, lte, sql } from "drizzle-orm";
import { priceAlerts, priceKeyAliases, priceObservations } from "#db/schema";
import type { PriceSource } from "#db/constants";
import type { Tx } from "#app/modules/admin/csv.server";
import type { Db } from "#app/lib/db.server";
import { parsePrice } from "#app/modules/offers/offers";
import type { ObservedPrice } from "./price-alerts";
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

/** The key a product's observations are stored under: its own, or the one it was merged into (price_key_aliases, ADR 049). */
export async function storedKey(tx: Db | Tx, key: string): Promise<string> {
  const [alias] = await tx.select({ productKey: priceKeyAliases.productKey }).from(priceKeyAliases).where(eq(priceKeyAliases.aliasKey, key));
  return alias?.productKey ?? key;
}

/** Writes of one product key take turns: the observations of a key, a merge of it (a transaction lock). */
export async function lockPriceKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`price:${key}`}))`);
}

/**
 * Take a typed product key's turn, then the turn of the key it is stored under (the order a merge takes them
 * in: mergeProductKeys), and return that stored key.
 */
export async function lockStoredKey(tx: Tx, key: string): Promise<string> {
  await lockPriceKey(tx, key);
  const stored = await storedKey(tx, key);
  if (stored !== key) await lockPriceKey(tx, stored);
  return stored;
}

/**
 * Make `from` an alias of `target` inside the caller's transaction, both keys' turns taken (a merge in the back
 * office, a join by GTIN): its observations move to `target`, the members' alerts follow the product (a member
 * who followed both keeps the alert of `target`: one per member and product), the keys merged into `from` before
 * now point to `target` (no chains). Returns what moved.
 */
export async function moveProductKeyIn(tx: Tx, from: string, target: string, by: { createdBy?: string | null; gtin?: string }) {
  const moved = await tx.update(priceObservations).set({ productKey: target }).where(eq(priceObservations.productKey, from)).returning({ id: priceObservations.id });
  await tx.execute(sql`delete from price_alerts a where a.product_key = ${from}
    and exists (select 1 from price_alerts b where b.user_id = a.user_id and b.product_key = ${target})`);
  const alerts = await tx.update(priceAlerts).set({ productKey: target }).where(eq(priceAlerts.productKey, from)).returning({ id: priceAlerts.id });
  const repointed = await tx.update(priceKeyAliases).set({ productKey: target }).where(eq(priceKeyAliases.productKey, from)).returning({ aliasKey: priceKeyAliases.aliasKey });
  await tx.insert(priceKeyAliases).values({ aliasKey: from, productKey: target, createdBy: by.createdBy ?? null, gtin: by.gtin ?? null });
  return { moved: moved.length, alerts: alerts.length, repointed: repointed.map((a) => a.aliasKey) };
}

/**
 * The join by GTIN (ADR 049 §GTIN): a key not yet known under the GTIN `gtin` at `merchant`, while another key of
 * that merchant is, becomes an alias of the key the GTIN was first seen under. One merchant only: the reference
 * price is one seller's. Called under the key's turn; takes the GTIN's turn first (see recordPriceObservation).
 */
async function joinByGtin(tx: Tx, key: string, merchant: string, gtin: string): Promise<string> {
  const [first] = await tx
    .select({ productKey: priceObservations.productKey })
    .from(priceObservations)
    .where(and(eq(priceObservations.gtin, gtin), eq(priceObservations.merchant, merchant)))
    .orderBy(asc(priceObservations.observedAt))
    .limit(1);
  if (!first || first.productKey === key) return key;
  const target = await storedKey(tx, first.productKey);
  if (target === key) return key;
  await lockPriceKey(tx, target);
  await moveProductKeyIn(tx, key, target, { gtin });
  return target;
}

/** A product's latest observed price, at one merchant or any, at or before a time (a price of the past) or now. */
export async function latestObservedPrice(tx: Db | Tx, key: string, where: { merchant?: string; at?: Date } = {}): Promise<ObservedPrice | null> {
  const [latest] = await tx
    .select({ priceCents: priceObservations.priceCents, currency: priceObservations.currency })
    .from(priceObservations)
    .where(
      and(
        eq(priceObservations.productKey, key),
        where.merchant === undefined ? undefined : eq(priceObservations.merchant, where.merchant),
        where.at ? lte(priceObservations.observedAt, where.at) : undefined,
      ),
    )
    .orderBy(desc(priceObservations.observedAt))
    .limit(1);
  return latest ?? null;
}

/**
 * Record a product's price inside the caller's transaction. Not written when
 * the link has no product key, the price does not read, or it repeats the
 * latest observation of the same product at the same merchant (price and
 * currency) at or before its time. Writes of one product take turns (a
 * transaction lock on its key), so two saves at once never store the same
 * repeat twice. A key merged into another (price_key_aliases) is written
 * under that other key. A stored price steps the product's price alerts
 * (stepPriceAlerts). Returns whether a row was written.
 */
export async function recordPriceObservation(tx: Tx, input: ObservationInput): Promise<boolean> {
  const product = productKey(input.url);
  const cents = priceCents(input.price);
  if (!product || cents === null) return false;
  const currency = input.currency ?? "EUR";
  // a GTIN's turn before any key's: two keys joining by one GTIN take turns (joinByGtin)
  if (input.gtin) await lockPriceKey(tx, `gtin:${product.merchant}:${input.gtin}`);
  let key = await lockStoredKey(tx, product.key);
  if (input.gtin && key === product.key) key = await joinByGtin(tx, key, product.merchant, input.gtin);
  // a price of the past (a CSV line) repeats the one in effect at its time, not the latest
  const latest = await latestObservedPrice(tx, key, { merchant: product.merchant, at: input.observedAt });
  if (latest && latest.priceCents === cents && latest.currency === currency) return false;
  const [row] = await tx
    .insert(priceObservations)
    .values({
      productKey: key,
      merchant: product.merchant,
      priceCents: cents,
      currency,
      source: input.source,
      sourceId: input.sourceId ?? null,
      gtin: input.gtin ?? null,
      ...(input.observedAt ? { observedAt: input.observedAt } : {}),
    })
    .returning({ id: priceObservations.id });
  // the product's price alerts, under the same lock: a drop under a threshold queues its mail (ADR 049 §Alerts);
  // a price of the past (a CSV line older than the latest price) is history, no drop to tell
  const later = input.observedAt
    ? await tx
        .select({ id: priceObservations.id })
        .from(priceObservations)
        .where(and(eq(priceObservations.productKey, key), gt(priceObservations.observedAt, input.observedAt)))
        .limit(1)
    : [];
  if (later.length === 0) await stepPriceAlerts(tx, { id: row.id, productKey: key, priceCents: cents, currency });
  return true;
}

/** What a result read from the price history follows in the data cache (their triggers notify: migration 0055). */
export const PRICE_HISTORY_TABLES = ["price_observations", "price_key_aliases"] as const;

export interface KeyedObservation extends PriceObservation {
  productKey: string;
  sourceId: string | null;
}

/** One observation as observationsSince reads it: price in cents, currency, epoch milliseconds, source id. */
type ObservationTuple = [number, string, number, string | null];

/**
 * The observations of several products, each from its own date on, in ONE query
 * (a page of deals: ADR 049): for each key, the key it was merged into when it was
 * (price_key_aliases), then one range of price_observations_product_time_idx (a lateral
 * aggregate per key: a nested loop of index range scans, whatever the table's size).
 * Keyed by the product keys asked for (none for a key without observations), oldest first.
 */
export async function observationsSince(db: Db | Tx, since: ReadonlyMap<string, Date>): Promise<Map<string, KeyedObservation[]>> {
  const byKey = new Map<string, KeyedObservation[]>();
  if (since.size === 0) return byKey;
  const wanted = sql.join(
    [...since].map(([key, from]) => sql`(${key}::text, ${from.toISOString()}::timestamptz)`),
    sql`, `,
  );
  // each key's observations as one JSON array (times in epoch milliseconds): a page of 24 deals reads some 800
  // observations, which the driver parses far faster as 24 JSON texts than as 800 rows of typed columns
  const result = (await db.execute(sql`
    select w.key as "productKey", o.observations
    from (values ${wanted}) as w (key, since)
    left join ${priceKeyAliases} a on a.alias_key = w.key
    cross join lateral (
      select json_agg(json_build_array(p.price_cents, p.currency, (extract(epoch from p.observed_at) * 1000)::float8, p.source_id) order by p.observed_at) as observations
      from ${priceObservations} p
      where p.product_key = coalesce(a.product_key, w.key) and p.observed_at >= w.since
    ) o
    where o.observations is not null`)) as unknown as { rows: Array<{ productKey: string; observations: ObservationTuple[] | string }> };
  for (const row of result.rows) {
    const tuples = typeof row.observations === "string" ? (JSON.parse(row.observations) as ObservationTuple[]) : row.observations;
    byKey.set(
      row.productKey,
      tuples.map(([cents, currency, ms, sourceId]) => ({ productKey: row.productKey, priceCents: Number(cents), currency, observedAt: new Date(ms), sourceId })),
    );
  }
  return byKey;
}
