import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { brands, categories } from "../../../db/schema";
import { columnsWithoutSearch } from "../../../db/columns";
import { getDb } from "~/lib/db.server";
import { saveAuditedIn, type AdminEdit } from "~/modules/admin/versioned.server";
import { resolveCategoryId } from "~/modules/categories/category-refs.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import { bulkDelete } from "~/modules/admin/bulk.server";
import type { ListQuery } from "~/modules/admin/list-query";
import { listOrder, searchWhere } from "~/modules/admin/list-query.server";
import type { BRAND_BULK_INTENTS, brandListSpec } from "./brand-list";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import type { brandFormSchema } from "./brand-form.schema";

/** One page of brands with their category's name: searched (name, slug), filtered and sorted as the URL says; name order by default. */
export async function listBrandsAdmin(query: Pick<ListQuery<"name" | "cashback" | "discount", (typeof brandListSpec)["filters"]>, "q" | "sort" | "dir" | "filters" | "page">) {
  const db = await getDb();
  const where = and(searchWhere(query.q, [brands.name, brands.slug]), query.filters.category ? eq(brands.categoryId, query.filters.category) : undefined);
  return paginate(query.page, () => countRows(brands, where), (limit, offset) =>
    db
      .select({ ...columnsWithoutSearch(brands), category: categories.name })
      .from(brands)
      .leftJoin(categories, eq(categories.id, brands.categoryId))
      .where(where)
      .orderBy(...listOrder(query.sort, query.dir, { name: brands.name, cashback: brands.cashbackPercent, discount: brands.maxDiscountPercent }, brands.name, brands.id))
      .limit(limit)
      .offset(offset),
  );
}

/** Delete the ticked brands (their offers and codes go with them), each audited, in one transaction. */
export async function bulkBrands(actor: { id: string; email: string }, _intent: (typeof BRAND_BULK_INTENTS)[number], ids: string[]) {
  const written = await bulkDelete(actor, "brand", brands, brands.id, ids);
  invalidateAllowedHosts();
  return written;
}

export async function brandChoices() {
  const db = await getDb();
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
}

/** The typed category name creates or reuses a category; the brand stores its id. */
export async function saveBrand(input: z.output<typeof brandFormSchema>, edit: AdminEdit) {
  const db = await getDb();
  const { id, category, ...rest } = input;
  const row = await db.transaction(async (tx) => {
    const values = { ...rest, categoryId: await resolveCategoryId(tx, category) };
    return saveAuditedIn(tx, edit, "brand", brands, id, values);
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
