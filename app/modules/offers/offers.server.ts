import { and, asc, eq } from "drizzle-orm";
import { brands, categories, offers } from "../../../db/schema";
import { scheduledRead, scheduleOpen } from "~/modules/schedule/schedule.server";
import { getDb } from "~/lib/db.server";
import { discountedPrice } from "./offers";

const columns = {
  id: offers.id,
  name: offers.name,
  category: categories.name,
  cashbackPercent: offers.cashbackPercent,
  regularPrice: offers.regularPrice,
  imageUrl: offers.imageUrl,
  tag: offers.tag,
  brandName: brands.name,
};

/**
 * The price "with cashback" exists only once cashback is launched: until then
 * no shopper can get it, so it is not sent (issue #11 item 6).
 */
const withCashbackPrice =
  (launched: boolean) =>
  <T extends { regularPrice: string; cashbackPercent: number }>(r: T) => ({
    ...r,
    discountedPrice: launched ? discountedPrice(r.regularPrice, r.cashbackPercent) : null,
  });

/** What the featured offers are read from (their cache entries end when one changes). */
const OFFER_TABLES = ["offers", "brands", "categories"] as const;

export async function listFeaturedOffers(category: string | null, launched: boolean, now = new Date()) {
  const rows = await scheduledRead(`offers:featured:${category ?? "*"}`, OFFER_TABLES, now, async () => {
    const db = await getDb();
    return db
      .select(columns)
      .from(offers)
      .innerJoin(brands, eq(brands.id, offers.brandId))
      .leftJoin(categories, eq(categories.id, offers.categoryId))
      .where(and(eq(offers.isFeatured, true), scheduleOpen(offers, now), category ? eq(categories.name, category) : undefined))
      .orderBy(asc(offers.name));
  });
  return rows.map(withCashbackPrice(launched));
}

/** Every offer of one brand (featured or not), by name, with the discounted price once cashback is launched. */
export async function listBrandOffers(brandId: string, launched: boolean, now = new Date()) {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .leftJoin(categories, eq(categories.id, offers.categoryId))
    .where(and(eq(offers.brandId, brandId), scheduleOpen(offers, now)))
    .orderBy(asc(offers.name));
  return rows.map(withCashbackPrice(launched));
}

export async function listFeaturedOfferCategories(now = new Date()): Promise<string[]> {
  return scheduledRead("offers:featured-categories", ["offers", "categories"], now, async () => {
    const db = await getDb();
    const rows = await db
      .selectDistinct({ category: categories.name })
      .from(offers)
      .innerJoin(categories, eq(categories.id, offers.categoryId))
      .where(and(eq(offers.isFeatured, true), scheduleOpen(offers, now)))
      .orderBy(asc(categories.name));
    return rows.map((r) => r.category);
  });
}
