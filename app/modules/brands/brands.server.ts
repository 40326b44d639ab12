import { and, asc, count, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { brands, categories, crevardeDeals, promoCodes } from "#db/schema";
import { columnsWithoutSearch } from "#db/columns";
import { cachedRead, nextInstant } from "#app/lib/data-cache.server";
import { scheduledRead } from "#app/modules/schedule/schedule.server";
import { getDb, type Db } from "#app/lib/db.server";
import { DEALS_PAGE_SIZE } from "#app/modules/deals/deals.constants";
import { dealCardColumns, NEWEST_FIRST, publicDeal, publicDeals } from "#app/modules/deals/deals.server";
import { listBrandCashback, type BrandCashback } from "#app/modules/cashback/programs.server";
import { compareMemberRates } from "#app/modules/cashback/member-rate";
import { nameStartsWith } from "#app/modules/search/search.server";
import { publicCode } from "#app/modules/promo-codes/promo-codes.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { maxDiscountPercent } from "./discount";
import { withPriceTruth } from "#app/modules/deals/price-truth.server";
import { brandLetter, type BrandCatalogueQuery } from "./brand-catalogue";

/**
 * The catalogue's order of names: French, accents and case aside ("Avène" before "Bioderma", "Étam" among the E).
 * Server-only: the collator's data costs the browser one long task to load (ADR 056).
 */
const compareBrandNames = new Intl.Collator("fr", { sensitivity: "base", numeric: true }).compare;

/**
 * Brands of the public catalogue with their category's name, optionally
 * those of one category (by id). "Active deals" counts the brand's deals plus its promo codes that
 * have not expired; "Jusqu'à -X %" (maxDiscountPercent) is the best of
 * those same live codes and deals, 0 when they offer no percentage.
 * Once cashback is launched (setting cashback_launched), `cashback.label` is
 * the brand's best current member rate ("7 % de cashback"), null when it has
 * no active programme; before, the card shows the spec's "bientôt".
 */
export async function listBrands(options: BrandListOptions = {}) {
  const { rows } = await brandsWithRates(options);
  return rows.map(({ rate: _rate, ...brand }) => brand);
}

async function brandsWithRates(options: BrandListOptions) {
  const now = options.now ?? new Date();
  const [{ rows, discounts }, launched] = await Promise.all([brandCatalogue({ ...options, now }), getSetting("cashback_launched")]);
  const rates = launched ? await listBrandCashback(rows.map((r) => r.id), now) : new Map<string, BrandCashback>();
  return {
    launched,
    rows: rows.map((r) => {
      const d = discounts.get(r.id);
      const rate = rates.get(r.id) ?? null;
      return {
        ...r,
        activeDeals: r.codes + r.deals,
        maxDiscountPercent: d ? maxDiscountPercent(d.codes, d.deals) : 0,
        cashback: { launched, label: rate?.label ?? null, boost: rate?.boostText ?? null },
        rate,
      };
    }),
  };
}

/**
 * /marques (issue #34 item 5): every brand in French alphabetical order, or by « Meilleur
 * cashback » (compareMemberRates: percentages first, the highest first, then the brands without
 * one, each group A–Z), optionally only those « Avec cashback ». Before the launch no rate is
 * shown, so neither applies: `query` is the state applied (ADR 006). `letters` are the index's
 * letters that have a brand in the list, in order; `anchors` the id of each letter's first brand,
 * in the A–Z order only.
 */
export async function listBrandCatalogue(requested: BrandCatalogueQuery, now = new Date()) {
  const { launched, rows } = await brandsWithRates({ now });
  const query: BrandCatalogueQuery = launched ? requested : { sort: "a-z", withCashback: false };
  const sorted = rows.toSorted((a, b) => compareBrandNames(a.name, b.name));
  const shown = query.withCashback ? sorted.filter((r) => r.rate) : sorted;
  const ordered =
    query.sort === "cashback"
      ? shown.toSorted((a, b) => (a.rate && b.rate ? compareMemberRates(a.rate.best, b.rate.best) : a.rate ? -1 : b.rate ? 1 : 0))
      : shown;
  const anchors: Record<string, string> = {};
  for (const r of shown) anchors[brandLetter(r.name)] ??= r.id;
  return {
    launched,
    query,
    total: rows.length,
    brands: ordered.map(({ rate: _rate, ...brand }) => brand),
    letters: Object.keys(anchors),
    anchors: query.sort === "a-z" ? anchors : {},
  };
}

/**
 * The brands with their counts and live discounts. Without a text match it is kept in
 * process until one of its tables changes or the next live code expires (data-cache.server);
 * the cashback rates (per programme, dated) are their own cached read (listBrandCashback).
 */
function brandCatalogue(options: BrandListOptions & { now: Date }) {
  const load = async () => {
    const db = await getDb();
    const [rows, live] = await Promise.all([listBrandsQuery(db, options), liveDiscounts(db, options.now)]);
    return { rows, discounts: live.byBrand, nextExpiry: live.nextExpiry };
  };
  if (options.match) return load();
  return scheduledRead(`brands:list:${options.categoryId ?? "*"}`, ["brands", "categories", "promo_codes", "crevarde_deals", "offers", "price_observations", "price_key_aliases"], options.now, load, {
    expiresAt: (v) => v.nextExpiry,
  });
}

/**
 * What each brand's reductions are today: its live codes' discounts and its deals' prices, each deal's told
 * true (ADR 049): from its 30-day reference price when it has one, as on its card and its page, else from
 * its typed original price. Its products' observations are read in one query.
 */
async function liveDiscounts(db: Db, now: Date) {
  const [codes, deals] = await Promise.all([
    db.select({ brandId: promoCodes.brandId, discount: promoCodes.discountAmount, expiresAt: promoCodes.expiresAt }).from(promoCodes).where(publicCode(now)),
    db
      .select({
        id: crevardeDeals.id,
        brandId: crevardeDeals.brandId,
        url: crevardeDeals.url,
        price: crevardeDeals.price,
        originalPrice: crevardeDeals.originalPrice,
        publishedAt: crevardeDeals.publishedAt,
        createdAt: crevardeDeals.createdAt,
      })
      .from(crevardeDeals)
      .where(and(isNotNull(crevardeDeals.brandId), publicDeal(now))),
  ]);
  const told = await withPriceTruth(deals, deals);
  const byBrand = new Map<string, { codes: string[]; deals: typeof told }>();
  const entry = (id: string) => byBrand.get(id) ?? byBrand.set(id, { codes: [], deals: [] }).get(id)!;
  for (const c of codes) entry(c.brandId).codes.push(c.discount);
  for (const d of told) if (d.brandId) entry(d.brandId).deals.push(d);
  return { byBrand, nextExpiry: nextInstant(codes.map((c) => c.expiresAt), now.getTime()) };
}

/** listBrands()'s query, before the active-deals sum. */
export interface BrandListOptions {
  categoryId?: string;
  /** a full-text match (search.server matchQuery) on the brand's name and description */
  match?: SQL | null;
  /** with `match`: also the brands whose name starts with this text, spaces, hyphens and apostrophes aside (« laroche ») */
  typed?: string;
  /** the request's time, for expiries and schedules (default: this process's clock) */
  now?: Date;
}

export function listBrandsQuery(db: Db, options: BrandListOptions = {}) {
  const now = options.now ?? new Date();
  const activeCodes = db
    .select({ brandId: promoCodes.brandId, n: count().as("codes_n") })
    .from(promoCodes)
    .where(publicCode(now))
    .groupBy(promoCodes.brandId)
    .as("active_codes");
  // only branded deals: marketplace deals (most of the table) have no brand,
  // and crevarde_deals_brand_idx skips them instead of scanning every deal
  const deals = db
    .select({ brandId: crevardeDeals.brandId, n: count().as("deals_n") })
    .from(crevardeDeals)
    .where(and(isNotNull(crevardeDeals.brandId), publicDeal(now)))
    .groupBy(crevardeDeals.brandId)
    .as("brand_deals");
  return db
    .select({
      id: brands.id,
      name: brands.name,
      slug: brands.slug,
      category: categories.name,
      description: brands.description,
      imageUrl: brands.imageUrl,
      codes: sql<number>`coalesce(${activeCodes.n}, 0)::int`,
      deals: sql<number>`coalesce(${deals.n}, 0)::int`,
    })
    .from(brands)
    .leftJoin(activeCodes, eq(activeCodes.brandId, brands.id))
    .leftJoin(deals, eq(deals.brandId, brands.id))
    .leftJoin(categories, eq(categories.id, brands.categoryId))
    .where(
      and(
        options.categoryId !== undefined ? eq(brands.categoryId, options.categoryId) : undefined,
        options.match ? or(sql`${brands.search} @@ ${options.match}`, options.typed ? (nameStartsWith(brands.name, options.typed) ?? undefined) : undefined) : undefined,
      ),
    )
    .orderBy(asc(brands.name));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A brand by slug or id, with its category's name, or null. */
export async function getBrand(idOrSlug: string) {
  if (idOrSlug.length > 120) return null;
  // the same for everyone: kept until a brand or category changes (ADR 026); an unknown one takes no place
  return cachedRead(`brands:one:${idOrSlug}`, ["brands", "categories"], () => readBrand(idOrSlug), { keep: (brand) => brand !== null });
}

async function readBrand(idOrSlug: string) {
  const db = await getDb();
  const [brand] = await db
    .select({ ...columnsWithoutSearch(brands), category: categories.name })
    .from(brands)
    .leftJoin(categories, eq(categories.id, brands.categoryId))
    .where(UUID.test(idOrSlug) ? or(eq(brands.id, idOrSlug), eq(brands.slug, idOrSlug)) : eq(brands.slug, idOrSlug))
    .limit(1);
  return brand ?? null;
}

/** The newest deals of one brand, 24 at most (codes masked for visitors). */
export async function listBrandDeals(brandId: string, signedIn: boolean, now = new Date()) {
  const db = await getDb();
  const rows = await db
    .select(dealCardColumns)
    .from(crevardeDeals)
    .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(and(eq(crevardeDeals.brandId, brandId), publicDeal(now)))
    .orderBy(...NEWEST_FIRST)
    .limit(DEALS_PAGE_SIZE);
  return publicDeals(rows, signedIn, { now });
}
