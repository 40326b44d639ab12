/**
 * « Expiré ? » and « Toujours valable » (issue #15 item 5, ADR 036 §Expiry): members
 * flag a published deal expired; once the flags' weight reaches the setting
 * (trusted members count 2, others 1), or its author says so, the deal shows as
 * expired and leaves the hot tab. « Toujours valable » on an expired deal goes
 * to the moderators' queue. The author or a moderator reactivates it.
 */
import { assertNotBlocked } from "#app/modules/members/member-blocks.server";
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { dealStatus } from "./deal-rules";
import { crevardeDeals, dealExpiryFlags } from "#db/schema";
import { getDb, type Db } from "#app/lib/db.server";
import { DomainError } from "#app/lib/errors";
import { can } from "#app/lib/permissions";
import type { Role } from "#db/constants";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { memberVoteWeight } from "./deal-votes.server";
import { isDealExpired } from "./deal-votes";

class DealExpiryError extends DomainError {}

const EXPIRY_MESSAGES = {
  unknown: "Ce deal n'existe pas ou n'est plus en ligne.",
  tooMany: "Tu as fait trop de signalements. Réessaie dans une heure.",
  notExpired: "Ce deal n'est pas marqué expiré.",
  notAllowed: "Seul l'auteur du deal ou un modérateur peut le réactiver.",
  flagged: "Merci, ton signalement est enregistré.",
  expired: "Merci, le deal est maintenant affiché comme expiré.",
  stillValid: "Merci, un modérateur va vérifier ce deal.",
  reactivated: "Le deal est de nouveau actif.",
} as const;

export type ExpiryFlagKind = "expired" | "still_valid";

/** A trusted member's flag counts double (ADR 036 §Expiry): the members whose vote weighs 3 (voteWeight). */
async function flagWeight(tx: Db, userId: string, now: Date): Promise<1 | 2> {
  return (await memberVoteWeight(tx, userId, now)) === 3 ? 2 : 1;
}

/**
 * A member's flag. Returns whether the deal is expired afterwards. A flag on a
 * deal already expired is a no-op (ADR 036 §Expiry); one flag of each kind per
 * member and deal (primary key). Throws DealExpiryError.
 */
export async function flagDeal(input: { userId: string; dealId: string; kind: ExpiryFlagKind; now?: Date }): Promise<{ expired: boolean; message: string }> {
  const now = input.now ?? new Date();
  if (!(await hitRateLimit(RATE_LIMITS.dealFlag, `user:${input.userId}`)).allowed) throw new DealExpiryError(EXPIRY_MESSAGES.tooMany, 429);
  const threshold = await getSetting("deal_expiry_flag_threshold");
  const db = await getDb();
  return db.transaction(async (tx) => {
    await assertNotBlocked(input.userId, now, tx);
    const [deal] = await tx
      .select({ status: crevardeDeals.status, authorId: crevardeDeals.authorId, expiredAt: crevardeDeals.expiredAt, expiresAt: crevardeDeals.expiresAt })
      .from(crevardeDeals)
      .where(eq(crevardeDeals.id, input.dealId))
      .for("update");
    if (!deal || deal.status !== dealStatus.is.published) throw new DealExpiryError(EXPIRY_MESSAGES.unknown, 404);
    const expired = isDealExpired(deal, now);
    if (input.kind === "still_valid") {
      if (!expired) throw new DealExpiryError(EXPIRY_MESSAGES.notExpired, 409);
      await tx.insert(dealExpiryFlags).values({ dealId: input.dealId, userId: input.userId, kind: "still_valid", weight: 1, createdAt: now }).onConflictDoNothing();
      return { expired: true, message: EXPIRY_MESSAGES.stillValid };
    }
    if (expired) return { expired: true, message: EXPIRY_MESSAGES.expired };
    const weight = deal.authorId === input.userId ? threshold : await flagWeight(tx, input.userId, now);
    await tx.insert(dealExpiryFlags).values({ dealId: input.dealId, userId: input.userId, kind: "expired", weight, createdAt: now }).onConflictDoNothing();
    const [sum] = await tx
      .select({ weight: sql<number>`coalesce(sum(${dealExpiryFlags.weight}), 0)::int` })
      .from(dealExpiryFlags)
      .where(and(eq(dealExpiryFlags.dealId, input.dealId), eq(dealExpiryFlags.kind, "expired")));
    if (sum.weight < threshold) return { expired: false, message: EXPIRY_MESSAGES.flagged };
    await tx.update(crevardeDeals).set({ expiredAt: now, updatedAt: now }).where(eq(crevardeDeals.id, input.dealId));
    return { expired: true, message: EXPIRY_MESSAGES.expired };
  });
}

