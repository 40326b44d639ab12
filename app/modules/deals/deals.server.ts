import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { brands, crevardeDeals, profiles } from "#db/schema";
import { scheduledRead, scheduleOpen } from "#app/modules/schedule/schedule.server";
import { getDb, type Db } from "#app/lib/db.server";
import { maskCode } from "#app/modules/promo-codes/promo-codes";
import { isDealCode } from "./deals.constants";
import { dealStatus, temperatureTier, TEMPERATURE_TIER_LABELS, visibleTemperature } from "./deal-rules";
import { postedAgo } from "./posted-ago";
import { withPriceTruth, type DealPrices } from "./price-truth.server";
import { codePercent } from "#app/modules/brands/discount";
import { isDealExpired } from "./deal-votes";
import { DEALS_PAGE_SIZE, FEATURED_DEALS_LIMIT, RELEVANCE_WINDOW, type DealSearch } from "./deals.schema";
import { fewMatches, matchQuery, searchWithCorrections } from "#app/modules/search/search.server";
import { searchWords } from "#app/modules/search/search.schema";

/** What a deal card shows, with its brand (left join on brands). */
export const dealCardColumns = {
  id: crevardeDeals.id,
  title: crevardeDeals.title,
  description: crevardeDeals.description,
  price: crevardeDeals.price,
  originalPrice: crevardeDeals.originalPrice,
  imageUrl: crevardeDeals.imageUrl,
  source: crevardeDeals.source,
  badgeText: crevardeDeals.badgeText,
  badgeType: crevardeDeals.badgeType,
  ctaText: crevardeDeals.ctaText,
  url: crevardeDeals.url,
  brandId: crevardeDeals.brandId,
  brandName: brands.name,
  brandImage: brands.imageUrl,
  createdAt: crevardeDeals.createdAt,
  /* the temperature and expiry (issue #15): toPublicDeal turns them into `heat` and `expired`, never sent raw */
  temperature: crevardeDeals.temperature,
  publishedAt: crevardeDeals.publishedAt,
  authorId: crevardeDeals.authorId,
  expiredAt: crevardeDeals.expiredAt,
  expiresAt: crevardeDeals.expiresAt,
  /** visible comments (kept by a trigger): the card's and the deal page's counter */
  commentsCount: crevardeDeals.commentsCount,
  /* the author's pseudo (public, links to /membres/:pseudo); a subquery on the profile's primary key, so every list keeps its one query */
  authorName: sql<string | null>`(select ${profiles.username} from ${profiles} where ${profiles.id} = ${crevardeDeals.authorId})`,
  /* and their avatar, shown beside it on cards and the deal page (issue #34 item 9) */
  authorAvatarUrl: sql<string | null>`(select ${profiles.avatarUrl} from ${profiles} where ${profiles.id} = ${crevardeDeals.authorId})`,
};

/** Only published deals are public: a member's post waits for moderation, a rejected or removed one is gone (issue #15). */
export const isPublicDeal = eq(crevardeDeals.status, dealStatus.is.published);

/** Published, and inside its schedule at `now` (« Publier le » / « Dépublier le », ADR 030): what every public read shows. */
export const publicDeal = (now: Date) => and(isPublicDeal, scheduleOpen(crevardeDeals, now))!;

/**
 * Newest first, id as the tie-breaker for stable pages. "nulls last" matches
 * the created_at indexes (created_at is never null, so the order is the same):
 * without it PostgreSQL cannot read them in order and sorts every matching
 * row, which on 100,000 deals is 100 ms per page instead of under 1 ms.
 */
export const NEWEST_FIRST = [sql`${crevardeDeals.createdAt} desc nulls last`, desc(crevardeDeals.id)];

/**
 * The same order, in a form no index can serve. For words that few deals
 * contain (searchPlan), so that PostgreSQL reads those deals through the GIN
 * index and sorts them, instead of walking the date (or price) index past
 * every other deal: its estimate of a rare word's rows is far too high, and
 * at a million deals that walk took seconds (bench, issue #14).
 */
