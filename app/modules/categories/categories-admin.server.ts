import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { categories } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { countRows, paginate } from "#app/modules/admin/pagination.server";
import { recordSlugChange, saveWithSlugHistory } from "#app/modules/slug-redirects/slug-redirects.server";
import type { Tx } from "#app/modules/admin/csv.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "#app/modules/admin/versioned.server";
import { bulkDelete } from "#app/modules/admin/bulk.server";
import type { categoryFormSchema } from "./category-form.schema";
import type { ListQuery, OnlyIds } from "#app/modules/admin/list-query";
import { listOrder, searchWhere } from "#app/modules/admin/list-query.server";
import type { CategorySort, categoryListSpec } from "./category-list";

type CategoryListQuery = ListQuery<CategorySort, (typeof categoryListSpec)["filters"]>;

const categoryListWhere = (query: Pick<CategoryListQuery, "q"> & OnlyIds) =>
  and(query.ids ? inArray(categories.id, query.ids) : undefined, searchWhere(query.q, [categories.name, categories.slug, categories.description]));

/**
 * One page of categories: searched (name, slug, description) and sorted as
 * the URL says; name order (unique, indexed) by default, the id as tie-breaker.
 */
export async function listCategoriesAdmin(query: Pick<CategoryListQuery, "q" | "sort" | "dir" | "page">) {
  return paginate(query.page, () => countRows(categories, categoryListWhere(query)), (limit, offset) => categoryAdminRows(query, limit, offset));
}

/** The list's rows from `offset` on, at most `limit` (a page, or the whole CSV export). */
export async function categoryAdminRows(query: Pick<CategoryListQuery, "q" | "sort" | "dir"> & OnlyIds, limit: number, offset = 0) {
  const db = await getDb();
  return db
    .select()
    .from(categories)
    .where(categoryListWhere(query))
    .orderBy(...listOrder(query.sort, query.dir, { name: categories.name, slug: categories.slug, updated: categories.updatedAt }, categories.name, categories.id))
    .limit(limit)
    .offset(offset);
}

/** Every category, by name: the choices of the back office's filters. */
export async function categoryChoices(): Promise<Array<{ id: string; name: string }>> {
  const db = await getDb();
  return db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.name));
}

/** Every category name, for the promo code form's select. */
export async function categoryNames(): Promise<string[]> {
  return (await categoryChoices()).map((r) => r.name);
}

/**
 * Renaming keeps brands, codes and offers in the category (they point at its
 * id); a changed slug leaves a 301 from the old one, in the same transaction.
 */
export async function saveCategory(input: z.output<typeof categoryFormSchema>, edit: AdminEdit) {
  const { id, ...values } = input;
  return saveWithSlugHistory("category", id, values.slug, async (tx) => (await saveAuditedIn(tx, edit, "category", categories, id, values)) ?? undefined);
}

/**
 * Create (no id) or update a category inside the caller's transaction (the
 * CSV import, ADR 029, which matches on the slug and so never changes it);
 * the slug it takes is no longer an old slug's redirect. Null when the row is gone.
 */
export async function writeCategory(tx: Tx, input: z.output<typeof categoryFormSchema>) {
  const { id, ...values } = input;
  const [saved] = id
    ? await tx.update(categories).set({ ...values, updatedAt: new Date() }).where(eq(categories.id, id)).returning({ id: categories.id })
    : await tx.insert(categories).values(values).returning({ id: categories.id });
  if (saved) await recordSlugChange(tx, "category", saved.id, null, values.slug);
  return saved ?? null;
}

/** Delete the category with its audit entry, in one transaction (null: no such row). */
export async function deleteCategory(id: string, actor: { id: string; email: string }) {
  return await deleteAudited(actor, "category", categories, id);
}

/** Delete the ticked categories to the bin (ADR 044), each audited, in one transaction (issue #37 item 10). */
export function bulkCategories(actor: { id: string; email: string }, _intent: "bulk-delete", ids: string[]) {
  return bulkDelete(actor, "category", categories, ids);
}
