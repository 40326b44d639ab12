/**
 * Comments on a deal page and « Signaler » (issue #15 items 4 and 8, ADR
 * 036): posting (held for moderation while the account is new), one
 * level of replies, the 10-minute edit, members' reports on comments and
 * deals, and the moderators' decisions (audited, the author told why).
 */
import { and, asc, count, desc, eq, exists, inArray, isNull, or, sql } from "drizzle-orm";
import { withFirstOfMonth } from "#app/lib/paris-day";
import { dealStatus } from "./deal-rules";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { assertNotBlocked } from "#app/modules/members/member-blocks.server";
import { logUgcConnection, type ConnectionSource } from "#app/modules/privacy/ugc-logs.server";
import { createElement } from "react";
import { contentReports, crevardeDeals, dealComments, profiles, user } from "#db/schema";
import { COMMENT_REMOVED_SUBJECT, CommentRemovedEmail } from "#app/emails/deals";
import { getDb, type Db } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { DomainError } from "#app/lib/errors";
import { sendMail } from "#app/lib/mail.server";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import {
  canEditComment,
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_MESSAGES,
  commentAuthorName,
  COMMENTS_MAX,
  COMMENTS_PER_PAGE,
  commentsShownFor,
  holdsComment,
  replyParentId,
  REPORT_MESSAGES,
  REPORT_REASONS,
  type CommentStatus,
  type ReportReason,
} from "./deal-comments";
import { COMMENT_MODERATION_MESSAGES, COMMENT_MODERATION_RULES, type CommentModerationRule } from "./comment-moderation";
import { reportStatus } from "#db/states/moderation-status";
import { commentStatus } from "#db/states/comment-status";
import { sqlList } from "#app/lib/state-machine";

const VISIBLE = sql.raw(sqlList([commentStatus.is.visible]));
const PENDING = sql.raw(sqlList([commentStatus.is.pending]));

class CommentError extends DomainError {}

type Actor = { id: string; email: string };

/* ------------------------------ the deal page ------------------------------ */

const COMMENT_DATE = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" });

interface CommentView {
  id: string;
  authorName: string;
  /** null for a removed comment kept as a placeholder for its replies */
  body: string | null;
  status: CommentStatus;
  createdAt: string;
  /** when it was posted, written on the server (« 1er mars 2026 à 14:05 »): the deal page loads no date code */
  date: string;
  edited: boolean;
  mine: boolean;
  /** until when its author may edit it (ISO), null when they may not */
  editableUntil: string | null;
  reported: boolean;
  replies: CommentView[];
}

export interface DealCommentsPage {
  /** the shown top-level comments, oldest first, each with all its replies */
  comments: CommentView[];
  /** `?commentaires=` of « Afficher plus de commentaires »; null when no more top-level comment follows (or COMMENTS_MAX are shown) */
  next: number | null;
  /** the public (visible) comments shown, replies included: « X sur <comments_count> » */
  visibleShown: number;
}

/**
 * A page of the deal's comments as the viewer sees them: the first `shown`
 * top-level comments, oldest first, each with all its replies (raised so that
 * the thread of `commentId` is among them, a link to one comment). Pending
 * comments only for their author (« En attente de modération »); a removed
 * comment shows as a placeholder while it has replies to show, and not at
 * all otherwise (nor does it take a place in the page).
 *
 * Reads the shown top-level comments (and one more, to know whether more
 * follow), then only their replies (deal_comments_threads_idx,
 * deal_comments_replies_idx).
 */
