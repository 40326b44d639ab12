import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./shared";
import { user } from "./accounts";
import { brands, crevardeDeals, promoCodes } from "./catalogue";
import { sqlList } from "#app/lib/state-machine";
import { newsletterStatus, type NewsletterStatus } from "#db/states/newsletter-status";

/* ------------------------------------------------------------------ */
/* Growth: newsletter, tracking                                        */
/* ------------------------------------------------------------------ */

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** its moves: the newsletterStatus machine (db/states/newsletter-status.ts) */
    status: text("status").$type<NewsletterStatus>().notNull().default(newsletterStatus.is.subscribed),
    source: text("source").notNull().default("home"),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("newsletter_status_check", sql`${t.status} in (${sql.raw(sqlList(newsletterStatus.states))})`),
    uniqueIndex("newsletter_email_idx").on(sql`lower(${t.email})`),
    index("newsletter_created_idx").on(t.createdAt),
  ],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    /** page_view, click_out, custom_event, temu_conversion, ... */
    event: text("event").notNull(),
    path: text("path"),
    action: text("action"),
    label: text("label"),
    destinationHost: text("destination_host"),
    dealId: uuid("deal_id").references(() => crevardeDeals.id, { onDelete: "set null" }),
    promoCodeId: uuid("promo_code_id").references(() => promoCodes.id, { onDelete: "set null" }),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** salted hash of IP + user agent, never the raw IP */
    visitorHash: text("visitor_hash"),
    data: jsonb("data"),
  },
  (t) => [
    index("analytics_events_event_time_idx").on(t.event, t.occurredAt),
    index("analytics_events_time_idx").on(t.occurredAt),
  ],
);
