import { and, desc, eq, inArray } from "drizzle-orm";
import { brands, categories, crevardeDeals, promoCodes, savedDeals, savedPromoCodes } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { scheduleOpen } from "#app/modules/schedule/schedule.server";
import { dealCardColumns, publicDeal, publicDeals } from "#app/modules/deals/deals.server";
import { toPublicCode } from "#app/modules/promo-codes/promo-codes.server";
import { withFeedback } from "#app/modules/promo-codes/code-feedback.server";

export async function saveDeal(userId: string, dealId: string) {
  const db = await getDb();
  await db.insert(savedDeals).values({ userId, dealId }).onConflictDoNothing();
}
export async function unsaveDeal(userId: string, dealId: string) {
  const db = await getDb();
  await db.delete(savedDeals).where(and(eq(savedDeals.userId, userId), eq(savedDeals.dealId, dealId)));
}
export async function saveCode(userId: string, promoCodeId: string) {
  const db = await getDb();
  await db.insert(savedPromoCodes).values({ userId, promoCodeId }).onConflictDoNothing();
}
export async function unsaveCode(userId: string, promoCodeId: string) {
  const db = await getDb();
  await db.delete(savedPromoCodes).where(and(eq(savedPromoCodes.userId, userId), eq(savedPromoCodes.promoCodeId, promoCodeId)));
}

/** Which of these deals the member saved (the deal page's « Sauvegarder », /api/moi). */
export async function savedDealIds(userId: string, dealIds: readonly string[]): Promise<string[]> {
  if (dealIds.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ id: savedDeals.dealId })
    .from(savedDeals)
    .where(and(eq(savedDeals.userId, userId), inArray(savedDeals.dealId, [...dealIds])));
  return rows.map((r) => r.id);
}

/** The ids of the codes a member saved (the hearts of /codes-promo), among `promoCodeIds` when given. */
export async function savedCodeIds(userId: string, promoCodeIds?: readonly string[]): Promise<string[]> {
  if (promoCodeIds?.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ id: savedPromoCodes.promoCodeId })
    .from(savedPromoCodes)
    .where(and(eq(savedPromoCodes.userId, userId), promoCodeIds ? inArray(savedPromoCodes.promoCodeId, [...promoCodeIds]) : undefined));
  return rows.map((r) => r.id);
}

export async function listSaved(userId: string, now = new Date()) {
  const db = await getDb();
  const [deals, codes] = await Promise.all([
    db
      .select(dealCardColumns)
      .from(savedDeals)
      .innerJoin(crevardeDeals, eq(crevardeDeals.id, savedDeals.dealId))
      .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
      .where(and(eq(savedDeals.userId, userId), publicDeal(now)))
      .orderBy(desc(savedDeals.createdAt)),
    db
      .select({
        id: promoCodes.id,
        code: promoCodes.code,
        discountAmount: promoCodes.discountAmount,
        description: promoCodes.description,
        category: categories.name,
        expiresAt: promoCodes.expiresAt,
        url: promoCodes.url,
        brandName: brands.name,
        brandImage: brands.imageUrl,
        brandUrl: brands.websiteUrl,
      })
      .from(savedPromoCodes)
      .innerJoin(promoCodes, eq(promoCodes.id, savedPromoCodes.promoCodeId))
      .innerJoin(brands, eq(brands.id, promoCodes.brandId))
      .leftJoin(categories, eq(categories.id, promoCodes.categoryId))
      // a code outside its schedule is not public (ADR 030); an expired one stays, marked
      .where(and(eq(savedPromoCodes.userId, userId), scheduleOpen(promoCodes, now)))
      .orderBy(desc(savedPromoCodes.createdAt)),
  ]);
  return {
    deals: await publicDeals(deals, true, { now }),
    codes: await withFeedback(
      codes.map((c) => toPublicCode(c, true, now)),
      userId,
    ),
  };
}
