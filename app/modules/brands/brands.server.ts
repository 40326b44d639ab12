import { and, asc, count, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { brands, crevardeDeals, promoCodes } from "../../../db/schema";
import { getDb, type Db } from "~/lib/db.server";

/**
 * Brands of the public catalogue, optionally those of one category (by
 * name). "Active deals" counts the brand's deals plus its promo codes that
 * have not expired.
 */
export async function listBrands(options: { category?: string } = {}) {
  const rows = await listBrandsQuery(await getDb(), options);
  return rows.map((r) => ({ ...r, activeDeals: r.codes + r.deals }));
}

/** listBrands()'s query, before the active-deals sum. */
export function listBrandsQuery(db: Db, options: { category?: string } = {}) {
  const activeCodes = db
    .select({ brandId: promoCodes.brandId, n: count().as("codes_n") })
    .from(promoCodes)
    .where(or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, sql`now()`)))
    .groupBy(promoCodes.brandId)
    .as("active_codes");
  // only branded deals: marketplace deals (most of the table) have no brand,
  // and crevarde_deals_brand_idx skips them instead of scanning every deal
  const deals = db
    .select({ brandId: crevardeDeals.brandId, n: count().as("deals_n") })
    .from(crevardeDeals)
    .where(isNotNull(crevardeDeals.brandId))
    .groupBy(crevardeDeals.brandId)
    .as("brand_deals");
  return db
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      category: brands.category,
      description: brands.description,
      imageUrl: brands.imageUrl,
      maxDiscountPercent: brands.maxDiscountPercent,
      cashbackPercent: brands.cashbackPercent,
      codes: sql<number>`coalesce(${activeCodes.n}, 0)::int`,
      deals: sql<number>`coalesce(${deals.n}, 0)::int`,
    })
    .from(brands)
    .leftJoin(activeCodes, eq(activeCodes.brandId, brands.id))
    .leftJoin(deals, eq(deals.brandId, brands.id))
    .where(options.category !== undefined ? eq(brands.category, options.category) : undefined)
    .orderBy(asc(brands.name));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A brand by slug or id, or null. */
export async function getBrand(idOrSlug: string) {
  if (idOrSlug.length > 120) return null;
  const db = await getDb();
  const [brand] = await db
    .select()
    .from(brands)
    .where(UUID.test(idOrSlug) ? or(eq(brands.id, idOrSlug), eq(brands.slug, idOrSlug)) : eq(brands.slug, idOrSlug))
    .limit(1);
  return brand ?? null;
}

export async function listBrandDeals(brandId: string) {
  const db = await getDb();
  return db.select().from(crevardeDeals).where(and(eq(crevardeDeals.brandId, brandId))).orderBy(sql`${crevardeDeals.createdAt} desc`).limit(24);
}