export async function listDealComments(
  dealId: string,
  viewer: { id: string } | null,
  options: { shown?: number; commentId?: string | null; now?: Date } = {},
): Promise<DealCommentsPage> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const viewerId = viewer?.id ?? null;
  // a comment the viewer sees: public, or their own while it waits for a moderator
  const seen = (c: { status: AnyPgColumn; authorId: AnyPgColumn }) =>
    viewerId ? sql`(${c.status} = ${VISIBLE} or (${c.status} = ${PENDING} and ${c.authorId} = ${viewerId}))` : sql`${c.status} = ${VISIBLE}`;
  const reply = alias(dealComments, "reply");
  // a top-level comment the page shows: seen, or removed with a reply the viewer sees
  const threadShown = and(
    eq(dealComments.dealId, dealId),
    isNull(dealComments.parentId),
    or(
      seen(dealComments),
      and(
        eq(dealComments.status, commentStatus.is.removed),
        // the deal's own replies only: a planner that hashes this subquery reads one deal's replies, not the table's
        exists(db.select({ one: sql`1` }).from(reply).where(and(eq(reply.dealId, dealId), eq(reply.parentId, dealComments.id), seen(reply)))),
      ),
    ),
  );
  let shown = Math.min(Math.max(1, Math.trunc(options.shown ?? COMMENTS_PER_PAGE)), COMMENTS_MAX);
  if (options.commentId) {
    // the place of the comment's thread (itself, or its parent for a reply) among the shown top-level comments
    const target = alias(dealComments, "target");
    const thread = alias(dealComments, "thread");
    const [place] = await db
      .select({ n: count() })
      .from(dealComments)
      .innerJoin(target, and(eq(target.id, options.commentId), eq(target.dealId, dealId)))
      .innerJoin(thread, eq(thread.id, sql`coalesce(${target.parentId}, ${target.id})`))
      .where(and(threadShown, sql`(${dealComments.createdAt}, ${dealComments.id}) <= (${thread.createdAt}, ${thread.id})`));
    shown = Math.max(shown, commentsShownFor(place?.n ?? 0));
  }
  const columns = {
    id: dealComments.id,
    parentId: dealComments.parentId,
    authorId: dealComments.authorId,
    username: profiles.username,
    body: dealComments.body,
    status: dealComments.status,
    createdAt: dealComments.createdAt,
    editedAt: dealComments.editedAt,
  };
  const threads = await db
    .select(columns)
    .from(dealComments)
    .leftJoin(profiles, eq(profiles.id, dealComments.authorId))
    .where(threadShown)
    .orderBy(asc(dealComments.createdAt), asc(dealComments.id))
    .limit(shown + 1);
  const more = threads.length > shown;
  const tops = threads.slice(0, shown);
  const replies = tops.length
    ? await db
        .select(columns)
        .from(dealComments)
        .leftJoin(profiles, eq(profiles.id, dealComments.authorId))
        .where(
          and(
            inArray(
              dealComments.parentId,
              tops.map((t) => t.id),
            ),
            seen(dealComments),
          ),
        )
        .orderBy(asc(dealComments.createdAt), asc(dealComments.id))
    : [];
  const rows = [...tops, ...replies];
  const reported = viewerId && rows.length > 0 ? await viewerReports(viewerId, "comment", rows.map((r) => r.id)) : new Set<string>();
  const view = (r: (typeof rows)[number]): CommentView => {
    const removed = r.status === commentStatus.is.removed;
    const editable = canEditComment(r, viewerId, now);
    return {
      id: r.id,
      authorName: removed ? "" : commentAuthorName({ deleted: r.authorId === null, username: r.username }),
      body: removed ? null : r.body,
      status: r.status as CommentStatus,
      createdAt: r.createdAt.toISOString(),
      date: withFirstOfMonth(COMMENT_DATE.format(r.createdAt)),
      edited: r.editedAt !== null,
      mine: viewerId !== null && r.authorId === viewerId,
      editableUntil: editable ? new Date(r.createdAt.getTime() + COMMENT_EDIT_WINDOW_MS).toISOString() : null,
      reported: reported.has(r.id),
      replies: [],
    };
  };
  const top = new Map<string, CommentView>();
  for (const r of tops) top.set(r.id, view(r));
  for (const r of replies) top.get(r.parentId!)?.replies.push(view(r));
  // a removed comment whose replies went away between the two reads
  const comments = [...top.values()].filter((c) => c.status !== commentStatus.is.removed || c.replies.length > 0);
  const visibleShown = comments.reduce((n, c) => n + (c.status === commentStatus.is.visible ? 1 : 0) + c.replies.filter((r) => r.status === commentStatus.is.visible).length, 0);
  return { comments, next: more && shown < COMMENTS_MAX ? Math.min(shown + COMMENTS_PER_PAGE, COMMENTS_MAX) : null, visibleShown };
}