const newestFirst = (rare: boolean) =>
  rare ? [sql`(${crevardeDeals.createdAt} + interval '0 seconds') desc nulls last`, desc(crevardeDeals.id)] : NEWEST_FIRST;

export async function listFeaturedDeals(signedIn: boolean, limit = FEATURED_DEALS_LIMIT, now = new Date()) {
  // a pseudo change (profiles: no change notification) shows here within the cache's TTL
  const rows = await scheduledRead(`deals:featured:${limit}`, ["crevarde_deals", "brands"], now, async () => {
    const db = await getDb();
    return db
      .select(dealCardColumns)
      .from(crevardeDeals)
      .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
      .where(and(eq(crevardeDeals.isFeatured, true), publicDeal(now)))
      .orderBy(...NEWEST_FIRST)
      .limit(limit);
  });
  return publicDeals(rows, signedIn, { now });
}

/** The newest deals of the brands of one category (brands.category_id), 24 at most. */
export async function listCategoryDeals(categoryId: string, signedIn: boolean, limit = DEALS_PAGE_SIZE, now = new Date()) {
  const db = await getDb();
  const rows = await db
    .select(dealCardColumns)
    .from(crevardeDeals)
    .innerJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(and(eq(brands.categoryId, categoryId), publicDeal(now)))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return publicDeals(rows, signedIn, { now });
}

/**
 * Shape a deal row for the client. A deal's code (cta_text) is for members,
 * like promo codes (ADR 006: masked on the server for visitors): for visitors it leaves the server
 * masked, and `codeMasked` tells the card to show the sign-up prompt instead
 * of the copy button. The temperature leaves only as `heat` (visibleTemperature:
 * null while the deal is new, except for its author), never raw; the author's
 * id and the dates stay on the server.
 */
export function toPublicDeal<
  T extends { createdAt: Date; badgeType: string; ctaText: string; temperature: number; publishedAt: Date | null; authorId: string | null; expiredAt: Date | null; expiresAt: Date | null },
>(row: T, signedIn: boolean, { viewerId = null, now = new Date() }: { viewerId?: string | null; now?: Date } = {}) {
  const { temperature, publishedAt, authorId, expiredAt, expiresAt, ...rest } = row;
  const codeMasked = !signedIn && isDealCode(row.ctaText);
  const shown = visibleTemperature({ temperature, publishedAt, authorId }, viewerId, now);
  return {
    ...rest,
    ctaText: codeMasked ? maskCode(row.ctaText) : row.ctaText,
    codeMasked,
    badgeType: (["hot", "risky", "fun"].includes(row.badgeType) ? row.badgeType : "hot") as "hot" | "risky" | "fun",
    createdAt: row.createdAt.toISOString(),
    /** « il y a 3 heures », from the request's time: written on the server, so the page hydrates with the same text */
    postedAgo: postedAgo(publishedAt ?? row.createdAt, now),
    heat: {
      isNew: shown.isNew,
      temperature: shown.temperature,
      tier: shown.temperature === null ? null : TEMPERATURE_TIER_LABELS[temperatureTier(shown.temperature)],
    },
    expired: isDealExpired({ expiredAt, expiresAt }, now),
    /** posted by a member: its link is user content (rel="ugc"), reached through /kpi with the deal's id */
    memberPosted: authorId !== null,
  };
}

/**
 * Deal rows shaped for the client (toPublicDeal), each with its price truth (ADR 049): one more query for the whole
 * page. A badge that claims a percentage (« -50 % ») says the true one instead when there is a reference.
 */
export async function publicDeals<T extends Parameters<typeof toPublicDeal>[0] & DealPrices & { badgeText: string }>(rows: readonly T[], signedIn: boolean, options: { viewerId?: string | null; now?: Date } = {}) {
  const deals = await withPriceTruth(rows, rows.map((r) => toPublicDeal(r, signedIn, options)));
  return deals.map((d) => (d.priceTruth && codePercent(d.badgeText) !== null ? { ...d, badgeText: d.priceTruth.percent ?? "Pas une baisse" } : d));
}

