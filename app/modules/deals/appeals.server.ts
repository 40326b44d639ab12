import { and, asc, eq, inArray } from "drizzle-orm";
import { DEAL_REFUSED, dealStatus } from "./deal-rules";
import { createElement } from "react";
import { crevardeDeals, dealAppeals, user } from "#db/schema";
import { APPEAL_DECISION_SUBJECTS, DealAppealDecisionEmail } from "#app/emails/deals";
import { getDb } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { DomainError } from "#app/lib/errors";
import { sendMail } from "#app/lib/mail.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { APPEAL_MESSAGES } from "./appeals.schema";
import { MODERATION_RULES, type ModerationRule } from "./posting.schema";
import { appealStatus } from "#db/states/moderation-status";

type Actor = { id: string; email: string };

/**
 * The author contests the refusal or removal of their deal (once: ADR 036 §Appeals).
 * 404 not their deal, 409 not refused or removed, 409 already contested (the
 * primary key on deal_id: two appeals at once still make one).
 */
export async function appealDealDecision(author: { id: string }, input: { dealId: string; text: string }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [deal] = await tx.select({ authorId: crevardeDeals.authorId, status: crevardeDeals.status }).from(crevardeDeals).where(eq(crevardeDeals.id, input.dealId));
    if (!deal || deal.authorId !== author.id) throw new DomainError(APPEAL_MESSAGES.unknown, 404);
    if (!(DEAL_REFUSED as readonly string[]).includes(deal.status)) throw new DomainError(APPEAL_MESSAGES.notContestable, 409);
    const inserted = await tx
      .insert(dealAppeals)
      .values({ dealId: input.dealId, userId: author.id, text: input.text, contestedStatus: deal.status })
      .onConflictDoNothing()
      .returning({ dealId: dealAppeals.dealId });
    if (inserted.length === 0) throw new DomainError(APPEAL_MESSAGES.already, 409);
  });
}

/** The member's appeals on these deals (status), for « Mes deals proposés ». */
export async function appealsOf(dealIds: string[]) {
  if (dealIds.length === 0) return new Map<string, string>();
  const db = await getDb();
  const rows = await db.select({ dealId: dealAppeals.dealId, status: dealAppeals.status }).from(dealAppeals).where(inArray(dealAppeals.dealId, dealIds));
  return new Map(rows.map((r) => [r.dealId, r.status]));
}

/** « Contestations »: pending appeals, oldest first, with the decision contested. */
export async function listPendingAppeals(limit = 100, offset = 0) {
  const db = await getDb();
  const rows = await db
    .select({
      dealId: dealAppeals.dealId,
      text: dealAppeals.text,
      createdAt: dealAppeals.createdAt,
      contestedStatus: dealAppeals.contestedStatus,
      title: crevardeDeals.title,
      url: crevardeDeals.url,
      rule: crevardeDeals.moderationRule,
      statement: crevardeDeals.moderationStatement,
      authorEmail: user.email,
    })
    .from(dealAppeals)
    .innerJoin(crevardeDeals, eq(crevardeDeals.id, dealAppeals.dealId))
    .leftJoin(user, eq(user.id, dealAppeals.userId))
    .where(eq(dealAppeals.status, appealStatus.is.pending))
    .orderBy(asc(dealAppeals.createdAt), asc(dealAppeals.dealId))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    ruleLabel: r.rule ? (MODERATION_RULES[r.rule as ModerationRule] ?? r.rule) : null,
  }));
}

/** How many appeals wait for a decision. */
export async function countPendingAppeals() {
  const db = await getDb();
  return db.$count(dealAppeals, eq(dealAppeals.status, appealStatus.is.pending));
}

/**
 * A moderator decides an appeal, in one transaction: « uphold » keeps the
 * decision; « reverse » puts the deal back online (published, its
 * publication date kept when it had one). Audited; the author is e-mailed
 * the outcome and its reasons.
 */
export async function decideAppeal(actor: Actor, input: { dealId: string; decision: "uphold" | "reverse"; statement: string }, now = new Date()) {
  const db = await getDb();
  const env = getEnv();
  const result = await db.transaction(async (tx) => {
    const [appeal] = await tx.select().from(dealAppeals).where(and(eq(dealAppeals.dealId, input.dealId), eq(dealAppeals.status, appealStatus.is.pending))).for("update");
    if (!appeal) throw new DomainError(APPEAL_MESSAGES.appealMissing, 404);
    const [deal] = await tx.select().from(crevardeDeals).where(eq(crevardeDeals.id, input.dealId)).for("update");
    const status = input.decision === "reverse" ? appealStatus.is.reversed : appealStatus.is.upheld;
    appealStatus.transition(appeal.status, status);
    await tx.update(dealAppeals).set({ status, decisionStatement: input.statement, decidedBy: actor.id, decidedAt: now }).where(eq(dealAppeals.dealId, input.dealId));
    if (input.decision === "reverse") {
      await tx
        .update(crevardeDeals)
        .set({ status: dealStatus.transition(deal.status, "published"), publishedAt: deal.publishedAt ?? now, moderatedAt: now, moderationRule: null, moderationStatement: null, updatedAt: now })
        .where(eq(crevardeDeals.id, input.dealId));
    }
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "deal_appeals",
      entityId: input.dealId,
      before: { appeal: appeal.status, deal: deal.status },
      after: { appeal: status, deal: input.decision === "reverse" ? dealStatus.is.published : deal.status, statement: input.statement },
    });
    const [author] = appeal.userId ? await tx.select({ email: user.email }).from(user).where(eq(user.id, appeal.userId)) : [];
    if (author) {
      await sendMail(
        {
          to: author.email,
          subject: APPEAL_DECISION_SUBJECTS[status],
          kind: `deal-appeal-${status}`,
          react: createElement(DealAppealDecisionEmail, { siteName: env.SITE_NAME, siteUrl: env.SITE_URL, title: deal.title, outcome: status, statement: input.statement }),
        },
        { tx },
      );
    }
    return { status, notified: Boolean(author) };
  });
  if (result.status === appealStatus.is.reversed) invalidateAllowedHosts();
  return result;
}
