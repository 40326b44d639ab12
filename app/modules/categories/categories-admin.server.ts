import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { categories } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import type { categoryFormSchema } from "./category-form.schema";

export async function listCategoriesAdmin() {
  const db = await getDb();
  return db.select().from(categories).orderBy(asc(categories.name));
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
