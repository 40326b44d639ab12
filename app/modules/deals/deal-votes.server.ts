import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { brands, codeFeedback, crevardeDeals, dealVotes, user } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { DomainError } from "#app/lib/errors";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { dealStatus, HOT_THRESHOLD, voteWeight, type ColdVoteReason } from "./deal-rules";
import {
  dampedWeight,
  isBurstVote,
  isDealExpired,
  NEW_ACCOUNT_DAYS,
  nextVote,
  temperatureDelta,
  VOTE_MESSAGES,
  type DampingReason,
  type VoteChoice,
  type VoteValue,
} from "./deal-votes";
import { crossesAlertThreshold, enqueueAlertMatch } from "#app/modules/alerts/alerts.server";
import { isInSchedule } from "#app/modules/schedule/schedule";
import { dealCardColumns, isPublicDeal, publicDeals } from "./deals.server";
import { assertNotBlocked } from "#app/modules/members/member-blocks.server";
import { absoluteUrl } from "#app/lib/seo";

/* Typed refusals of a vote (ADR 025): the route answers with their status and French message. */
class DealNotFoundError extends DomainError {
  constructor() {
    super(VOTE_MESSAGES.notFound, 404);
  }
}
class OwnDealVoteError extends DomainError {
  constructor() {
    super(VOTE_MESSAGES.ownDeal, 403);
  }
}
class ExpiredDealVoteError extends DomainError {
  constructor() {
    super(VOTE_MESSAGES.expired, 409);
  }
}
class VoteRateLimitError extends DomainError {
  constructor() {
    super(VOTE_MESSAGES.tooMany, 429);
  }
}
class ColdReasonWithoutVoteError extends DomainError {
  constructor() {
    super(VOTE_MESSAGES.noColdVote, 409);
  }
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>["transaction"]>[0]>[0];

/** The member's vote weight (voteWeight) from what the database knows about them; strikes are 0 until moderation lands. */
export async function memberVoteWeight(db: Tx | Awaited<ReturnType<typeof getDb>>, userId: string, now: Date): Promise<1 | 2 | 3> {
  const [member] = await db.select({ createdAt: user.createdAt, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!member) return 1;
  const [[posted], [answers]] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int`, average: sql<number>`coalesce(avg(${crevardeDeals.temperature}), 0)::float8` })
      .from(crevardeDeals)
      .where(and(eq(crevardeDeals.authorId, userId), isPublicDeal)),
    db.select({ count: sql<number>`count(*)::int` }).from(codeFeedback).where(eq(codeFeedback.userId, userId)),
  ]);
  return voteWeight({
    createdAt: member.createdAt,
    emailVerified: member.emailVerified,
    contributions: posted.count + answers.count,
    strikes: 0,
    publishedDeals: posted.count,
    averageTemperature: posted.average,
    now,
  });
}

export interface VoteOutcome {
  /** the member's vote after the click (null: none) */
  mine: VoteValue | null;
  reason: ColdVoteReason | null;
  /** the weight counted (0 when damped) */
  weight: number;
}

/**
 * A member clicks 🔥 or ❄️ on a published deal: the same again undoes, the
 * other changes (ADR 036 §Votes). One row per member and deal (primary key); the
 * deal's row is locked for the transaction, and the temperature moves by the
 * delta in SQL (`temperature = temperature + delta`), so concurrent votes
 * always sum exactly. hot_since is set the first time it reaches HOT_THRESHOLD.
 * Refusals: 404 not public, 403 own deal, 409 expired, 429 more than 30 votes
 * in 10 minutes (undos count).
 */
export async function castDealVote(input: { userId: string; dealId: string; choice: VoteChoice; visitorHash: string | null; now?: Date }): Promise<VoteOutcome> {
  const now = input.now ?? new Date();
  if (!(await hitRateLimit(RATE_LIMITS.dealVote, `user:${input.userId}`)).allowed) throw new VoteRateLimitError();
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockVotableDeal(tx, input.dealId, input.userId, now);
    const [existing] = await tx
      .select({ value: dealVotes.value, weight: dealVotes.weight })
      .from(dealVotes)
      .where(and(eq(dealVotes.dealId, input.dealId), eq(dealVotes.userId, input.userId)));
    const next = nextVote(existing ? (existing.value as VoteValue) : null, input.choice);
    let after: { value: number; weight: number } | null = null;
    if (next === null) {
      await tx.delete(dealVotes).where(and(eq(dealVotes.dealId, input.dealId), eq(dealVotes.userId, input.userId)));
    } else {
      const counted = await votingWeight(tx, input.dealId, input.userId, input.visitorHash, now);
      after = { value: next, weight: counted.weight };
      await tx
        .insert(dealVotes)
        .values({ dealId: input.dealId, userId: input.userId, value: next, weight: after.weight, visitorHash: input.visitorHash, dampedReason: counted.dampedReason })
        .onConflictDoUpdate({
          target: [dealVotes.dealId, dealVotes.userId],
          set: { value: next, weight: after.weight, reason: null, visitorHash: input.visitorHash, dampedReason: counted.dampedReason, updatedAt: sql`now()` },
        });
    }
    await moveTemperature(tx, input.dealId, temperatureDelta(existing ?? null, after));
    return { mine: next, reason: null, weight: after?.weight ?? 0 };
  });
}

/** The optional « Pourquoi ? » of a cold vote: sets (or clears) the reason of the member's cold vote; no cold vote → 409. */
export async function setColdVoteReason(input: { userId: string; dealId: string; reason: ColdVoteReason | null; now?: Date }): Promise<VoteOutcome> {
  const now = input.now ?? new Date();
  if (!(await hitRateLimit(RATE_LIMITS.dealVote, `user:${input.userId}`)).allowed) throw new VoteRateLimitError();
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockVotableDeal(tx, input.dealId, input.userId, now);
    const [row] = await tx
      .update(dealVotes)
      .set({ reason: input.reason, updatedAt: sql`now()` })
      .where(and(eq(dealVotes.dealId, input.dealId), eq(dealVotes.userId, input.userId), eq(dealVotes.value, -1)))
      .returning({ weight: dealVotes.weight });
    if (!row) throw new ColdReasonWithoutVoteError();
    return { mine: -1, reason: input.reason, weight: row.weight };
  });
}

/** Lock the deal's row (votes on one deal run one after the other) and check it may be voted by this member (not blocked). */
async function lockVotableDeal(tx: Tx, dealId: string, userId: string, now: Date) {
  await assertNotBlocked(userId, now, tx);
  const [deal] = await tx
    .select({ status: crevardeDeals.status, authorId: crevardeDeals.authorId, expiredAt: crevardeDeals.expiredAt, expiresAt: crevardeDeals.expiresAt })
    .from(crevardeDeals)
    .where(eq(crevardeDeals.id, dealId))
    .for("no key update");
  if (!deal || deal.status !== dealStatus.is.published) throw new DealNotFoundError();
  if (deal.authorId === userId) throw new OwnDealVoteError();
  if (isDealExpired(deal, now)) throw new ExpiredDealVoteError();
}

/**
 * The member's weight, 0 (with the reason) when more than
 * MAX_ACCOUNTS_PER_VISITOR_HASH other accounts voted this deal from the same
 * visitor hash, or when the account is new and the deal already got
 * MAX_NEW_ACCOUNT_VOTES_PER_HOUR votes from new accounts in the hour. The
 * deal's row is locked (lockVotableDeal): these counts cannot race.
 */
async function votingWeight(tx: Tx, dealId: string, userId: string, visitorHash: string | null, now: Date): Promise<{ weight: number; dampedReason: DampingReason | null }> {
  const weight = await memberVoteWeight(tx, userId, now);
  if (visitorHash) {
    const [same] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(dealVotes)
      .where(and(eq(dealVotes.dealId, dealId), eq(dealVotes.visitorHash, visitorHash), ne(dealVotes.userId, userId)));
    if (dampedWeight(weight, same.count) === 0) return { weight: 0, dampedReason: "visitor_hash" };
  }
  const [member] = await tx.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
  const newSince = new Date(now.getTime() - NEW_ACCOUNT_DAYS * 86_400_000);
  if (member && member.createdAt > newSince) {
    const [burst] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(dealVotes)
      .innerJoin(user, eq(user.id, dealVotes.userId))
      .where(and(eq(dealVotes.dealId, dealId), ne(dealVotes.userId, userId), sql`${dealVotes.updatedAt} > ${new Date(now.getTime() - 3_600_000)}`, sql`${user.createdAt} > ${newSince}`));
    if (isBurstVote(member.createdAt, now, burst.count)) return { weight: 0, dampedReason: "new_account_burst" };
  }
  return { weight, dampedReason: null };
}

/** Move the temperature by `delta`; crossing an alert temperature (50°, 100°, 200°) upwards queues the deal's alert matching. */
async function moveTemperature(tx: Tx, dealId: string, delta: number) {
  if (delta === 0) return;
  const [moved] = await tx
    .update(crevardeDeals)
    .set({
      temperature: sql`${crevardeDeals.temperature} + ${delta}`,
      hotSince: sql`case when ${crevardeDeals.hotSince} is null and ${crevardeDeals.temperature} + ${delta} >= ${HOT_THRESHOLD} then now() else ${crevardeDeals.hotSince} end`,
      // a vote is no edit: the version an admin's open form carries stays valid (issue #17, conflicts)
      updatedAt: sql`${crevardeDeals.updatedAt}`,
    })
    .where(eq(crevardeDeals.id, dealId))
    .returning({ temperature: crevardeDeals.temperature });
  if (moved && crossesAlertThreshold(moved.temperature - delta, moved.temperature)) await enqueueAlertMatch(tx, dealId, "threshold");
}

export type MemberVote = { value: VoteValue; reason: ColdVoteReason | null };

/** A member's vote as a deal_votes row holds it. */
export const memberVoteOf = (row: { value: number; reason: string | null }): MemberVote => ({ value: row.value as VoteValue, reason: (row.reason as ColdVoteReason | null) ?? null });

/** The member's votes on these deals (value and cold reason). */
export async function memberVotes(userId: string, dealIds: readonly string[]): Promise<Record<string, MemberVote>> {
  if (dealIds.length === 0) return {};
  const db = await getDb();
  const rows = await db
    .select({ dealId: dealVotes.dealId, value: dealVotes.value, reason: dealVotes.reason })
    .from(dealVotes)
    .where(and(eq(dealVotes.userId, userId), inArray(dealVotes.dealId, [...dealIds])));
  return Object.fromEntries(rows.map((r) => [r.dealId, memberVoteOf(r)]));
}

/**
 * The deal page's deal: public when published; its author also sees it while
 * pending, rejected or removed (with its status). null otherwise (404).
 * The temperature is hidden while new, except from the author (toPublicDeal).
 */
export async function getDealPage(dealId: string, viewer: { id: string } | null, now = new Date()) {
  const db = await getDb();
  const [row] = await db
    .select({
      ...dealCardColumns,
      brandSlug: brands.slug,
      status: crevardeDeals.status,
      priceCents: crevardeDeals.priceCents,
      publishAt: crevardeDeals.publishAt,
      unpublishAt: crevardeDeals.unpublishAt,
      draft: crevardeDeals.draft,
    })
    .from(crevardeDeals)
    .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(eq(crevardeDeals.id, dealId));
  if (!row) return null;
  const { status, publishAt, unpublishAt, draft, ...card } = row;
  const isAuthor = viewer !== null && card.authorId === viewer.id;
  // outside its schedule (ADR 030), or a draft (ADR 047), a deal is not public either
  if ((status !== dealStatus.is.published || !isInSchedule({ publishAt, unpublishAt, draft }, now)) && !isAuthor) return null;
  const [deal] = await publicDeals([card], viewer !== null, { viewerId: viewer?.id ?? null, now });
  const mine = viewer ? ((await memberVotes(viewer.id, [dealId]))[dealId] ?? null) : null;
  return { deal: { ...deal, status }, isAuthor, mine };
}

/** The member's votes, for the data export. */
export async function exportDealVotes(userId: string) {
  const db = await getDb();
  return db
    .select({
      dealId: dealVotes.dealId,
      deal: crevardeDeals.title,
      vote: sql<string>`case when ${dealVotes.value} > 0 then 'hot' else 'cold' end`,
      weight: dealVotes.weight,
      reason: dealVotes.reason,
      votedAt: dealVotes.createdAt,
      changedAt: dealVotes.updatedAt,
    })
    .from(dealVotes)
    .leftJoin(crevardeDeals, eq(crevardeDeals.id, dealVotes.dealId))
    .where(eq(dealVotes.userId, userId))
    .orderBy(dealVotes.createdAt);
}

/**
 * The deal page's Product/Offer JSON-LD (schema.org): name, image, description,
 * the offer's price in EUR, its URL and availability (Discontinued once
 * expired). Never the temperature.
 */
export function dealJsonLd(
  deal: { id: string; title: string; description: string; imageUrl: string | null; priceCents: number | null; brandName: string | null; expired: boolean },
  siteUrl: string,
) {
  const url = `${siteUrl}/coup-de-crevarde/${deal.id}`;
  const image = deal.imageUrl ? absoluteUrl(siteUrl, deal.imageUrl) : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: deal.title,
    image,
    description: deal.description,
    brand: deal.brandName ? { "@type": "Brand", name: deal.brandName } : undefined,
    offers: {
      "@type": "Offer",
      price: deal.priceCents === null ? undefined : (deal.priceCents / 100).toFixed(2),
      priceCurrency: "EUR",
      url,
      availability: deal.expired ? "https://schema.org/Discontinued" : "https://schema.org/InStock",
    },
  };
}

/**
 * For moderators: deals with votes that counted 0 because more than
 * MAX_ACCOUNTS_PER_VISITOR_HASH accounts voted them from one browser, in the
 * last 30 days, most damped first.
 */
export async function listDampedVotes(limit = 30) {
  const db = await getDb();
  const rows = await db
    .select({
      dealId: dealVotes.dealId,
      title: crevardeDeals.title,
      damped: sql<number>`(count(*) filter (where ${dealVotes.weight} = 0))::int`,
      votes: sql<number>`count(*)::int`,
      browsers: sql<number>`(count(distinct ${dealVotes.visitorHash}) filter (where ${dealVotes.weight} = 0 and ${dealVotes.dampedReason} is distinct from 'new_account_burst'))::int`,
      bursts: sql<number>`(count(*) filter (where ${dealVotes.dampedReason} = 'new_account_burst'))::int`,
      lastAt: sql<Date>`max(${dealVotes.updatedAt})`.mapWith(dealVotes.updatedAt),
    })
    .from(dealVotes)
    .innerJoin(crevardeDeals, eq(crevardeDeals.id, dealVotes.dealId))
    .where(sql`${dealVotes.updatedAt} > now() - interval '30 days'`)
    .groupBy(dealVotes.dealId, crevardeDeals.title)
    .having(sql`count(*) filter (where ${dealVotes.weight} = 0) > 0`)
    .orderBy(sql`count(*) filter (where ${dealVotes.weight} = 0) desc`, desc(sql`max(${dealVotes.updatedAt})`))
    .limit(limit);
  return rows.map((r) => ({ ...r, lastAt: r.lastAt.toISOString() }));
}
