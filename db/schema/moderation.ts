import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, inet, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts";
import { crevardeDeals } from "./catalogue";
import { sqlList } from "#app/lib/state-machine";
import { appealStatus, noticeStatus, reportStatus, type AppealStatus, type NoticeStatus, type ReportStatus } from "#db/states/moderation-status";

/* ------------------------------------------------------------------ */
/* Moderation, DSA notices, connection logs                            */
/* ------------------------------------------------------------------ */

/**
 * « Signaler » on a comment or a deal (issue #15 item 4, ADR 036 §Comments and reports): one
 * report per member and target; open until a moderator dismisses it or
 * removes the target (decision, who and when kept).
 */
export const contentReports = pgTable(
  "content_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** comment | deal */
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    /** REPORT_REASONS */
    reason: text("reason").notNull(),
    details: text("details"),
    /** its moves: the reportStatus machine (db/states/moderation-status.ts) */
    status: text("status").$type<ReportStatus>().notNull().default(reportStatus.is.open),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    decision: text("decision"),
  },
  (t) => [
    check("content_reports_target_type_check", sql`${t.targetType} in ('comment', 'deal')`),
    check("content_reports_status_check", sql`${t.status} in (${sql.raw(sqlList(reportStatus.states))})`),
    check("content_reports_details_check", sql`${t.details} is null or char_length(${t.details}) <= 1000`),
    uniqueIndex("content_reports_once_idx").on(t.targetType, t.targetId, t.reporterId),
    index("content_reports_open_idx").on(t.targetType, t.createdAt).where(sql`${t.status} = ${sql.raw(sqlList([reportStatus.is.open]))}`),
    index("content_reports_reporter_idx").on(t.reporterId),
  ],
);

/**
 * Moderation strikes (ADR 036 §Self-promotion): a rejection for self-promotion gives its
 * author one; at `deal_self_promotion_strikes` the member can no longer post.
 */
export const userStrikes = pgTable(
  "user_strikes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    reason: text("reason").notNull(),
    dealId: uuid("deal_id").references(() => crevardeDeals.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("user_strikes_user_idx").on(t.userId, t.kind), check("user_strikes_kind_check", sql`${t.kind} in ('self_promotion')`)],
);

/**
 * A member contests the refusal or removal of their deal (issue #15, ADR
 * 036 §Appeals, DSA art. 20): once per deal (the primary key on deal_id), with a
 * short text; a moderator upholds or reverses it, and the author is told.
 */
export const dealAppeals = pgTable(
  "deal_appeals",
  {
    dealId: uuid("deal_id")
      .primaryKey()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    /** pending, upheld (the decision stands) or reversed (the deal is back): the appealStatus machine (db/states/moderation-status.ts) */
    status: text("status").$type<AppealStatus>().notNull().default(appealStatus.is.pending),
    /** the deal's status when contested: rejected or removed */
    contestedStatus: text("contested_status").notNull(),
    decisionStatement: text("decision_statement"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("deal_appeals_status_check", sql`${t.status} in (${sql.raw(sqlList(appealStatus.states))})`),
    index("deal_appeals_pending_idx").on(t.createdAt).where(sql`${t.status} = ${sql.raw(sqlList([appealStatus.is.pending]))}`),
  ],
);

/**
 * Notices of illegal content (EU DSA art. 16) sent by anyone through
 * « Signaler un contenu illicite », and the decision taken on each with its
 * statement of reasons (art. 17), which the notifier receives (art. 16(5)).
 */
export const contentNotices = pgTable(
  "content_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** short reference given to the notifier, e.g. "SIG-7KQ2M9" */
    reference: text("reference").notNull().unique(),
    targetUrl: text("target_url").notNull(),
    category: text("category").notNull(),
    explanation: text("explanation").notNull(),
    /** null only for the categories art. 16(2)(c) exempts */
    notifierName: text("notifier_name"),
    notifierEmail: text("notifier_email"),
    /** the signed-in member who sent it, if any */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    goodFaith: boolean("good_faith").notNull(),
    /** its moves: the noticeStatus machine (db/states/moderation-status.ts) */
    status: text("status").$type<NoticeStatus>().notNull().default(noticeStatus.is.received),
    decision: text("decision"),
    statementFr: text("statement_fr"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("content_notices_status_check", sql`${t.status} in (${sql.raw(sqlList(noticeStatus.states))})`),
    check("content_notices_category_check", sql`${t.category} in ('consumer', 'counterfeit', 'intellectual_property', 'scam', 'hate', 'minors', 'privacy', 'other')`),
    check("content_notices_decision_check", sql`${t.decision} is null or ${t.decision} in ('removed', 'restricted', 'no_action')`),
    check("content_notices_decided_check", sql`(${t.status} = ${sql.raw(sqlList([noticeStatus.is.decided]))}) = (${t.decision} is not null and ${t.statementFr} is not null and ${t.decidedAt} is not null)`),
    check("content_notices_good_faith_check", sql`${t.goodFaith}`),
    index("content_notices_queue_idx").on(t.status, t.receivedAt),
  ],
);

/**
 * Who posted what from where (issue #15 item 10, ADR 038; décret 2021-1362):
 * the raw IP address and source port of each member's post (deal, comment),
 * kept one year then purged (RETENTION.ugcConnectionLogDays). No screen shows
 * it; it answers a judicial request. The account's deletion keeps the row
 * (the legal obligation outlives it, GDPR art. 17(3)(b)) without the account.
 */
export const ugcConnectionLogs = pgTable(
  "ugc_connection_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    contentId: text("content_id").notNull(),
    ip: inet("ip"),
    port: integer("port"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ugc_connection_logs_created_at_idx").on(t.createdAt), index("ugc_connection_logs_content_idx").on(t.contentType, t.contentId)],
);