/** Facet counts and the result count are computed on at most this many of the newest matches; beyond, "1 000+". */
export const FACET_WINDOW = 1000;

/** `now`: the request's time, for the schedule (default: this process's clock) */
type Filters = Pick<DealSearch, "source" | "brand"> & Partial<Pick<DealSearch, "tab">> & { now?: Date };

/** The deals page's conditions: the words (a full-text match), the source and the brand (by slug); `except` leaves one out, for its facet. */
function dealSearchWhere(search: Filters, match: SQL | null, except?: "source" | "brand"): SQL | undefined {
  const parts: SQL[] = [publicDeal(search.now ?? new Date())];
  // « Les plus hot »: expired deals drop out (the partial index crevarde_deals_hot_idx)
  if (search.tab === "hot") parts.push(sql`${crevardeDeals.expiredAt} is null`);
  if (match) parts.push(sql`${crevardeDeals.search} @@ ${match}`);
  if (search.source !== "all" && except !== "source") parts.push(sql`lower(${crevardeDeals.source}) = ${search.source}`);
  if (search.brand && except !== "brand") {
    parts.push(sql`${crevardeDeals.brandId} = (select ${brands.id} from ${brands} where ${brands.slug} = ${search.brand})`);
  }
  return and(...parts);
}

/**
 * One page of the deals page, plus one row to know whether a next page exists.
 * "pertinence" orders the RELEVANCE_WINDOW newest matches by ts_rank_cd
 * (then newest first); "prix" by price, deals without a readable price last;
 * "nouveautes" newest first. Every shape reads an index in order or the GIN
 * index: no sort of every deal.
 */
export function searchDealsQuery(db: Db, search: DealSearch & { now?: Date }, match: SQL | null = matchQuery(searchWords(search.q)), rare = false) {
  const where = dealSearchWhere(search, match);
  const offset = (search.page - 1) * DEALS_PAGE_SIZE;
  if (search.tab === "tous" && search.sort === "pertinence" && match) {
    const recent = db.$with("recent").as(
      db
        .select({ id: crevardeDeals.id, rank: sql<number>`ts_rank_cd(${crevardeDeals.search}, ${match})`.as("rank") })
        .from(crevardeDeals)
        .where(where)
        .orderBy(...newestFirst(rare))
        .limit(RELEVANCE_WINDOW),
    );
    return db
      .with(recent)
      .select(dealCardColumns)
      .from(recent)
      .innerJoin(crevardeDeals, eq(crevardeDeals.id, recent.id))
      .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
      .orderBy(desc(recent.rank), ...NEWEST_FIRST)
      .limit(DEALS_PAGE_SIZE + 1)
      .offset(offset);
  }
  // a tab's order wins over the sort: « Les plus hot » reads crevarde_deals_hot_idx, « Commentés » crevarde_deals_comments_idx
  const byPrice = () => [rare ? sql`(${crevardeDeals.priceCents} + 0) asc nulls last` : sql`${crevardeDeals.priceCents} asc nulls last`, ...newestFirst(rare)];
  const order =
    search.tab === "hot"
      ? // "nulls last" as in the index (hot_score is never null, but the planner matches the order exactly)
        [sql`${crevardeDeals.hotScore} desc nulls last`, desc(crevardeDeals.id)]
      : search.tab === "nouveaux"
        ? [sql`${crevardeDeals.publishedAt} desc nulls last`, desc(crevardeDeals.id)]
        : search.tab === "commentes"
          ? // « Commentés »: most visible comments of all time first, reading crevarde_deals_comments_idx in order
            [sql`${crevardeDeals.commentsCount} desc nulls last`, desc(crevardeDeals.id)]
          : search.sort === "prix"
          ? byPrice()
          : newestFirst(rare);
  return db
    .select(dealCardColumns)
    .from(crevardeDeals)
    .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(where)
    .orderBy(...order)
    .limit(DEALS_PAGE_SIZE + 1)
    .offset(offset);
}

