import { and, asc, eq, sql } from "drizzle-orm";
import { brands, offers } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { discountedPrice } from "./offers";

const columns = {
  id: offers.id,
  name: offers.name,
  category: offers.category,
  cashbackPercent: offers.cashbackPercent,
  regularPrice: offers.regularPrice,
  imageUrl: offers.imageUrl,
  tag: offers.tag,
  brandName: brands.name,
};

export async function listFeaturedOffers(category: string | null) {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(and(eq(offers.isFeatured, true), category ? eq(offers.category, category) : undefined))
    .orderBy(asc(offers.name));
  return rows.map((r) => ({ ...r, discountedPrice: discountedPrice(r.regularPrice, r.cashbackPercent) }));
}

/** Every offer of one brand (featured or not), by name, with the discounted price. */
export async function listBrandOffers(brandId: string) {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(eq(offers.brandId, brandId))
    .orderBy(asc(offers.name));
  return rows.map((r) => ({ ...r, discountedPrice: discountedPrice(r.regularPrice, r.cashbackPercent) }));
}

export async function listFeaturedOfferCategories(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ category: offers.category })
    .from(offers)
    .where(sql`${offers.isFeatured} and ${offers.category} is not null`)
    .orderBy(asc(offers.category));
  return rows.map((r) => r.category!);
}
