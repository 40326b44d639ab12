import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { brands, offers } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
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
        category: offers.category,
        tag: offers.tag,
        url: offers.url,
        isFeatured: offers.isFeatured,
      })
      .from(offers)
      .innerJoin(brands, eq(brands.id, offers.brandId))
      .orderBy(asc(offers.name), asc(offers.id))
      .limit(limit)
      .offset(offset),
  );
}

export async function saveOffer(input: z.output<typeof offerFormSchema>) {
  const db = await getDb();
  const { id, ...values } = input;
  const [row] = id
    ? await db.update(offers).set({ ...values, updatedAt: new Date() }).where(eq(offers.id, id)).returning({ id: offers.id })
    : await db.insert(offers).values(values).returning({ id: offers.id });
  invalidateAllowedHosts();
  return row ?? null;
}

export async function deleteOffer(id: string) {
  const db = await getDb();
  const [row] = await db.delete(offers).where(eq(offers.id, id)).returning({ name: offers.name });
  return row ?? null;
}
