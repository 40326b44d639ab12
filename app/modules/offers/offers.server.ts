import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { brands, categories, offers } from "#db/schema";
import { scheduledRead, scheduleOpen } from "#app/modules/schedule/schedule.server";
import { getDb } from "#app/lib/db.server";
import { listBrandCashback } from "#app/modules/cashback/programs.server";
import { offerCashbackText } from "#app/modules/cashback/member-rate";
import { activateHref } from "#app/modules/cashback/offer";
import { nameDocument } from "#app/modules/search/search.server";
import { lowestPriceLabels } from "#app/modules/prices/lowest-price.server";

const columns = {
  id: offers.id,
  name: offers.name,
  category: categories.name,
  regularPrice: offers.regularPrice,
  imageUrl: offers.imageUrl,
  tag: offers.tag,
  brandId: offers.brandId,
  brandName: brands.name,
  /** its product link: the 30-day low (ADR 049), never sent */
  url: offers.url,
};

/**
 * Each offer's cashback, derived from its brand's active programmes only (issue #34 item 1):
 * the brand's label ("Jusqu'à 7 % de cashback") and, once cashback is launched, what it is
 * worth on the offer's price on the programme's base ("…, soit environ 5,19 €", ADR 006);
 * null when the brand has no active programme with a current rate. Before the launch no
 * shopper can get it, so only the rate is sent, shown as coming (issue #11 item 6).
 */
async function withCashback<T extends { brandId: string; regularPrice: string; url: string | null }>(all: readonly T[], launched: boolean, now: Date) {
  const [rates, lowest] = await Promise.all([listBrandCashback([...new Set(all.map((r) => r.brandId))], now), lowestPriceLabels(all.map((r) => r.url), now)]);
  return all.map(({ url, ...row }) => {
    // its product's 30-day low (ADR 049): the same line as a deal's
    const r = { ...row, lowest: (url && lowest.get(url)) || null };
    const summary = rates.get(r.brandId);
    if (!summary) return { ...r, cashback: null };
    // once launched, « Activer le cashback » goes through the brand's programme (click id; a visitor signs in first)
    return { ...r, cashback: launched ? { label: summary.label, text: offerCashbackText(summary, r.regularPrice), href: activateHref(summary.programId), boost: summary.boostText } : { label: summary.label, text: null, href: null } };
  });
}

/** What the featured offers are read from (their cache entries end when one changes). */
const OFFER_TABLES = ["offers", "brands", "categories"] as const;

/** The rows of the public offers matching `where`, by name: kept under `key` until one changes or enters or leaves its window. */
function offerRows(key: string, where: SQL, now: Date) {
  return scheduledRead(key, OFFER_TABLES, now, async () => {
    const db = await getDb();
    return db
      .select(columns)
      .from(offers)
      .innerJoin(brands, eq(brands.id, offers.brandId))
      .leftJoin(categories, eq(categories.id, offers.categoryId))
      .where(and(where, scheduleOpen(offers, now)))
      .orderBy(asc(offers.name));
  });
}

export async function listFeaturedOffers(category: string | null, launched: boolean, now = new Date()) {
  const rows = await offerRows(`offers:featured:${category ?? "*"}`, and(eq(offers.isFeatured, true), category ? eq(categories.name, category) : undefined)!, now);
  return withCashback(rows, launched, now);
}

/** Every offer of one brand (featured or not), by name, with its cashback (see withCashback). */
export async function listBrandOffers(brandId: string, launched: boolean, now = new Date()) {
  return withCashback(await offerRows(`offers:brand:${brandId}`, eq(offers.brandId, brandId), now), launched, now);
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

/**
 * The site search's offers (issue #34 item 5): those public now whose name, or brand's name, holds
 * every word of `match` (search.server matchQuery), best ranked first, with their cashback (see
 * withCashback) and their brand's page. Offers are a short, curated list: the brand's name document
 * is computed per row, like the promo codes' (ADR 019).
 */
export async function searchOffers(match: SQL, launched: boolean, now: Date, limit: number) {
  const db = await getDb();
  const document = sql`(${offers.search} || setweight(${nameDocument(brands.name)}, 'B'))`;
  const rows = await db
    .select({ ...columns, brandSlug: brands.slug })
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .leftJoin(categories, eq(categories.id, offers.categoryId))
    .where(and(scheduleOpen(offers, now), sql`${document} @@ ${match}`))
    .orderBy(sql`ts_rank_cd(${document}, ${match}) desc`, asc(offers.name))
    .limit(limit);
  return withCashback(rows, launched, now);
}

/** The header's offer suggestions: offers public now whose own name matches (offers_search_idx), by rank then name. */
export async function suggestOffers(match: SQL, now: Date, limit: number) {
  const db = await getDb();
  return db
    .select({ id: offers.id, name: offers.name, brandId: offers.brandId, brandSlug: brands.slug })
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(and(scheduleOpen(offers, now), sql`${offers.search} @@ ${match}`))
    .orderBy(sql`ts_rank_cd(${offers.search}, ${match}) desc`, asc(offers.name))
    .limit(limit);
}

/**
 * One offer's public page (/offres/:id, ADR 049 §The offer page): an offer public now (`scheduleOpen`: not a draft,
 * inside its publication window, ADR 030/047), the same figures as its card (see withCashback) and its brand's
 * page; null otherwise. Its product link is returned beside the card, for the server only (the price history and
 * a member's price alert): the card never sends it.
 */
export async function getPublicOffer(id: string, launched: boolean, now = new Date()) {
  // kept like the lists (an id that shows nothing takes no place); its cashback and 30-day low per request, from their own caches
  const row = await scheduledRead(
    `offers:one:${id}`,
    OFFER_TABLES,
    now,
    async () => {
      const db = await getDb();
      const [found] = await db
        .select({ ...columns, brandSlug: brands.slug })
        .from(offers)
        .innerJoin(brands, eq(brands.id, offers.brandId))
        .leftJoin(categories, eq(categories.id, offers.categoryId))
        .where(and(eq(offers.id, id), scheduleOpen(offers, now)));
      return found ?? null;
    },
    { keep: (found) => found !== null },
  );
  if (!row) return null;
  const [offer] = await withCashback([row], launched, now);
  return { offer, productUrl: row.url };
}

/** The offers public now, for the sitemap (the same rule as their page). */
export async function listPublicOfferIds(now = new Date()) {
  const db = await getDb();
  return db.select({ id: offers.id, updatedAt: offers.updatedAt }).from(offers).where(scheduleOpen(offers, now)).orderBy(asc(offers.name));
}
