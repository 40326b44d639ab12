import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { categories } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import type { categoryFormSchema } from "./category-form.schema";

/** One page of categories, ordered by name (unique, indexed). */
export async function listCategoriesAdmin(page: number) {
  const db = await getDb();
  return paginate(page, () => countRows(categories), (limit, offset) =>
    db.select().from(categories).orderBy(asc(categories.name), asc(categories.id)).limit(limit).offset(offset),
  );
}

export async function saveCategory(input: z.output<typeof categoryFormSchema>) {
  const db = await getDb();
  const { id, ...values } = input;
  const [row] = id
    ? await db.update(categories).set({ ...values, updatedAt: new Date() }).where(eq(categories.id, id)).returning({ id: categories.id })
    : await db.insert(categories).values(values).returning({ id: categories.id });
  return row ?? null;
}

export async function deleteCategory(id: string) {
  const db = await getDb();
  const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ name: categories.name });
  return row ?? null;
}
