import { and, asc, count, eq, getTableColumns, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { brands, categories, crevardeDeals, promoCodes } from "../../../db/schema";
import { getDb, type Db } from "~/lib/db.server";

/**
 * Brands of the public catalogue with their category's name, optionally
 * those of one category (by id). "Active deals" counts the brand's deals plus its promo codes that
 * have not expired.
 */
export async function listBrands(options: { categoryId?: string } = {}) {
  const rows = await listBrandsQuery(await getDb(), options);
  return rows.map((r) => ({ ...r, activeDeals: r.codes + r.deals }));
}

/** listBrands()'s query, before the active-deals sum. */
export function listBrandsQuery(db: Db, options: { categoryId?: string } = {}) {
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
      category: categories.name,
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
    .leftJoin(categories, eq(categories.id, brands.categoryId))
    .where(options.categoryId !== undefined ? eq(brands.categoryId, options.categoryId) : undefined)
    .orderBy(asc(brands.name));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A brand by slug or id, with its category's name, or null. */
export async function getBrand(idOrSlug: string) {
  if (idOrSlug.length > 120) return null;
  const db = await getDb();
  const [brand] = await db
    .select({ ...getTableColumns(brands), category: categories.name })
    .from(brands)
    .leftJoin(categories, eq(categories.id, brands.categoryId))
    .where(UUID.test(idOrSlug) ? or(eq(brands.id, idOrSlug), eq(brands.slug, idOrSlug)) : eq(brands.slug, idOrSlug))
    .limit(1);
  return brand ?? null;
}

export async function listBrandDeals(brandId: string) {
  const db = await getDb();
  return db.select().from(crevardeDeals).where(and(eq(crevardeDeals.brandId, brandId))).orderBy(sql`${crevardeDeals.createdAt} desc`).limit(24);
}
