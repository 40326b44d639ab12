import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sqlList } from "#app/lib/state-machine";
import { PRICE_SOURCES, type PriceSource } from "#db/constants";
import { user } from "./accounts";
import { crevardeDeals, offers } from "./catalogue";
import { timestamps } from "./shared";

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
    /** the product's GTIN/EAN when known: two keys of one merchant with the same GTIN are one product (ADR 049 §GTIN) */
    gtin: text("gtin"),
  },
  (t) => [
    check("price_observations_source_check", sql`${t.source} in (${sql.raw(sqlList(PRICE_SOURCES))})`),
    check("price_observations_price_check", sql`${t.priceCents} >= 0`),
    check("price_observations_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    /** a page of deals reads its reference prices by product and time in one query (ADR 049) */
    index("price_observations_product_time_idx").on(t.productKey, t.observedAt),
    /** the keys a merchant's GTIN is already known under (recordPriceObservation's join, ADR 049 §GTIN) */
    index("price_observations_gtin_idx").on(t.gtin, t.merchant, t.observedAt).where(sql`${t.gtin} is not null`),
  ],
);

/**
 * Two product keys that are one product, merged in the back office (issue #39
 * item 6, ADR 049) or joined by their GTIN at one merchant: the observations of `alias_key` were moved to
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
    /** the GTIN that joined the two keys when no one merged them by hand (ADR 049 §GTIN) */
    gtin: text("gtin"),
  },
  (t) => [check("price_key_aliases_distinct_check", sql`${t.aliasKey} <> ${t.productKey}`), index("price_key_aliases_product_idx").on(t.productKey)],
);

/**
 * A member's price alert (issue #39 item 5, ADR 049 §Alerts): « Préviens-moi sous 40 € » on one product key.
 * One per member and product; at most MAX_PRICE_ALERTS_PER_MEMBER per member. `below` says whether the
 * latest price seen since the alert was set (or its threshold changed) is under the threshold: an observation
 * under it fires only when `below` was false, so a member hears of each drop once (priceAlertStep).
 */
export const priceAlerts = pgTable(
  "price_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productKey: text("product_key").notNull(),
    /** what the member followed, for the list and the mail (the deal's title when it was followed) */
    label: text("label").notNull(),
    /** the deal it was followed from, for a link back (the alert outlives it) */
    dealId: uuid("deal_id").references(() => crevardeDeals.id, { onDelete: "set null" }),
    /** the offer it was followed from (/offres/:id), for a link back likewise */
    offerId: uuid("offer_id").references(() => offers.id, { onDelete: "set null" }),
    thresholdCents: integer("threshold_cents").notNull(),
    /** ISO 4217: only observations in this currency count */
    currency: text("currency").notNull().default("EUR"),
    paused: boolean("paused").notNull().default(false),
    /** the latest price seen is under the threshold: the current drop was told (or was known when the alert was set) */
    below: boolean("below").notNull().default(false),
    lastNotifiedAt: timestamp("last_notified_at", { withTimezone: true }),
    /** the observation that fired the latest drop (no foreign key: the history may be merged) */
    lastNotifiedObservationId: uuid("last_notified_observation_id"),
    lastNotifiedPriceCents: integer("last_notified_price_cents"),
    ...timestamps,
  },
  (t) => [
    check("price_alerts_threshold_check", sql`${t.thresholdCents} > 0`),
    check("price_alerts_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("price_alerts_label_check", sql`char_length(${t.label}) between 1 and 200`),
    uniqueIndex("price_alerts_user_product_idx").on(t.userId, t.productKey),
    /** a new observation reads the alerts of its product */
    index("price_alerts_product_idx").on(t.productKey),
  ],
);

/**
 * The on-site side of a price alert that fired: listed on /mes-alertes (« Baisses de prix »), new until the
 * member has seen the page. Written by the `prices.alert` job with the e-mail.
 */
export const priceAlertNotifications = pgTable(
  "price_alert_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => priceAlerts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** the observation that fired it: one notification per alert and observation */
    observationId: uuid("observation_id").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("price_alert_notifications_alert_observation_idx").on(t.alertId, t.observationId),
    index("price_alert_notifications_user_idx").on(t.userId, t.createdAt),
  ],
);