/** What a shared deal page (ADR 048) does not show of a member's own part in its comments: GET /api/moi adds it. */
export interface MemberComments {
  /** their comments on this deal: no « Signaler » on them */
  mine: string[];
  /** the deal's comments they reported: « Signalé » */
  reported: string[];
  /** their comments they may still edit: until when, and the text as it is now (the page may be up to 10 s old) */
  editable: Record<string, { until: string; body: string; edited: boolean }>;
  /** their comments waiting for a moderator, which only they see, each with the comment it answers */
  pending: (CommentView & { parentId: string | null })[];
}

/** The member's own comments on a deal and the ones they reported: two small indexed reads (deal_comments_author_idx, content_reports_reporter_idx). */
export async function memberComments(userId: string, dealId: string, now = new Date()): Promise<MemberComments> {
  const db = await getDb();
  const [own, reported] = await Promise.all([
    db
      .select({ id: dealComments.id, parentId: dealComments.parentId, authorId: dealComments.authorId, username: profiles.username, body: dealComments.body, status: dealComments.status, createdAt: dealComments.createdAt, editedAt: dealComments.editedAt })
      .from(dealComments)
      .leftJoin(profiles, eq(profiles.id, dealComments.authorId))
      .where(and(eq(dealComments.authorId, userId), eq(dealComments.dealId, dealId)))
      .orderBy(asc(dealComments.createdAt), asc(dealComments.id))
      .limit(COMMENTS_MAX),
    db
      .select({ id: contentReports.targetId })
      .from(contentReports)
      .innerJoin(dealComments, eq(dealComments.id, contentReports.targetId))
      .where(and(eq(contentReports.reporterId, userId), eq(contentReports.targetType, "comment"), eq(dealComments.dealId, dealId))),
  ]);
  const editable: MemberComments["editable"] = {};
  const pending: MemberComments["pending"] = [];
  for (const c of own) {
    const until = canEditComment(c, userId, now) ? new Date(c.createdAt.getTime() + COMMENT_EDIT_WINDOW_MS).toISOString() : null;
    if (until) editable[c.id] = { until, body: c.body, edited: c.editedAt !== null };
    if (c.status !== commentStatus.is.pending) continue;
    pending.push({
      id: c.id,
      parentId: c.parentId,
      authorName: commentAuthorName({ deleted: false, username: c.username }),
      body: c.body,
      status: c.status,
      createdAt: c.createdAt.toISOString(),
      date: withFirstOfMonth(COMMENT_DATE.format(c.createdAt)),
      edited: c.editedAt !== null,
      mine: true,
      editableUntil: until,
      reported: false,
      replies: [],
    });
  }
  return { mine: own.map((c) => c.id), reported: reported.map((r) => r.id), editable, pending };
}

/** The targets (of one type) among `ids` that the member has reported. */
async function viewerReports(reporterId: string, targetType: "comment" | "deal", ids: string[]) {
  const db = await getDb();
  const rows = await db
    .select({ targetId: contentReports.targetId })
    .from(contentReports)
    .where(and(eq(contentReports.reporterId, reporterId), eq(contentReports.targetType, targetType), inArray(contentReports.targetId, ids)));
  return new Set(rows.map((r) => r.targetId));
}

/** Whether the member has reported this deal (the deal page's « Signaler » shows as done). */
export async function hasReportedDeal(reporterId: string, dealId: string) {
  return (await viewerReports(reporterId, "deal", [dealId])).has(dealId);
}

/** A published deal, locked against removal while the comment is written; 404 otherwise. */
async function lockPublishedDeal(tx: Db, dealId: string) {
  const [deal] = await tx.select({ status: crevardeDeals.status }).from(crevardeDeals).where(eq(crevardeDeals.id, dealId)).for("share");
  if (!deal || deal.status !== dealStatus.is.published) throw new CommentError(COMMENT_MESSAGES.dealMissing, 404);
}

