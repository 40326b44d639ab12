import { eq } from "drizzle-orm";
import { categories } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { listBrands } from "~/modules/brands/brands.server";
import { listCategoryDeals } from "~/modules/deals/deals.server";
import { listCategoryCodes } from "~/modules/promo-codes/promo-codes.server";

/** A category by slug, or null (anything that is not a slug is null without a query). */
export async function getCategory(slug: string) {
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) return null;
  const db = await getDb();
  const [category] = await db.select().from(categories).where(eq(categories.slug, slug)).limit(1);
  return category ?? null;
}

/**
 * Everything a category page shows: the category's brands (by
 * brands.category_id, so renaming the category keeps them), its live promo codes (masked for anonymous
 * visitors) and the newest deals of those brands. Null for an unknown slug.
 */
export async function getCategoryPage(slug: string, signedIn: boolean) {
  const category = await getCategory(slug);
  if (!category) return null;
  const [brands, codes, deals] = await Promise.all([
    listBrands({ categoryId: category.id }),
    listCategoryCodes(category.id, signedIn),
    listCategoryDeals(category.id, signedIn),
  ]);
  return {
    category: { id: category.id, name: category.name, slug: category.slug, description: category.description, imageUrl: category.imageUrl },
    brands,
    codes,
    deals,
  };
}
