import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