/**
 * A member's comment or reply. A reply to a reply attaches to the top-level
 * comment. A new account's first comments wait for a moderator (holdsComment).
 * 429 after 10 comments in 10 minutes.
 */
export async function postComment(input: {
  userId: string;
  dealId: string;
  body: string;
  parentId?: string | null;
  now?: Date;
  /** the request's client address and port (the load context), kept a year with the comment (décret 2021-1362) */
  connection?: ConnectionSource;
}) {
  const now = input.now ?? new Date();
  if (!(await hitRateLimit(RATE_LIMITS.comment, `user:${input.userId}`)).allowed) throw new CommentError(COMMENT_MESSAGES.tooMany, 429);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await assertNotBlocked(input.userId, now, tx);
    await lockPublishedDeal(tx, input.dealId);
    let parentId: string | null = null;
    if (input.parentId) {
      const [parent] = await tx
        .select({ id: dealComments.id, parentId: dealComments.parentId, status: dealComments.status, authorId: dealComments.authorId })
        .from(dealComments)
        .where(and(eq(dealComments.id, input.parentId), eq(dealComments.dealId, input.dealId)));
      const seen = parent && (parent.status === commentStatus.is.visible || (parent.status === commentStatus.is.pending && parent.authorId === input.userId));
      if (!seen) throw new CommentError(COMMENT_MESSAGES.commentMissing, 404);
      parentId = replyParentId(parent);
    }
    const [[member], [sofar]] = await Promise.all([
      tx.select({ createdAt: user.createdAt, emailVerified: user.emailVerified }).from(user).where(eq(user.id, input.userId)),
      tx.select({ n: count() }).from(dealComments).where(eq(dealComments.authorId, input.userId)),
    ]);
    if (!member) throw new CommentError(COMMENT_MESSAGES.signIn, 403);
    const status: CommentStatus = holdsComment({ ...member, commentsSoFar: sofar.n, now }) ? commentStatus.is.pending : commentStatus.is.visible;
    const [row] = await tx
      .insert(dealComments)
      .values({ dealId: input.dealId, parentId, authorId: input.userId, body: input.body, status, createdAt: now })
      .returning({ id: dealComments.id, status: dealComments.status });
    // the poster's address, kept a year: with the comment or not at all
    await logUgcConnection(tx, { userId: input.userId, contentType: "comment", contentId: row.id, connection: input.connection });
    return { id: row.id, status: row.status as CommentStatus, message: status === commentStatus.is.pending ? COMMENT_MESSAGES.held : COMMENT_MESSAGES.posted };
  });
}

/** The author edits their comment within 10 minutes of posting it (409 after; 403 someone else's). */
export async function editComment(input: { userId: string; commentId: string; body: string; now?: Date }) {
  const now = input.now ?? new Date();
  if (!(await hitRateLimit(RATE_LIMITS.commentEdit, `user:${input.userId}`)).allowed) throw new CommentError(COMMENT_MESSAGES.tooManyEdits, 429);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ authorId: dealComments.authorId, createdAt: dealComments.createdAt, status: dealComments.status, dealId: dealComments.dealId })
      .from(dealComments)
      .where(eq(dealComments.id, input.commentId))
      .for("update");
    if (!comment || comment.status === commentStatus.is.removed) throw new CommentError(COMMENT_MESSAGES.commentMissing, 404);
    if (comment.authorId !== input.userId) throw new CommentError(COMMENT_MESSAGES.notAuthor, 403);
    if (!canEditComment(comment, input.userId, now)) throw new CommentError(COMMENT_MESSAGES.editClosed, 409);
    // an edit meets the rules of a new comment (issue #35 item 9): while the account's comments are
    // pre-moderated, an approved comment edited (a link added, say) goes back to the queue, hidden meanwhile
    const [[member], [sofar]] = await Promise.all([
      tx.select({ createdAt: user.createdAt, emailVerified: user.emailVerified }).from(user).where(eq(user.id, input.userId)),
      tx.select({ n: count() }).from(dealComments).where(eq(dealComments.authorId, input.userId)),
    ]);
    const held = comment.status === commentStatus.is.visible && (!member || holdsComment({ ...member, commentsSoFar: sofar.n - 1, now }));
    await tx
      .update(dealComments)
      .set({ body: input.body, editedAt: now, ...(held ? { status: commentStatus.transition(comment.status, commentStatus.is.pending) } : {}) })
      .where(eq(dealComments.id, input.commentId));
    return { dealId: comment.dealId, message: held ? COMMENT_MESSAGES.held : COMMENT_MESSAGES.edited };
  });
}

