import { and, desc, eq, gte } from "drizzle-orm";
import { priceKeyAliases, priceObservations } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { DomainError } from "#app/lib/errors";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { formatMoney } from "#app/modules/ledger/ledger";
import { formatParis } from "#app/modules/settings/paris-time";
import { lockPriceKey, moveProductKeyIn, storedKey } from "./observations.server";
import { PRICE_ADMIN_MESSAGES as M, PRICE_ADMIN_ROWS } from "./price-admin";
import type { HistoryPeriod } from "./price-chart";
import { priceHistory } from "./price-history.server";
import { productKeyOf } from "./product-key";

/**
 * The back office's view of a product's price history and the merge of two
 * product keys that are one product (issue #39 item 6, ADR 049).
 */

type Actor = { id: string; email: string };
const DAY_MS = 86_400_000;
const SOURCE_LABELS: Record<string, string> = { deal: "Deal", offer: "Offre", import: "Import", extension: "Extension" };

/** A product's history as an admin reads it: the chart of the public pages, every observation of the period, the keys merged into it. */
export async function adminPriceHistory(query: string, now: Date, days: HistoryPeriod) {
  const q = query.trim();
  if (!q) return { query: q, error: null, product: null };
  const product = productKeyOf(q);
  if (!product) return { query: q, error: M.productUnreadable(q), product: null };
  const db = await getDb();
  const key = await storedKey(db, product.key);
  const from = new Date(now.getTime() - days * DAY_MS);
  const [history, rows, total, aliases] = await Promise.all([
    priceHistory(`https://${key}`, now, days),
    db
      .select({ id: priceObservations.id, priceCents: priceObservations.priceCents, currency: priceObservations.currency, observedAt: priceObservations.observedAt, source: priceObservations.source, gtin: priceObservations.gtin })
      .from(priceObservations)
      .where(and(eq(priceObservations.productKey, key), gte(priceObservations.observedAt, from)))
      .orderBy(desc(priceObservations.observedAt))
      .limit(PRICE_ADMIN_ROWS),
    db.$count(priceObservations, eq(priceObservations.productKey, key)),
    db.select({ aliasKey: priceKeyAliases.aliasKey, createdAt: priceKeyAliases.createdAt, gtin: priceKeyAliases.gtin }).from(priceKeyAliases).where(eq(priceKeyAliases.productKey, key)).orderBy(priceKeyAliases.aliasKey),
  ]);
  return {
    query: q,
    error: null,
    product: {
      key,
      asked: product.key,
      merchant: product.merchant,
      total,
      history,
      rows: rows.map((r) => ({ id: r.id, at: formatParis(r.observedAt, "dd/MM/yyyy HH:mm"), price: formatMoney(r.priceCents / 100, r.currency), source: SOURCE_LABELS[r.source] ?? r.source, gtin: r.gtin })),
      aliases: aliases.map((a) => ({ key: a.aliasKey, at: formatParis(a.createdAt, "dd/MM/yyyy HH:mm"), gtin: a.gtin })),
    },
  };
}


/**
 * Merge two product keys that are one product: the observations of `from` move
 * to `into`, `from` becomes an alias of `into` (its later observations and
 * reads go to `into`), the keys merged into `from` before now point to `into`,
 * and one audit entry says so, in ONE transaction. Both keys must be of one
 * merchant: the reference price is one seller's (ADR 049).
 */
export async function mergeProductKeys(actor: Actor, fromText: string, intoText: string): Promise<{ moved: number; from: string; into: string }> {
  const from = productKeyOf(fromText);
  const into = productKeyOf(intoText);
  if (!from) throw new DomainError(fromText.trim() ? M.productUnreadable(fromText.trim()) : M.productRequired, 400, "from");
  if (!into) throw new DomainError(intoText.trim() ? M.productUnreadable(intoText.trim()) : M.productRequired, 400, "into");
  if (from.key === into.key) throw new DomainError(M.mergeSame, 400, "into");
  if (from.merchant !== into.merchant) throw new DomainError(M.mergeMerchants(from.merchant, into.merchant), 400, "into");
  const db = await getDb();
  return db.transaction(async (tx) => {
    // the order recordPriceObservation takes them in: the key merged away, then the one it joins
    await lockPriceKey(tx, from.key);
    const fromStored = await storedKey(tx, from.key);
    if (fromStored !== from.key) throw new DomainError(M.mergeAlreadyAlias(from.key, fromStored), 409, "from");
    const target = await storedKey(tx, into.key);
    if (target === from.key) throw new DomainError(M.mergeAlreadyAlias(into.key, from.key), 409, "into");
    await lockPriceKey(tx, target);
    const { moved, alerts, repointed } = await moveProductKeyIn(tx, from.key, target, { createdBy: actor.id });
    if (moved === 0) throw new DomainError(M.mergeEmpty(from.key), 404, "from");
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "price_observations",
      entityId: target,
      before: { productKey: from.key, observations: moved, aliases: repointed },
      after: { productKey: target, aliases: [from.key, ...repointed], alerts },
    });
    return { moved, from: from.key, into: target };
  });
}
