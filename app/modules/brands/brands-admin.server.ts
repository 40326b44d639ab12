import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { brands, categories } from "../../../db/schema";
import { columnsWithoutSearch } from "../../../db/columns";
import { getDb } from "~/lib/db.server";
import { resolveCategoryId } from "~/modules/categories/category-refs.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import type { brandFormSchema } from "./brand-form.schema";

/** One page of brands with their category's name, ordered by name (unique, indexed). */
export async function listBrandsAdmin(page: number) {
  const db = await getDb();
  return paginate(page, () => countRows(brands), (limit, offset) =>
    db
      .select({ ...columnsWithoutSearch(brands), category: categories.name })
      .from(brands)
      .leftJoin(categories, eq(categories.id, brands.categoryId))
      .orderBy(asc(brands.name), asc(brands.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function brandChoices() {
  const db = await getDb();
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
}

/** The typed category name creates or reuses a category; the brand stores its id. */
export async function saveBrand(input: z.output<typeof brandFormSchema>) {
  const db = await getDb();
  const { id, category, ...rest } = input;
  const row = await db.transaction(async (tx) => {
    const values = { ...rest, categoryId: await resolveCategoryId(tx, category) };
    const [saved] = id
      ? await tx.update(brands).set({ ...values, updatedAt: new Date() }).where(eq(brands.id, id)).returning({ id: brands.id })
      : await tx.insert(brands).values(values).returning({ id: brands.id });
    return saved ?? null;
  });
  invalidateAllowedHosts();
  return row;
}

/** Deleting a brand also deletes its offers and promo codes (foreign keys cascade). */
export async function deleteBrand(id: string) {
  const db = await getDb();
  const [row] = await db.delete(brands).where(eq(brands.id, id)).returning({ name: brands.name });
  invalidateAllowedHosts();
  return row ?? null;
}
