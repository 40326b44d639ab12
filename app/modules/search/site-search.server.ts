/**
 * The global search (/recherche, issue #14): brands, live promo codes
 * (masked for visitors, as everywhere), offers, deals, articles and the help
 * centre's articles (issue #34 item 7), each ranked,
 * with the typo correction of search.server, and the header's suggestions.
 * Brands and offers carry their brand's cashback once it is launched (issue #34 item 5).
 */
import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { blogArticles, brands, categories, promoCodes } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { listBrands } from "#app/modules/brands/brands.server";
import { listBrandCashback } from "#app/modules/cashback/programs.server";
import { searchOffers, suggestOffers } from "#app/modules/offers/offers.server";
import { publicArticle } from "#app/modules/blog/blog.server";
import { helpArticlePath } from "#app/modules/help/help.constants";
import { searchHelpArticles } from "#app/modules/help/help.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { searchDealsQuery, publicDeals } from "#app/modules/deals/deals.server";
import { promoCodeColumns, publicCode, toPublicCode } from "#app/modules/promo-codes/promo-codes.server";
import { completeWord, expandWords, matchQuery, nameStartsWith, searchWithCorrections } from "./search.server";
import { searchWords, SUGGEST_MIN_LENGTH } from "./search.schema";

/** At most this many results per group on /recherche. */
const SITE_SEARCH_GROUP_LIMIT = 6;

async function searchGroups(match: SQL | null, q: string, signedIn: boolean, launched: boolean, now: Date) {
  if (!match) return { brands: [], codes: [], offers: [], deals: [], articles: [], help: [] };
  const db = await getDb();
  const [brandRows, codeRows, offerRows, dealRows, articleRows, helpRows] = await Promise.all([
    // a brand also by its name without spaces and hyphens (« laroche »), at once
    listBrands({ match, typed: q, now }),
    db
      .select(promoCodeColumns)
      .from(promoCodes)
      .innerJoin(brands, eq(brands.id, promoCodes.brandId))
      .leftJoin(categories, eq(categories.id, promoCodes.categoryId))
      // a code is found by its brand's name, its discount or its description, never by the code itself
      .where(and(publicCode(now), sql`(${promoCodes.search} || ${brands.search}) @@ ${match}`))
      .orderBy(sql`ts_rank_cd(${promoCodes.search} || ${brands.search}, ${match}) desc`, sql`${promoCodes.expiresAt} asc nulls last`, asc(promoCodes.code))
      .limit(SITE_SEARCH_GROUP_LIMIT),
    searchOffers(match, launched, now, SITE_SEARCH_GROUP_LIMIT),
    searchDealsQuery(db, { q, source: "all", brand: "", sort: "pertinence", page: 1, tab: "tous", now }, match),
    db
      .select({
        id: blogArticles.id,
        title: blogArticles.title,
        category: blogArticles.category,
        excerpt: blogArticles.excerpt,
        publishedAt: blogArticles.publishedAt,
      })
      .from(blogArticles)
      .where(and(publicArticle(now), sql`${blogArticles.search} @@ ${match}`))
      .orderBy(sql`ts_rank_cd(${blogArticles.search}, ${match}) desc`, desc(blogArticles.publishedAt))
      .limit(SITE_SEARCH_GROUP_LIMIT),
    searchHelpArticles(match, SITE_SEARCH_GROUP_LIMIT),
  ]);
  return {
    brands: brandRows.slice(0, SITE_SEARCH_GROUP_LIMIT),
    codes: codeRows.map((r) => toPublicCode(r, signedIn, now)),
    offers: offerRows,
    deals: await publicDeals(dealRows.slice(0, SITE_SEARCH_GROUP_LIMIT), signedIn, { now }),
    articles: articleRows.map((a) => ({ ...a, publishedAt: a.publishedAt.toISOString() })),
    help: helpRows,
  };
}

export type SiteSearchGroups = Awaited<ReturnType<typeof searchGroups>>;

export const resultCount = (g: SiteSearchGroups) => g.brands.length + g.codes.length + g.offers.length + g.deals.length + g.articles.length + g.help.length;

