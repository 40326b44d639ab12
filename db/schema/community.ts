import { sql } from "drizzle-orm";
import {
  customType,
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps } from "./shared";
import { user } from "./accounts";
import { brands, categories, crevardeDeals, promoCodes } from "./catalogue";
import { sqlList } from "#app/lib/state-machine";
import { commentStatus, type CommentStatus } from "#db/states/comment-status";

/* ------------------------------------------------------------------ */
/* Community (issue #15)                                               */
/* ------------------------------------------------------------------ */

/** A full-text query (an alert's keywords), built in SQL with the "fr_unaccent" configuration. */
const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

/** Saved deals ("/mes-deals") */
export const savedDeals = pgTable(
  "saved_deals",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealId] })],
);

/** Saved promo codes ("/mes-deals") */
export const savedPromoCodes = pgTable(
  "saved_promo_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.promoCodeId] })],
);

/**
 * Hot and cold votes on deals (issue #15 item 2, ADR 036 §Votes): one per member
 * per deal, changed or undone until the deal expires. The deal's temperature
 * is Σ value × weight, moved by the delta in the vote's own transaction.
 */
export const dealVotes = pgTable(
  "deal_votes",
  {
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** +1 hot, −1 cold */
    value: integer("value").notNull(),
    weight: integer("weight").notNull(),
    /** why cold (COLD_VOTE_REASONS), optional */
    reason: text("reason"),
    /** the voter's visitor hash (privacy module), to damp many votes from one browser */
    visitorHash: text("visitor_hash"),
    /** why the vote counts 0 (DAMPING_REASONS): one browser, or a burst of new accounts; null when it counts */
    dampedReason: text("damped_reason"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.userId] }),
    check("deal_votes_value_check", sql`${t.value} in (-1, 1)`),
    check("deal_votes_weight_check", sql`${t.weight} between 0 and 3`),
    index("deal_votes_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Deal alerts (issue #15 item 7, ADR 036 §Alerts): a member's keywords
 * (`query_text` as typed, `tsq` as matched against crevarde_deals.search)
 * with optional merchant, category, maximum price and minimum temperature,
 * mailed at once (batched, at most one mail per 15 minutes) or in a daily digest.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    queryText: text("query_text").notNull(),
    tsq: tsquery("tsq").notNull(),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    maxPriceCents: integer("max_price_cents"),
    minTemperature: integer("min_temperature").notNull().default(0),
    /** 'instant' | 'daily' (ALERT_FREQUENCIES) */
    frequency: text("frequency").notNull().default("instant"),
    paused: boolean("paused").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("alerts_frequency_check", sql`${t.frequency} in ('instant', 'daily')`),
    check("alerts_min_temperature_check", sql`${t.minTemperature} in (0, 50, 100, 200)`),
    check("alerts_max_price_check", sql`${t.maxPriceCents} is null or ${t.maxPriceCents} > 0`),
    check("alerts_query_text_check", sql`char_length(${t.queryText}) between 1 and 100`),
    index("alerts_user_idx").on(t.userId, t.createdAt),
  ],
);

/** A deal an alert found, mailed once (the primary key: never twice), queued by publication or by crossing the alert's temperature. */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    trigger: text("trigger").notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.dealId] }),
    check("alert_deliveries_trigger_check", sql`${t.trigger} in ('published', 'threshold')`),
    index("alert_deliveries_pending_idx").on(t.alertId).where(sql`${t.sentAt} is null`),
    index("alert_deliveries_deal_idx").on(t.dealId),
  ],
);

/** « Expiré ? » and « Toujours valable » from members (ADR 036 §Expiry): weighted, one of each kind per member per deal. */
export const dealExpiryFlags = pgTable(
  "deal_expiry_flags",
  {
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    weight: integer("weight").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.userId, t.kind] }), check("deal_expiry_flags_kind_check", sql`${t.kind} in ('expired', 'still_valid')`)],
);

/**
 * Comments on a deal page (issue #15 item 4, ADR 036 §Comments and reports): plain text, one
 * level of replies (parent_id is always a top-level comment), editable for 10
 * minutes. A new account's first comments wait as 'pending'; 'removed' by a
 * moderator (rule and statement of reasons sent to the author). A deleted
 * account's comments stay, without author (« Membre supprimé »), so replies
 * keep their thread.
 */
export const dealComments = pgTable(
  "deal_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => dealComments.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** as typed (escaped on output) */
    body: text("body").notNull(),
    /** its moves: the commentStatus machine (db/states/comment-status.ts) */
    status: text("status").$type<CommentStatus>().notNull().default(commentStatus.is.visible),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** the moderator's last decision: the rule and the statement of reasons sent to the author (DSA art. 17) */
    moderationRule: text("moderation_rule"),
    moderationStatement: text("moderation_statement"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (t) => [
    check("deal_comments_body_check", sql`char_length(${t.body}) between 1 and 4000`),
    check("deal_comments_status_check", sql`${t.status} in (${sql.raw(sqlList(commentStatus.states))})`),
    index("deal_comments_deal_idx").on(t.dealId, t.createdAt),
    /** the deal page reads a page of top-level comments, oldest first (listDealComments) */
    index("deal_comments_threads_idx").on(t.dealId, t.createdAt, t.id).where(sql`${t.parentId} is null`),
    /** then the replies of the shown comments only */
    index("deal_comments_replies_idx").on(t.parentId, t.createdAt).where(sql`${t.parentId} is not null`),
    index("deal_comments_author_idx").on(t.authorId, t.createdAt),
    index("deal_comments_pending_idx").on(t.createdAt).where(sql`${t.status} = ${sql.raw(sqlList([commentStatus.is.pending]))}`),
  ],
);

/**
 * « Ça a marché ? » answers on promo codes (issue #15 item 6, ADR 036 §Code feedback): one
 * answer per member per code, which the member may change (updated_at moves) or
 * undo (the row goes). Rates count the answers of the last 30 days.
 */
export const codeFeedback = pgTable(
  "code_feedback",
  {
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    worked: boolean("worked").notNull(),
    /** why « Non » (NO_REASONS in code-feedback.ts), optional; null for « Oui » */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("code_feedback_reason_check", sql`${t.reason} is null or (not ${t.worked} and ${t.reason} in ('expired', 'minimum', 'excluded', 'used', 'other'))`),
    primaryKey({ columns: [t.promoCodeId, t.userId] }), index("code_feedback_user_idx").on(t.userId), index("code_feedback_code_updated_idx").on(t.promoCodeId, t.updatedAt)],
);
