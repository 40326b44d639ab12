import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { brands, categories, offers } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { resolveCategoryId } from "~/modules/categories/category-refs.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import type { offerFormSchema } from "./offer-form.schema";

/** One page of offers with their brand's name, ordered by name (offers_name_idx). */
export async function listOffersAdmin(page: number) {
  const db = await getDb();
  return paginate(page, () => countRows(offers), (limit, offset) =>
    db
      .select({
        id: offers.id,
        brandId: offers.brandId,
        brandName: brands.name,
        name: offers.name,
        imageUrl: offers.imageUrl,
        regularPrice: offers.regularPrice,
        cashbackPercent: offers.cashbackPercent,
        category: categories.name,
        tag: offers.tag,
        url: offers.url,
        isFeatured: offers.isFeatured,
      })
      .from(offers)
      .innerJoin(brands, eq(brands.id, offers.brandId))
      .leftJoin(categories, eq(categories.id, offers.categoryId))
      .orderBy(asc(offers.name), asc(offers.id))
      .limit(limit)
      .offset(offset),
  );
}

/** The typed category name creates or reuses a category; the offer stores its id. */
export async function saveOffer(input: z.output<typeof offerFormSchema>) {
  const db = await getDb();
  const { id, category, ...rest } = input;
  const row = await db.transaction(async (tx) => {
    const values = { ...rest, categoryId: await resolveCategoryId(tx, category) };
    const [saved] = id
      ? await tx.update(offers).set({ ...values, updatedAt: new Date() }).where(eq(offers.id, id)).returning({ id: offers.id })
      : await tx.insert(offers).values(values).returning({ id: offers.id });
    return saved ?? null;
  });
  invalidateAllowedHosts();
  return row;
}

export async function deleteOffer(id: string) {
  const db = await getDb();
  const [row] = await db.delete(offers).where(eq(offers.id, id)).returning({ name: offers.name });
  return row ?? null;
}