/**
 * « Signaler » a visible comment or a published deal: once per member and
 * target (409 the second time), never one's own (403); 429 after 20 an hour.
 */
export async function reportContent(input: { userId: string; targetType: "comment" | "deal"; targetId: string; reason: ReportReason; details: string | null }) {
  if (!(await hitRateLimit(RATE_LIMITS.contentReport, `user:${input.userId}`)).allowed) throw new CommentError(REPORT_MESSAGES.tooMany, 429);
  const db = await getDb();
  const [target] =
    input.targetType === "comment"
      ? await db
          .select({ authorId: dealComments.authorId })
          .from(dealComments)
          .where(and(eq(dealComments.id, input.targetId), eq(dealComments.status, commentStatus.is.visible)))
      : await db
          .select({ authorId: crevardeDeals.authorId })
          .from(crevardeDeals)
          .where(and(eq(crevardeDeals.id, input.targetId), eq(crevardeDeals.status, dealStatus.is.published)));
  if (!target) throw new CommentError(input.targetType === "comment" ? COMMENT_MESSAGES.commentMissing : COMMENT_MESSAGES.dealMissing, 404);
  if (target.authorId === input.userId) throw new CommentError(REPORT_MESSAGES.own, 403);
  const inserted = await db
    .insert(contentReports)
    .values({ targetType: input.targetType, targetId: input.targetId, reporterId: input.userId, reason: input.reason, details: input.details })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  if (inserted.length === 0) throw new CommentError(REPORT_MESSAGES.already, 409);
  return { message: REPORT_MESSAGES.done };
}

/** The member's comments, for the data export. */
export async function exportDealComments(userId: string) {
  const db = await getDb();
  return db
    .select({
      dealId: dealComments.dealId,
      deal: crevardeDeals.title,
      replyTo: dealComments.parentId,
      comment: dealComments.body,
      status: dealComments.status,
      postedAt: dealComments.createdAt,
      editedAt: dealComments.editedAt,
      moderationRule: dealComments.moderationRule,
      moderationStatement: dealComments.moderationStatement,
    })
    .from(dealComments)
    .leftJoin(crevardeDeals, eq(crevardeDeals.id, dealComments.dealId))
    .where(eq(dealComments.authorId, userId))
    .orderBy(dealComments.createdAt);
}

/** The member's reports, for the data export. */
export async function exportContentReports(userId: string) {
  const db = await getDb();
  return db
    .select({ targetType: contentReports.targetType, targetId: contentReports.targetId, reason: contentReports.reason, details: contentReports.details, status: contentReports.status, reportedAt: contentReports.createdAt })
    .from(contentReports)
    .where(eq(contentReports.reporterId, userId))
    .orderBy(contentReports.createdAt);
}

/* ------------------------------ moderation ------------------------------ */

const reportSummary = {
  targetId: contentReports.targetId,
  reports: sql<number>`count(*)::int`,
  reasons: sql<string[]>`array_agg(distinct ${contentReports.reason})`,
  details: sql<(string | null)[]>`array_agg(${contentReports.details} order by ${contentReports.createdAt})`,
  lastAt: sql<Date>`max(${contentReports.createdAt})`.mapWith(contentReports.createdAt),
};

const reasonLabels = (reasons: string[]) => reasons.map((r) => REPORT_REASONS[r as ReportReason] ?? r);