export interface DealFacets {
  /** deals per source among the newest matches (the brand filter applied) */
  sources: Record<string, number>;
  /** the brands with the most deals among the newest matches (the source filter applied), and the chosen one */
  brands: { slug: string; name: string; count: number }[];
  /** how many deals match, capped at FACET_WINDOW */
  total: number;
  /** more than FACET_WINDOW match: counts are over the newest ones ("1 000+") */
  capped: boolean;
}

/** One of the newest matches: what the facets count, and its relevance when the page is ranked. */
interface NewestMatch {
  id: string;
  source: string;
  brandId: string | null;
  rank: number | null;
}

/**
 * The newest matches, FACET_WINDOW + 1 at most (one more: is the count
 * capped?), in the list's order; `except` leaves one filter out, for its
 * facet; `ranked` adds each match's ts_rank_cd. Executed once per call.
 */
function newestMatches(db: Db, search: DealSearch & { now?: Date }, match: SQL | null, rare: boolean, { except, ranked = false }: { except?: "source" | "brand"; ranked?: boolean } = {}): Promise<NewestMatch[]> {
  return db
    .select({
      id: crevardeDeals.id,
      source: sql<string>`lower(${crevardeDeals.source})`,
      brandId: crevardeDeals.brandId,
      rank: ranked && match ? sql<number>`ts_rank_cd(${crevardeDeals.search}, ${match})` : sql<null>`null`,
    })
    .from(crevardeDeals)
    .where(dealSearchWhere(search, match, except))
    .orderBy(...newestFirst(rare))
    .limit(FACET_WINDOW + 1)
    .execute();
}

/**
 * newestMatches, kept in memory when no words are searched (the list as most visitors open it):
 * it depends only on the deals' content columns, the brand slug and the schedule, whose writes
 * notify (ADR 026, 030), and not on votes or comments, which change far more often. A search's
 * words make keys without end: those windows are read each time.
 */
function windowOf(db: Db, search: DealSearch & { now?: Date }, match: SQL | null, rare: boolean, options: { except?: "source" | "brand"; ranked?: boolean } = {}): Promise<readonly NewestMatch[]> {
  if (match !== null) return newestMatches(db, search, match, rare, options);
  return scheduledRead(windowKey(search, options.except), WINDOW_TABLES, search.now ?? new Date(), () => newestMatches(db, search, null, rare, options));
}
const WINDOW_TABLES = ["crevarde_deals", "brands"] as const;
const windowKey = (search: DealSearch, except?: "source" | "brand") =>
  `deals:window:${search.tab}|${except === "source" ? "*" : search.source}|${except === "brand" ? "*" : (search.brand ?? "")}`;

/** Deal cards by id, in the order of `ids`; a deal deleted between two reads is left out. */
async function cardsInOrder(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db.select(dealCardColumns).from(crevardeDeals).leftJoin(brands, eq(brands.id, crevardeDeals.brandId)).where(inArray(crevardeDeals.id, [...ids]));
  const cards = new Map(rows.map((c) => [c.id, c]));
  return ids.flatMap((id) => cards.get(id) ?? []);
}

/**
 * One page of the list (one more row: is there a next page?) from the
 * newest matches already read for the facets, so that a search walks the
 * date index once (bench, issue #14). "pertinence": the RELEVANCE_WINDOW
 * newest by ts_rank_cd, newest first among equals (the sort is stable and
 * the window newest first), as searchDealsQuery orders them. "nouveautes":
 * the window in its order; null past its end when more deals match, for
 * searchDealsQuery to read.
 */
function pageFromWindow(window: readonly NewestMatch[], sort: DealSearch["sort"], page: number): string[] | null {
  const offset = (page - 1) * DEALS_PAGE_SIZE;
  if (sort === "pertinence") {
    return window
      .slice(0, RELEVANCE_WINDOW)
      .map((m, i) => ({ id: m.id, rank: Number(m.rank ?? 0), i }))
      .sort((a, b) => b.rank - a.rank || a.i - b.i)
      .slice(offset, offset + DEALS_PAGE_SIZE + 1)
      .map((m) => m.id);
  }
  const complete = window.length <= FACET_WINDOW;
  return complete || offset + DEALS_PAGE_SIZE + 1 <= window.length ? window.slice(offset, offset + DEALS_PAGE_SIZE + 1).map((m) => m.id) : null;
}