/**
 * Reactivate an expired deal: its author, or anyone who may moderate (with an
 * audit entry in the same transaction). The flags go, so counting starts
 * again, and a past end date is cleared (or the expiry job would expire it again).
 */
export async function reactivateDeal(actor: { id: string; email: string; role: Role }, dealId: string, now = new Date()) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [deal] = await tx.select().from(crevardeDeals).where(eq(crevardeDeals.id, dealId)).for("update");
    if (!deal || deal.status !== dealStatus.is.published) throw new DealExpiryError(EXPIRY_MESSAGES.unknown, 404);
    const moderator = can(actor.role, "moderation");
    if (deal.authorId !== actor.id && !moderator) throw new DealExpiryError(EXPIRY_MESSAGES.notAllowed, 403);
    // expired by a flag, or by its end date before the expiry job has run
    if (!isDealExpired(deal, now)) throw new DealExpiryError(EXPIRY_MESSAGES.notExpired, 409);
    const expiresAt = deal.expiresAt && deal.expiresAt <= now ? null : deal.expiresAt;
    await tx.update(crevardeDeals).set({ expiredAt: null, expiresAt, updatedAt: now }).where(eq(crevardeDeals.id, dealId));
    await tx.delete(dealExpiryFlags).where(eq(dealExpiryFlags.dealId, dealId));
    if (moderator && deal.authorId !== actor.id) {
      await recordAuditIn(tx, actor, {
        action: "update",
        entity: "deal-expiry",
        entityId: dealId,
        before: { expiredAt: deal.expiredAt?.toISOString() ?? null, expiresAt: deal.expiresAt?.toISOString() ?? null },
        after: { expiredAt: null, expiresAt: expiresAt?.toISOString() ?? null },
      });
    }
  });
  return { message: EXPIRY_MESSAGES.reactivated };
}

/** The moderators' queue: expired deals that members say are still valid, most reported first. */
export async function listStillValidReports(limit = 50, offset = 0) {
  const db = await getDb();
  const reports = await db
    .select({ dealId: dealExpiryFlags.dealId, reports: sql<number>`count(*)::int`, lastAt: sql<Date>`max(${dealExpiryFlags.createdAt})`.mapWith(dealExpiryFlags.createdAt) })
    .from(dealExpiryFlags)
    .innerJoin(crevardeDeals, eq(crevardeDeals.id, dealExpiryFlags.dealId))
    .where(
      and(
        eq(dealExpiryFlags.kind, "still_valid"),
        or(isNotNull(crevardeDeals.expiredAt), sql`${crevardeDeals.expiresAt} <= now()`),
        eq(crevardeDeals.status, dealStatus.is.published),
      ),
    )
    .groupBy(dealExpiryFlags.dealId)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${dealExpiryFlags.createdAt})`), dealExpiryFlags.dealId)
    .limit(limit)
    .offset(offset);
  if (reports.length === 0) return [];
  const deals = await db
    .select({ id: crevardeDeals.id, title: crevardeDeals.title, expiredAt: sql<Date>`coalesce(${crevardeDeals.expiredAt}, ${crevardeDeals.expiresAt})`.mapWith(crevardeDeals.expiredAt) })
    .from(crevardeDeals)
    .where(inArray(crevardeDeals.id, reports.map((r) => r.dealId)));
  const byId = new Map(deals.map((d) => [d.id, d]));
  return reports.map((r) => ({
    dealId: r.dealId,
    title: byId.get(r.dealId)!.title,
    expiredAt: byId.get(r.dealId)!.expiredAt!.toISOString(),
    reports: r.reports,
    lastAt: r.lastAt.toISOString(),
  }));
}

/** How many expired deals members say are still valid (the count of listStillValidReports' queue). */
export async function countStillValidReports() {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${dealExpiryFlags.dealId})::int` })
    .from(dealExpiryFlags)
    .innerJoin(crevardeDeals, eq(crevardeDeals.id, dealExpiryFlags.dealId))
    .where(and(eq(dealExpiryFlags.kind, "still_valid"), or(isNotNull(crevardeDeals.expiredAt), sql`${crevardeDeals.expiresAt} <= now()`), eq(crevardeDeals.status, dealStatus.is.published)));
  return row?.n ?? 0;
}

/** What a viewer has flagged on one deal (to show the buttons pressed). */
export async function viewerFlags(userId: string, dealId: string): Promise<ExpiryFlagKind[]> {
  const db = await getDb();
  const rows = await db
    .select({ kind: dealExpiryFlags.kind })
    .from(dealExpiryFlags)
    .where(and(eq(dealExpiryFlags.userId, userId), eq(dealExpiryFlags.dealId, dealId)));
  return rows.map((r) => r.kind as ExpiryFlagKind);
}