/** The open reports, one row per target (comment or deal), most reported first. */
async function openReports(limit: number, offset: number) {
  const db = await getDb();
  return db
    .select({ targetType: contentReports.targetType, ...reportSummary })
    .from(contentReports)
    .where(eq(contentReports.status, reportStatus.is.open))
    .groupBy(contentReports.targetType, contentReports.targetId)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${contentReports.createdAt})`), contentReports.targetId)
    .limit(limit)
    .offset(offset);
}

/** How many comments and deals have open reports (the « Signalements » tab's count). */
export async function countReportedTargets() {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(distinct (${contentReports.targetType}, ${contentReports.targetId}))::int` })
    .from(contentReports)
    .where(eq(contentReports.status, reportStatus.is.open));
  return row?.n ?? 0;
}

/** How many comments wait for review (first comments of new accounts). */
export async function countPendingComments() {
  const db = await getDb();
  return db.$count(dealComments, eq(dealComments.status, commentStatus.is.pending));
}

const commentColumns = {
  id: dealComments.id,
  body: dealComments.body,
  status: dealComments.status,
  createdAt: dealComments.createdAt,
  dealId: dealComments.dealId,
  dealTitle: crevardeDeals.title,
  authorEmail: user.email,
};

const commentRows = (db: Db) =>
  db.select(commentColumns).from(dealComments).innerJoin(crevardeDeals, eq(crevardeDeals.id, dealComments.dealId)).leftJoin(user, eq(user.id, dealComments.authorId));

/** /admin/moderation's « Commentaires » tab: one page of the comments waiting, oldest first. */
export async function pendingCommentsPage(limit = 100, offset = 0) {
  const rows = await commentRows(await getDb()).where(eq(dealComments.status, commentStatus.is.pending)).orderBy(asc(dealComments.createdAt), asc(dealComments.id)).limit(limit).offset(offset);
  return rows.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() }));
}

/**
 * /admin/moderation's « Signalements » tab: one page of the reported comments
 * and deals (most reported first), split by kind.
 */
export async function reportQueuePage(limit = 100, offset = 0) {
  const db = await getDb();
  const reports = await openReports(limit, offset);
  const ids = (type: "comment" | "deal") => reports.filter((r) => r.targetType === type).map((r) => r.targetId);
  const [reportedComments, reportedDeals] = await Promise.all([
    ids("comment").length ? commentRows(db).where(inArray(dealComments.id, ids("comment"))) : [],
    ids("deal").length
      ? db
          .select({ id: crevardeDeals.id, title: crevardeDeals.title, url: crevardeDeals.url, status: crevardeDeals.status, authorEmail: user.email })
          .from(crevardeDeals)
          .leftJoin(user, eq(user.id, crevardeDeals.authorId))
          .where(inArray(crevardeDeals.id, ids("deal")))
      : [],
  ]);
  const commentById = new Map(reportedComments.map((c) => [c.id, c]));
  const dealById = new Map(reportedDeals.map((d) => [d.id, d]));
  const reportView = (r: (typeof reports)[number]) => ({
    reports: r.reports,
    reasons: reasonLabels(r.reasons),
    details: r.details.filter((d): d is string => Boolean(d)),
    lastAt: r.lastAt.toISOString(),
  });
  return {
    reportedComments: reports.flatMap((r) => {
      const c = r.targetType === "comment" ? commentById.get(r.targetId) : undefined;
      return c ? [{ ...c, createdAt: c.createdAt.toISOString(), ...reportView(r) }] : [];
    }),
    reportedDeals: reports.flatMap((r) => {
      const d = r.targetType === "deal" ? dealById.get(r.targetId) : undefined;
      return d ? [{ ...d, ...reportView(r) }] : [];
    }),
  };
}

