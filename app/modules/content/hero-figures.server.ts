import { sql } from "drizzle-orm";
import { brands, crevardeDeals, promoCodes } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { liveCode } from "~/modules/promo-codes/promo-codes.server";
import { heroFigures, type HeroCounts } from "./hero-figures";

/**
 * The hero's figures from one query: live promo codes (the public lists'
 * rule), deals and partner brands. The home page is micro-cached, so this
 * runs at most once per cache period. If it fails the figures are left out
 * (logged), the rest of the home page is unaffected.
 */
export async function getHeroFigures() {
  try {
    const db = await getDb();
    const { rows } = (await db.execute(sql`select
      (select count(*) from ${promoCodes} where ${liveCode})::int as codes,
      (select count(*) from ${crevardeDeals} where ${crevardeDeals.status} = 'published')::int as deals,
      (select count(*) from ${brands})::int as brands`)) as unknown as { rows: HeroCounts[] };
    const counts = rows[0];
    return heroFigures({ codes: Number(counts?.codes ?? 0), deals: Number(counts?.deals ?? 0), brands: Number(counts?.brands ?? 0) });
  } catch (error) {
    logger.error({ err: error }, "home: cannot count the hero figures, leaving them out");
    return [];
  }
}
