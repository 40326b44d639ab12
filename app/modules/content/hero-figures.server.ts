import { sql } from "drizzle-orm";
import { brands, crevardeDeals, promoCodes } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { nextPublicCodeExpiry, publicCode } from "#app/modules/promo-codes/promo-codes.server";
import { publicDeal } from "#app/modules/deals/deals.server";
import { scheduledRead } from "#app/modules/schedule/schedule.server";
import { heroFigures, type HeroCounts } from "./hero-figures";

/**
 * The hero's figures from one query: live promo codes (the public lists'
 * rule), deals and partner brands. Kept in process until one of those tables
 * changes or the next live code expires (data-cache.server). If it fails the
 * figures are left out (logged), the rest of the home page is unaffected.
 */
export async function getHeroFigures(now = new Date()) {
  try {
    const { figures } = await scheduledRead("content:hero-figures", ["promo_codes", "crevarde_deals", "brands"], now, () => countFigures(now), {
      expiresAt: (v) => v.nextExpiry,
    });
    return figures;
  } catch (error) {
    logger.error({ err: error }, "home: cannot count the hero figures, leaving them out");
    return [];
  }
}

async function countFigures(now: Date) {
  const db = await getDb();
  const { rows } = (await db.execute(sql`select
    (select count(*) from ${promoCodes} where ${publicCode(now)})::int as codes,
    (select count(*) from ${crevardeDeals} where ${publicDeal(now)})::int as deals,
    (select count(*) from ${brands})::int as brands,
    ${nextPublicCodeExpiry(now)} as next_expiry`)) as unknown as {
    rows: Array<HeroCounts & { next_expiry: Date | string | null }>;
  };
  const counts = rows[0];
  return {
    figures: heroFigures({ codes: Number(counts?.codes ?? 0), deals: Number(counts?.deals ?? 0), brands: Number(counts?.brands ?? 0) }),
    // the count of live codes changes when the next one expires
    nextExpiry: counts?.next_expiry ? new Date(counts.next_expiry) : null,
  };
}