/** Close the open reports on a target (in the decision's transaction). */
export async function closeReportsIn(tx: Pick<Db, "update">, actor: Actor, targetType: "comment" | "deal", targetId: string, status: typeof reportStatus.is.dismissed | typeof reportStatus.is.upheld, decision: string, now: Date) {
  return tx
    .update(contentReports)
    .set({ status: reportStatus.transition(reportStatus.is.open, status), handledBy: actor.id, handledAt: now, decision })
    .where(and(eq(contentReports.targetType, targetType), eq(contentReports.targetId, targetId), eq(contentReports.status, reportStatus.is.open)))
    .returning({ id: contentReports.id });
}

export type CommentModerationInput =
  | { intent: "approve-comment"; commentId: string }
  | { intent: "remove-comment"; commentId: string; rule: CommentModerationRule; statement: string };

/**
 * A moderator approves a pending comment, or removes a comment (pending or
 * visible): in one transaction the comment, its open reports (upheld), the
 * audit entry and, for a removal, the author's e-mail with the rule and the
 * statement of reasons (DSA art. 17). Returns whether the author was told.
 */
export async function decideComment(actor: Actor, input: CommentModerationInput, now = new Date()) {
  const db = await getDb();
  const env = getEnv();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: dealComments.id, status: dealComments.status, body: dealComments.body, authorId: dealComments.authorId, dealId: dealComments.dealId })
      .from(dealComments)
      .where(eq(dealComments.id, input.commentId))
      .for("update");
    if (!before) throw new CommentError(COMMENT_MESSAGES.commentMissing, 404);
    const status = commentStatus.transition(before.status, input.intent === "remove-comment" ? commentStatus.is.removed : commentStatus.is.visible, () =>
      input.intent === "remove-comment" ? new CommentError(COMMENT_MODERATION_MESSAGES.alreadyRemoved, 409) : new CommentError(COMMENT_MODERATION_MESSAGES.notPending, 409),
    );
    const removal = input.intent === "remove-comment" ? input : null;
    await tx
      .update(dealComments)
      .set(
        removal
          ? { status, moderatedAt: now, moderationRule: removal.rule, moderationStatement: removal.statement }
          : { status, moderatedAt: now, moderationRule: null, moderationStatement: null },
      )
      .where(eq(dealComments.id, before.id));
    const reports = removal ? await closeReportsIn(tx, actor, "comment", before.id, "upheld", `removed: ${removal.rule}`, now) : [];
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "deal_comments",
      entityId: before.id,
      before: { status: before.status },
      after: removal ? { status: "removed", rule: removal.rule, statement: removal.statement, reports: reports.length } : { status: "visible" },
    });
    if (!removal || !before.authorId) return { notified: false };
    const [[author], [deal]] = await Promise.all([
      tx.select({ email: user.email }).from(user).where(eq(user.id, before.authorId)),
      tx.select({ title: crevardeDeals.title }).from(crevardeDeals).where(eq(crevardeDeals.id, before.dealId)),
    ]);
    if (!author) return { notified: false };
    await sendMail(
      {
        to: author.email,
        subject: COMMENT_REMOVED_SUBJECT,
        kind: "comment-removed",
        react: createElement(CommentRemovedEmail, {
          siteName: env.SITE_NAME,
          siteUrl: env.SITE_URL,
          dealTitle: deal?.title ?? "",
          dealId: before.dealId,
          excerpt: before.body.length > 300 ? `${before.body.slice(0, 299)}…` : before.body,
          rule: COMMENT_MODERATION_RULES[removal.rule],
          statement: removal.statement,
        }),
      },
      { tx },
    );
    return { notified: true };
  });
}

/** A moderator finds nothing wrong: the open reports on the target are dismissed (audited). 409 when none is open. */
export async function dismissReports(actor: Actor, input: { targetType: "comment" | "deal"; targetId: string }, now = new Date()) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const closed = await closeReportsIn(tx, actor, input.targetType, input.targetId, "dismissed", "dismissed", now);
    if (closed.length === 0) throw new CommentError(COMMENT_MODERATION_MESSAGES.noOpenReport, 409);
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "content_reports",
      entityId: input.targetId,
      before: { status: "open", targetType: input.targetType },
      after: { status: "dismissed", reports: closed.length },
    });
    return { dismissed: closed.length };
  });
}