/** Everything that matches the query, grouped; corrected when the words find nothing. */
export async function searchSite(q: string, signedIn: boolean, now = new Date()) {
  const [db, launched] = await Promise.all([getDb(), getSetting("cashback_launched")]);
  const outcome = await searchWithCorrections(db, q, (match) => searchGroups(match, q, signedIn, launched, now), (g) => resultCount(g) === 0);
  return { ...outcome.result, correction: outcome.correction, searched: outcome.words.length > 0 };
}

export interface Suggestion {
  kind: "query" | "brand" | "offer" | "article" | "help";
  label: string;
  href: string;
  /** a brand's or an offer's cashback once launched ("Jusqu'à 7 % de cashback"), from its brand's programmes */
  cashback?: string;
  /** « Cashback boosté : 10 % au lieu de 7 % jusqu'au 3 décembre » while that rate is boosted (issue #34 item 6) */
  boost?: string;
}

/**
 * The header's suggestions: the query completed with catalogue words ("pinc"
 * → "pinceaux"), then brands (also by their name without spaces and hyphens:
 * « laroche »), offers and articles that match what is typed so far; brands
 * and offers with their cashback once it is launched (issue #34 item 5), and
 * the help centre's articles (issue #34 item 7).
 */
export async function suggest(q: string, now = new Date()): Promise<Suggestion[]> {
  const words = searchWords(q);
  if (words.length === 0 || q.trim().length < SUGGEST_MIN_LENGTH) return [];
  const db = await getDb();
  const last = words[words.length - 1]!;
  const head = q.trim().slice(0, q.trim().toLocaleLowerCase("fr").lastIndexOf(last)).trimEnd();
  const match = matchQuery(words, await expandWords(db, words))!;
  const [completions, brandRows, offerRows, articleRows, helpRows, launched] = await Promise.all([
    completeWord(db, last, 4),
    db
      .select({ id: brands.id, name: brands.name, slug: brands.slug })
      .from(brands)
      // a brand also when its name starts with what is typed ("nu" → Nuxe, « la roche » → La Roche-Posay)
      .where(or(sql`${brands.search} @@ ${match}`, nameStartsWith(brands.name, q) ?? undefined))
      .orderBy(sql`ts_rank_cd(${brands.search}, ${match}) desc`, asc(brands.name))
      .limit(3),
    suggestOffers(match, now, 3),
    db
      .select({ id: blogArticles.id, title: blogArticles.title })
      .from(blogArticles)
      .where(and(publicArticle(now), sql`${blogArticles.search} @@ ${match}`))
      .orderBy(sql`ts_rank_cd(${blogArticles.search}, ${match}) desc`, desc(blogArticles.publishedAt))
      .limit(2),
    searchHelpArticles(match, 2),
    getSetting("cashback_launched"),
  ]);
  const rates = launched ? await listBrandCashback([...brandRows.map((b) => b.id), ...offerRows.map((o) => o.brandId)], now) : new Map<string, { label: string; boostText: string | null }>();
  const cashback = (brandId: string) => {
    const rate = rates.get(brandId);
    if (!rate) return {};
    return rate.boostText ? { cashback: rate.label, boost: rate.boostText } : { cashback: rate.label };
  };
  const queries = [...new Set(completions.map((w) => `${head} ${w}`.trim()))];
  return [
    ...queries.map((label) => ({ kind: "query" as const, label, href: `/recherche?q=${encodeURIComponent(label)}` })),
    ...brandRows.map((b) => ({ kind: "brand" as const, label: b.name, href: `/marques/${b.slug}`, ...cashback(b.id) })),
    ...offerRows.map((o) => ({ kind: "offer" as const, label: o.name, href: `/marques/${o.brandSlug}`, ...cashback(o.brandId) })),
    ...articleRows.map((a) => ({ kind: "article" as const, label: a.title, href: `/blog/${a.id}` })),
    ...helpRows.map((h) => ({ kind: "help" as const, label: h.title, href: helpArticlePath(h.slug) })),
  ];
}
