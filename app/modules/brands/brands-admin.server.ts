import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { brands } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import type { brandFormSchema } from "./brand-form.schema";

/** One page of brands, ordered by name (unique, indexed). */
export async function listBrandsAdmin(page: number) {
  const db = await getDb();
  return paginate(page, () => countRows(brands), (limit, offset) => db.select().from(brands).orderBy(asc(brands.name), asc(brands.id)).limit(limit).offset(offset));
}

export async function brandChoices() {
  const db = await getDb();
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name));
}

export async function saveBrand(input: z.output<typeof brandFormSchema>) {
  const db = await getDb();
  const { id, ...values } = input;
  const [row] = id
    ? await db.update(brands).set({ ...values, updatedAt: new Date() }).where(eq(brands.id, id)).returning({ id: brands.id })
    : await db.insert(brands).values(values).returning({ id: brands.id });
  invalidateAllowedHosts();
  return row ?? null;
}

/** Deleting a brand also deletes its offers and promo codes (foreign keys cascade). */
export async function deleteBrand(id: string) {
  const db = await getDb();
  const [row] = await db.delete(brands).where(eq(brands.id, id)).returning({ name: brands.name });
  invalidateAllowedHosts();
  return row ?? null;
}
