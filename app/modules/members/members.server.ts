import { and, desc, eq, sql } from "drizzle-orm";
import { brands, crevardeDeals, profiles, user } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { NEW_DEAL_WINDOW_MS } from "#app/modules/deals/deal-rules";
import { memberVoteWeight } from "#app/modules/deals/deal-votes.server";
import { dealCardColumns, publicDeal, publicDeals } from "#app/modules/deals/deals.server";
import { memberBadges, memberSince, MEMBER_BADGES } from "./member-badges";

/** Deals per page of a member's public page. */
const MEMBER_DEALS_PAGE_SIZE = 24;

/**
 * A member's public page (issue #15 item 9): the pseudo, the month they
 * joined, their published deals (newest first, paginated), the sum of those
 * deals' temperatures, their vote weight and badges. Never the e-mail or any
 * other personal data. Found by pseudo whatever its case; a member without a
 * pseudo has no page (null: 404).
 */
export async function getMemberProfile(pseudo: string, page: number, signedIn: boolean, now = new Date()) {
  const db = await getDb();
  const [member] = await db
    .select({ id: profiles.id, username: profiles.username, createdAt: user.createdAt })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(sql`lower(${profiles.username}) = lower(${pseudo.trim()})`)
    .limit(1);
  if (!member?.username) return null;
  // a deal's temperature stays hidden while it is new (visibleTemperature): it counts once shown
  const shown = sql`${crevardeDeals.publishedAt} <= ${new Date(now.getTime() - NEW_DEAL_WINDOW_MS)}`;
  const [[stats], rows, weight] = await Promise.all([
    db
      .select({
        publishedDeals: sql<number>`count(*)::int`,
        temperatureTotal: sql<number>`coalesce(sum(${crevardeDeals.temperature}) filter (where ${shown}), 0)::int`,
        bestTemperature: sql<number>`coalesce(max(${crevardeDeals.temperature}) filter (where ${shown}), 0)::int`,
      })
      .from(crevardeDeals)
      .where(and(eq(crevardeDeals.authorId, member.id), publicDeal(now))),
    db
      .select(dealCardColumns)
      .from(crevardeDeals)
      .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
      .where(and(eq(crevardeDeals.authorId, member.id), publicDeal(now)))
      .orderBy(sql`${crevardeDeals.publishedAt} desc nulls last`, desc(crevardeDeals.id))
      .limit(MEMBER_DEALS_PAGE_SIZE + 1)
      .offset((page - 1) * MEMBER_DEALS_PAGE_SIZE),
    memberVoteWeight(db, member.id, now),
  ]);
  return {
    username: member.username,
    memberSince: memberSince(member.createdAt),
    publishedDeals: stats.publishedDeals,
    temperatureTotal: stats.temperatureTotal,
    voteWeight: weight,
    badges: memberBadges(stats).map((b) => ({ id: b, ...MEMBER_BADGES[b] })),
    deals: await publicDeals(rows.slice(0, MEMBER_DEALS_PAGE_SIZE), signedIn, { now }),
    page,
    hasNext: rows.length > MEMBER_DEALS_PAGE_SIZE,
  };
}

/** The members with published deals, for the sitemap (the others' pages are noindex). */
export async function membersWithDeals(now = new Date(), limit = 5000) {
  const db = await getDb();
  return db
    .select({ username: sql<string>`${profiles.username}`, lastmod: sql<Date>`max(${crevardeDeals.publishedAt})`.mapWith(crevardeDeals.publishedAt) })
    .from(profiles)
    .innerJoin(crevardeDeals, and(eq(crevardeDeals.authorId, profiles.id), publicDeal(now)))
    .where(sql`${profiles.username} is not null`)
    .groupBy(profiles.id, profiles.username)
    .orderBy(desc(sql`max(${crevardeDeals.publishedAt})`))
    .limit(limit);
}
