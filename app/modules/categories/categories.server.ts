import { and, asc, eq, exists, or, sql } from "drizzle-orm";
import { brands, categories, promoCodes } from "#db/schema";
import { cachedRead } from "#app/lib/data-cache.server";
import { getDb } from "#app/lib/db.server";
import { scheduledRead } from "#app/modules/schedule/schedule.server";
import { listBrands } from "#app/modules/brands/brands.server";
import { listCategoryDeals } from "#app/modules/deals/deals.server";
import { listCategoryCodes, nextPublicCodeExpiry, publicCode } from "#app/modules/promo-codes/promo-codes.server";
import { SLUG_SHAPE } from "#app/lib/site";

/**
 * The categories that have something to show, by name: a brand filed under
 * them (its page lists the brand, its codes and deals) or a live promo code
 * filed under them. Empty ones are left out of /categories and the sitemap
 * (issue #11 item 9); their page still answers. The same for everyone: kept until a category, brand or code
 * changes, a code enters or leaves its window, or the next live code expires (ADR 026, ADR 030).
 */
export async function listNonEmptyCategories(now = new Date()) {
  const { rows } = await scheduledRead(
    "categories:non-empty",
    ["categories", "brands", "promo_codes"],
    now,
    async () => {
      const [rows, next] = await Promise.all([readNonEmptyCategories(now), nextCodeExpiry(now)]);
      return { rows, next };
    },
    { expiresAt: ({ next }) => next },
  );
  return rows;
}

/** When the next public code expires (a category that only it filled empties then), or null. */
async function nextCodeExpiry(now: Date): Promise<Date | null> {
  const db = await getDb();
  const { rows } = (await db.execute(sql`select ${nextPublicCodeExpiry(now)} as next`)) as unknown as { rows: Array<{ next: Date | string | null }> };
  const next = rows[0]?.next;
  return next ? new Date(next) : null;
}

async function readNonEmptyCategories(now: Date) {
  const db = await getDb();
  const one = sql`1`;
  return db
    .select()
    .from(categories)
    .where(
      or(
        exists(db.select({ one }).from(brands).where(eq(brands.categoryId, categories.id))),
        exists(db.select({ one }).from(promoCodes).where(and(eq(promoCodes.categoryId, categories.id), publicCode(now)))),
      ),
    )
    .orderBy(asc(categories.name));
}

/**
 * A category by slug, or null (anything that is not a slug is null without a query). Kept until a category changes
 * (ADR 026); an unknown slug takes no place.
 */
async function getCategory(slug: string) {
  if (!SLUG_SHAPE.test(slug)) return null;
  return cachedRead(`categories:one:${slug}`, ["categories"], () => readCategory(slug), { keep: (category) => category !== null });
}

async function readCategory(slug: string) {
  const db = await getDb();
  const [category] = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  return category ?? null;
}

/**
 * Everything a category page shows: the category's brands (by
 * brands.category_id, so renaming the category keeps them), its live promo codes (masked for anonymous
 * visitors) and the newest deals of those brands. Null for an unknown slug.
 */
export async function getCategoryPage(slug: string, viewerId: string | null, now = new Date()) {
  const signedIn = viewerId !== null;
  const category = await getCategory(slug);
  if (!category) return null;
  const [brands, codes, deals] = await Promise.all([
    listBrands({ categoryId: category.id, now }),
    listCategoryCodes(category.id, viewerId, now),
    listCategoryDeals(category.id, signedIn, undefined, now),
  ]);
  return {
    category: { id: category.id, name: category.name, slug: category.slug, description: category.description, imageUrl: category.imageUrl },
    brands,
    codes,
    deals,
  };
}
