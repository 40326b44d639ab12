import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { brands, categories } from "#db/schema";
import { columnsWithoutSearch } from "#db/columns";
import { getDb } from "#app/lib/db.server";
import type { Tx } from "#app/modules/admin/csv.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "#app/modules/admin/versioned.server";
import { resolveCategoryId } from "#app/modules/categories/category-refs.server";
import { countRows, paginate } from "#app/modules/admin/pagination.server";
import { bulkDelete } from "#app/modules/admin/bulk.server";
import type { ListQuery, OnlyIds } from "#app/modules/admin/list-query";
import { listOrder, searchWhere } from "#app/modules/admin/list-query.server";
import type { BRAND_BULK_INTENTS, brandListSpec } from "./brand-list";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import type { brandFormSchema } from "./brand-form.schema";

/** One page of brands with their category's name: searched (name, slug), filtered and sorted as the URL says; name order by default. */
type BrandListQuery = ListQuery<"name" | "discount", (typeof brandListSpec)["filters"]>;

/** The brands the list shows for its search and filters. */
function brandListWhere(query: Pick<BrandListQuery, "q" | "filters"> & OnlyIds) {
  return and(query.ids ? inArray(brands.id, query.ids) : undefined, searchWhere(query.q, [brands.name, brands.slug]), query.filters.category ? eq(brands.categoryId, query.filters.category) : undefined);
}

/** The list's order (name by default), the id as tie-breaker. */
function brandListOrder(query: Pick<BrandListQuery, "sort" | "dir">) {
  return listOrder(query.sort, query.dir, { name: brands.name, discount: brands.maxDiscountPercent }, brands.name, brands.id);
}

export async function listBrandsAdmin(query: Pick<BrandListQuery, "q" | "sort" | "dir" | "filters" | "page">) {
  const where = brandListWhere(query);
  return paginate(query.page, () => countRows(brands, where), (limit, offset) => brandAdminRows(query, limit, offset));
}

/** The list's rows from `offset` on, at most `limit` (a page, or the whole CSV export). */
export async function brandAdminRows(query: Pick<BrandListQuery, "q" | "sort" | "dir" | "filters"> & OnlyIds, limit: number, offset = 0) {
  const db = await getDb();
  return db
    .select({ ...columnsWithoutSearch(brands), category: categories.name })
    .from(brands)
    .leftJoin(categories, eq(categories.id, brands.categoryId))
    .where(brandListWhere(query))
    .orderBy(...brandListOrder(query))
    .limit(limit)
    .offset(offset);
}

/** Delete the ticked brands (their offers and codes go with them), each audited, in one transaction. */
export async function bulkBrands(actor: { id: string; email: string }, _intent: (typeof BRAND_BULK_INTENTS)[number], ids: string[]) {
  const written = await bulkDelete(actor, "brand", brands, ids);
  invalidateAllowedHosts();
  return written;
}

export async function brandChoices() {
  const db = await getDb();
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
}

/** The typed category name creates or reuses a category; the brand stores its id. */
export async function saveBrand(input: BrandInput, edit: AdminEdit) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => saveAuditedIn(tx, edit, "brand", brands, input.id, await brandValues(tx, input)));
  invalidateAllowedHosts();
  return row;
}

type BrandInput = z.output<typeof brandFormSchema>;
/** What a CSV line writes: the form without the checkout selectors, which the CSV does not carry (the brand keeps its own). */
type BrandLine = Omit<BrandInput, "checkoutSelectors">;

/** The row a brand form or CSV line writes: the typed category name becomes its id. */
async function brandValues(tx: Tx, input: BrandInput | BrandLine) {
  const { id: _id, category, ...rest } = input;
  return { ...rest, categoryId: await resolveCategoryId(tx, category) };
}

/** Create (no id) or update a brand inside the caller's transaction (the CSV import, which audits each row itself). */
export async function writeBrand(tx: Tx, input: BrandLine) {
  const { id } = input;
  const values = await brandValues(tx, input);
  const [saved] = id
    ? await tx.update(brands).set({ ...values, updatedAt: new Date() }).where(eq(brands.id, id)).returning({ id: brands.id })
    : await tx.insert(brands).values(values).returning({ id: brands.id });
  return saved ?? null;
}

/** Deleting a brand also deletes its offers and promo codes (foreign keys cascade). */
/** Delete the brand with its audit entry, in one transaction (null: no such row). */
export async function deleteBrand(id: string, actor: { id: string; email: string }) {
  const row = await deleteAudited(actor, "brand", brands, id);
  invalidateAllowedHosts();
  return row;
}
