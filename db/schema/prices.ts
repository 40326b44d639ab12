import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts";
import { sqlList } from "../../app/lib/state-machine";
import { PRICE_SOURCES, type PriceSource } from "../constants";

/* ------------------------------------------------------------------ */
/* Price truth (issue #39, ADR 049)                                    */
/* ------------------------------------------------------------------ */

/**
 * A product's price as seen at one moment, at one merchant: the history the
 * lawful 30-day reference price is read from (referencePrice,
 * app/modules/prices/reference-price.ts). Only changes are stored: a price equal
 * to the latest one of the same product and merchant is not written again
 * (recordPriceObservation), so a price holds until the next row.
 */
export const priceObservations = pgTable(
  "price_observations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the canonical product URL: registrable domain + path, no query (productKey, app/modules/prices/product-key.ts) */
    productKey: text("product_key").notNull(),
    /** the merchant's registrable domain (`nuxe.com`) */
    merchant: text("merchant").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** ISO 4217, upper case */
    currency: text("currency").notNull().default("EUR"),
    observedAt: timestamp("observed_at", { withTimezone: true }).notNull().defaultNow(),
    source: text("source").$type<PriceSource>().notNull(),
    /** the deal's or offer's id the price was read from (no foreign key: the history outlives them) */
    sourceId: uuid("source_id"),
    /** the product's GTIN/EAN when known: it will join the keys of one product (ADR 049) */
    gtin: text("gtin"),
  },
  (t) => [
    check("price_observations_source_check", sql`${t.source} in (${sql.raw(sqlList(PRICE_SOURCES))})`),
    check("price_observations_price_check", sql`${t.priceCents} >= 0`),
    check("price_observations_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    /** a page of deals reads its reference prices by product and time in one query (ADR 049) */
    index("price_observations_product_time_idx").on(t.productKey, t.observedAt),
  ],
);

/**
 * Two product keys that are one product, merged in the back office (issue #39
 * item 6, ADR 049): the observations of `alias_key` were moved to
 * `product_key`, and every later read or write of `alias_key` goes to
 * `product_key` (recordPriceObservation, observationsSince). Never chained: a
 * merge into a key re-points the aliases of the merged one.
 */
export const priceKeyAliases = pgTable(
  "price_key_aliases",
  {
    aliasKey: text("alias_key").primaryKey(),
    productKey: text("product_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [check("price_key_aliases_distinct_check", sql`${t.aliasKey} <> ${t.productKey}`), index("price_key_aliases_product_idx").on(t.productKey)],
);
