import { randomInt } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { NoticeDecisionEmail, NoticeReceivedEmail } from "#app/emails/notices";
import { getDb } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { DomainError } from "#app/lib/errors";
import { sendMail } from "#app/lib/mail.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { contentNotices } from "#db/schema";
import { MODERATION_MESSAGES, NOTICE_CATEGORY_LABELS, NOTICE_DEADLINE_HOURS, noticeDeadline, URGENT_NOTICE_CATEGORIES, NOTICE_DECISION_LABELS, type NoticeCategory, type NoticeDecision, type NoticeInput } from "./notices.schema";
import { noticeStatus } from "#db/states/moderation-status";

/**
 * Notice and action (EU DSA art. 16 and 17): anyone reports illegal content,
 * gets an acknowledgement, and later the decision with its reasons. A
 * moderator decides; the decision, the notifier's e-mail and the audit entry
 * are written in one transaction.
 */

type Actor = { id: string; email: string };

const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const newNoticeReference = () => `SIG-${Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")}`;

export async function submitNotice(input: NoticeInput, options: { userId?: string | null } = {}) {
  const db = await getDb();
  const env = getEnv();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentNotices)
      .values({
        reference: newNoticeReference(),
        targetUrl: input.targetUrl,
        category: input.category,
        explanation: input.explanation,
        notifierName: input.notifierName,
        notifierEmail: input.notifierEmail,
        userId: options.userId ?? null,
        goodFaith: input.goodFaith,
      })
      .returning();
    if (row.notifierEmail) {
      await sendMail(
        {
          to: row.notifierEmail,
          subject: `Signalement ${row.reference} reçu`,
          kind: "notice-received",
          react: createElement(NoticeReceivedEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, reference: row.reference, targetUrl: row.targetUrl, category: NOTICE_CATEGORY_LABELS[input.category] }),
        },
        { tx },
      );
    }
    return row;
  });
}

export interface ModerationNoticeRow {
  id: string;
  reference: string;
  targetUrl: string;
  category: string;
  categoryLabel: string;
  explanation: string;
  notifier: string | null;
  receivedAt: string;
  /** when a decision is due (noticeDeadline) */
  deadline: string;
  /** still waiting after its deadline */
  overdue: boolean;
  decision: string | null;
  decisionLabel: string | null;
  statement: string | null;
  decidedAt: string | null;
}

const view = (r: typeof contentNotices.$inferSelect, now: Date): ModerationNoticeRow => ({
  id: r.id,
  reference: r.reference,
  targetUrl: r.targetUrl,
  category: r.category,
  categoryLabel: NOTICE_CATEGORY_LABELS[r.category as NoticeCategory] ?? r.category,
  explanation: r.explanation,
  notifier: r.notifierName ? `${r.notifierName}${r.notifierEmail ? ` <${r.notifierEmail}>` : ""}` : r.notifierEmail,
  receivedAt: r.receivedAt.toISOString(),
  deadline: noticeDeadline(r.receivedAt, r.category).toISOString(),
  overdue: r.status === noticeStatus.is.received && noticeDeadline(r.receivedAt, r.category) < now,
  decision: r.decision,
  decisionLabel: r.decision ? (NOTICE_DECISION_LABELS[r.decision as NoticeDecision] ?? r.decision) : null,
  statement: r.statementFr,
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/** A notice's deadline in SQL (noticeDeadline's rule): its reception plus its category's hours. */
const deadlineSql = sql`${contentNotices.receivedAt} + case when ${contentNotices.category} in (${sql.join(
  URGENT_NOTICE_CATEGORIES.map((c) => sql`${c}`),
  sql`, `,
)}) then interval '${sql.raw(String(NOTICE_DEADLINE_HOURS.urgent))} hours' else interval '${sql.raw(String(NOTICE_DEADLINE_HOURS.standard))} hours' end`;

/** How many notices wait for a decision. */
export async function countPendingNotices() {
  const db = await getDb();
  return db.$count(contentNotices, eq(contentNotices.status, noticeStatus.is.received));
}

/** One page of the notices waiting for a decision (the nearest deadline first) and the last decisions. */
export async function moderationOverview(limit = 200, offset = 0, now = new Date()) {
  const db = await getDb();
  const [pending, decided] = await Promise.all([
    db.select().from(contentNotices).where(eq(contentNotices.status, noticeStatus.is.received)).orderBy(deadlineSql, asc(contentNotices.receivedAt), asc(contentNotices.id)).limit(limit).offset(offset),
    db.select().from(contentNotices).where(eq(contentNotices.status, noticeStatus.is.decided)).orderBy(desc(contentNotices.decidedAt)).limit(20),
  ]);
  return { pending: pending.map((r) => view(r, now)), decided: decided.map((r) => view(r, now)) };
}

export async function decideNotice(actor: Actor, input: { noticeId: string; decision: NoticeDecision; statement: string }, now = new Date()) {
  const db = await getDb();
  const env = getEnv();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contentNotices).where(eq(contentNotices.id, input.noticeId)).for("update");
    if (!before) throw new DomainError(MODERATION_MESSAGES.noticeMissing, 404);
    const status = noticeStatus.transition(before.status, noticeStatus.is.decided, () => new DomainError(MODERATION_MESSAGES.alreadyDecided, 409));
    const [after] = await tx
      .update(contentNotices)
      .set({ status, decision: input.decision, statementFr: input.statement, decidedBy: `admin:${actor.id}`, decidedAt: now })
      .where(and(eq(contentNotices.id, input.noticeId), eq(contentNotices.status, noticeStatus.is.received)))
      .returning();
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "content_notices",
      entityId: after.id,
      before: { status: before.status },
      after: { status: after.status, decision: after.decision, statement: after.statementFr },
    });
    if (after.notifierEmail) {
      await sendMail(
        {
          to: after.notifierEmail,
          subject: `Décision sur ton signalement ${after.reference}`,
          kind: "notice-decision",
          react: createElement(NoticeDecisionEmail, {
            siteName: env.SITE_NAME,
            siteUrl: env.SITE_URL,
            reference: after.reference,
            targetUrl: after.targetUrl,
            decision: NOTICE_DECISION_LABELS[input.decision],
            statement: input.statement,
          }),
        },
        { tx },
      );
    }
    return after;
  });
}
