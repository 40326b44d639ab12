import { desc, eq, sql, type SQL } from "drizzle-orm";
import { brands, crevardeDeals } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { DEALS_PAGE_SIZE, FEATURED_DEALS_LIMIT, likePattern, type DealSearch } from "./deals.schema";

const columns = {
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

export async function listFeaturedDeals(limit = FEATURED_DEALS_LIMIT) {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(crevardeDeals)
    .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(eq(crevardeDeals.isFeatured, true))
    .orderBy(desc(crevardeDeals.createdAt))
    .limit(limit);
  return rows.map(serialize);
}

/** The newest deals of the brands of one category (brands.category), 24 at most. */
export async function listCategoryDeals(categoryName: string, limit = DEALS_PAGE_SIZE) {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(crevardeDeals)
    .innerJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(eq(brands.category, categoryName))
    .orderBy(desc(crevardeDeals.createdAt), desc(crevardeDeals.id))
    .limit(limit);
  return rows.map(serialize);
}

function serialize<T extends { createdAt: Date; badgeType: string }>(row: T) {
  return {
    ...row,
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

export async function searchDeals(search: DealSearch) {
  const db = await getDb();
  const where = dealSearchWhere(search);
  const offset = (search.page - 1) * DEALS_PAGE_SIZE;
  const rows = await db
    .select(columns)
    .from(crevardeDeals)
    .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(where)
    .orderBy(desc(crevardeDeals.createdAt), desc(crevardeDeals.id))
    .limit(DEALS_PAGE_SIZE + 1)
    .offset(offset);
  return {
    deals: rows.slice(0, DEALS_PAGE_SIZE).map(serialize),
    hasNext: rows.length > DEALS_PAGE_SIZE,
    page: search.page,
  };
}