/** `window`: the newest matches with every filter, when already read for the page (pageFromWindow). */
async function dealFacets(db: Db, search: DealSearch & { now?: Date }, match: SQL | null, rare: boolean, window?: readonly NewestMatch[]): Promise<DealFacets> {
  // a facet leaves its own filter out, so without filters one read serves all
  const all = window ? Promise.resolve(window) : windowOf(db, search, match, rare);
  const [matches, bySource, byBrand] = await Promise.all([
    all,
    search.source === "all" ? all : windowOf(db, search, match, rare, { except: "source" }),
    search.brand ? windowOf(db, search, match, rare, { except: "brand" }) : all,
  ]);
  const tally = <K extends string>(rows: { key: K | null }[]) => {
    const counts = new Map<K, number>();
    for (const { key } of rows.slice(0, FACET_WINDOW)) if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const sources = tally(bySource.map((r) => ({ key: r.source })));
  const brandCounts = tally(byBrand.map((r) => ({ key: r.brandId })));
  const ids = [...brandCounts.keys()];
  const named = ids.length === 0 && !search.brand
    ? []
    : await db
        .select({ id: brands.id, slug: brands.slug, name: brands.name })
        .from(brands)
        .where(
          search.brand
            ? ids.length > 0
              ? or(inArray(brands.id, ids), eq(brands.slug, search.brand))
              : eq(brands.slug, search.brand)
            : inArray(brands.id, ids),
        );
  const list = named
    .map((b) => ({ slug: b.slug, name: b.name, count: brandCounts.get(b.id) ?? 0 }))
    .sort((x, y) => y.count - x.count || x.name.localeCompare(y.name, "fr"));
  const top = list.filter((b) => b.count > 0).slice(0, 10);
  const chosen = list.find((b) => b.slug === search.brand);
  if (chosen && !top.includes(chosen)) top.push(chosen);
  return {
    sources: Object.fromEntries(sources),
    brands: top,
    total: Math.min(matches.length, FACET_WINDOW),
    capped: matches.length > FACET_WINDOW,
  };
}

/** The deals page: one page of deals, the facets, and the typo correction when the words find nothing. */
export async function searchDeals(query: DealSearch, signedIn: boolean, now = new Date()) {
  const search = { ...query, now };
  const db = await getDb();
  const rare = await fewMatches(db, searchWords(search.q), FACET_WINDOW);
  const outcome = await searchWithCorrections(
    db,
    search.q,
    async (match) => {
      // the list's own order is the facets' window (newest matches), or ranks its start: one walk serves both
      const fromWindow = search.tab === "tous" && (search.sort === "nouveautes" || (search.sort === "pertinence" && match !== null));
      if (!fromWindow) return { rows: await searchDealsQuery(db, search, match, rare), match, window: undefined };
      const window = await windowOf(db, search, match, rare, { ranked: search.sort === "pertinence" });
      const ids = pageFromWindow(window, search.sort, search.page);
      return { rows: ids ? await cardsInOrder(db, ids) : await searchDealsQuery(db, search, match, rare), match, window };
    },
    (r) => r.rows.length === 0,
  );
  const { rows, match, window } = outcome.result;
  // without words, the facets come from the windows kept in memory, plus the brands' names
  const facets = match === null
    ? await scheduledRead(`deals:facets:${windowKey(search)}`, WINDOW_TABLES, now, () => dealFacets(db, search, null, rare, window))
    : await dealFacets(db, search, match, rare, window);
  const page = rows.slice(0, DEALS_PAGE_SIZE);
  return {
    deals: await publicDeals(page, signedIn, { now }),
    hasNext: rows.length > DEALS_PAGE_SIZE,
    page: search.page,
    facets,
    correction: outcome.correction,
  };
}
