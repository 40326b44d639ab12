import { asc } from "drizzle-orm";
import type { z } from "zod";
import { categories } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import { saveWithSlugHistory } from "~/modules/slug-redirects/slug-redirects.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "~/modules/admin/versioned.server";
import type { categoryFormSchema } from "./category-form.schema";
import type { ListQuery } from "~/modules/admin/list-query";
import { listOrder, searchWhere } from "~/modules/admin/list-query.server";
import type { CategorySort, categoryListSpec } from "./category-list";

/**
 * One page of categories: searched (name, slug, description) and sorted as
 * the URL says; name order (unique, indexed) by default, the id as tie-breaker.
 */
export async function listCategoriesAdmin(query: Pick<ListQuery<CategorySort, (typeof categoryListSpec)["filters"]>, "q" | "sort" | "dir" | "page">) {
  const db = await getDb();
  const where = searchWhere(query.q, [categories.name, categories.slug, categories.description]);
  return paginate(query.page, () => countRows(categories, where), (limit, offset) =>
    db
      .select()
      .from(categories)
      .where(where)
      .orderBy(...listOrder(query.sort, query.dir, { name: categories.name, slug: categories.slug, updated: categories.updatedAt }, categories.name, categories.id))
      .limit(limit)
      .offset(offset),
  );
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

/** Delete the category with its audit entry, in one transaction (null: no such row). */
export async function deleteCategory(id: string, actor: { id: string; email: string }) {
  return await deleteAudited(actor, "category", categories, id);
}
