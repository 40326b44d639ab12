import { desc, eq, sql, type SQL } from "drizzle-orm";
import { brands, crevardeDeals } from "../../../db/schema";
import { getDb, type Db } from "~/lib/db.server";
import { maskCode } from "~/modules/promo-codes/promo-codes";
import { isDealCode } from "./deals.constants";
import { DEALS_PAGE_SIZE, FEATURED_DEALS_LIMIT, likePattern, type DealSearch } from "./deals.schema";

/** What a deal card shows, with its brand (left join on brands). */
export const dealCardColumns = {
  id: crevardeDeals.id,
  title: crevardeDeals.title,
  description: crevardeDeals.description,
  price: crevardeDeals.price,
  originalPrice: crevardeDeals.originalPrice,
  imageUrl: crevardeDeals.imageUrl,
  source: crevardeDeals.source,
  badgeText: crevardeDeals.badgeText,
  badgeType: crevardeDeals.badgeType,
  ctaText: crevardeDeals.ctaText,
  url: crevardeDeals.url,
  brandId: crevardeDeals.brandId,
  brandName: brands.name,
  brandImage: brands.imageUrl,
  createdAt: crevardeDeals.createdAt,
};

export type DealRow = Awaited<ReturnType<typeof listFeaturedDeals>>[number];

/**
 * Newest first, id as the tie-breaker for stable pages. "nulls last" matches
 * the created_at indexes (created_at is never null, so the order is the same):
 * without it PostgreSQL cannot read them in order and sorts every matching
 * row, which on 100,000 deals is 100 ms per page instead of under 1 ms.
 */
export const NEWEST_FIRST = [sql`${crevardeDeals.createdAt} desc nulls last`, desc(crevardeDeals.id)];

export async function listFeaturedDeals(signedIn: boolean, limit = FEATURED_DEALS_LIMIT) {
  const db = await getDb();
  const rows = await db
    .select(dealCardColumns)
    .from(crevardeDeals)
    .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(eq(crevardeDeals.isFeatured, true))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map((r) => toPublicDeal(r, signedIn));
}

/** The newest deals of the brands of one category (brands.category_id), 24 at most. */
export async function listCategoryDeals(categoryId: string, signedIn: boolean, limit = DEALS_PAGE_SIZE) {
  const db = await getDb();
  const rows = await db
    .select(dealCardColumns)
    .from(crevardeDeals)
    .innerJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(eq(brands.categoryId, categoryId))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map((r) => toPublicDeal(r, signedIn));
}

/**
 * Shape a deal row for the client. A deal's code (cta_text) is for members,
 * like promo codes (public-site.md §5, §6): for visitors it leaves the server
 * masked, and `codeMasked` tells the card to show the sign-up prompt instead
 * of the copy button.
 */
export function toPublicDeal<T extends { createdAt: Date; badgeType: string; ctaText: string }>(row: T, signedIn: boolean) {
  const codeMasked = !signedIn && isDealCode(row.ctaText);
  return {
    ...row,
    ctaText: codeMasked ? maskCode(row.ctaText) : row.ctaText,
    codeMasked,
    badgeType: (["hot", "risky", "fun"].includes(row.badgeType) ? row.badgeType : "hot") as "hot" | "risky" | "fun",
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Case-insensitive search over title and description, combined with the
 * source filter. The expression matches the trigram index
 * crevarde_deals_search_idx, so it stays fast on large tables.
 */
export function dealSearchWhere(search: Pick<DealSearch, "q" | "source">): SQL | undefined {
  const parts: SQL[] = [];
  if (search.q) {
    parts.push(sql`lower(${crevardeDeals.title} || ' ' || ${crevardeDeals.description}) like ${likePattern(search.q)}`);
  }
  if (search.source !== "all") parts.push(sql`lower(${crevardeDeals.source}) = ${search.source}`);
  if (parts.length === 0) return undefined;
  return sql.join(parts, sql` and `);
}

/** The deals page's query (one page plus one row, to know whether a next page exists). */
export function searchDealsQuery(db: Db, search: DealSearch) {
  return db
    .select(dealCardColumns)
    .from(crevardeDeals)
    .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(dealSearchWhere(search))
    .orderBy(...NEWEST_FIRST)
    .limit(DEALS_PAGE_SIZE + 1)
    .offset((search.page - 1) * DEALS_PAGE_SIZE);
}

export async function searchDeals(search: DealSearch, signedIn: boolean) {
  const rows = await searchDealsQuery(await getDb(), search);
  return {
    deals: rows.slice(0, DEALS_PAGE_SIZE).map((r) => toPublicDeal(r, signedIn)),
    hasNext: rows.length > DEALS_PAGE_SIZE,
    page: search.page,
  };
}
