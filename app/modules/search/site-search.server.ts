/**
 * The global search (/recherche, issue #14): brands, live promo codes
 * (masked for visitors, as everywhere), deals and articles, each ranked,
 * with the typo correction of search.server, and the header's suggestions.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { blogArticles, brands, categories, promoCodes } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { listBrands } from "~/modules/brands/brands.server";
import { searchDealsQuery, toPublicDeal } from "~/modules/deals/deals.server";
import { promoCodeColumns, publicCode, toPublicCode } from "~/modules/promo-codes/promo-codes.server";
import { completeWord, expandWords, foldWord, matchQuery, searchWithCorrections } from "./search.server";
import { searchWords, SUGGEST_MIN_LENGTH } from "./search.schema";

/** At most this many results per group on /recherche. */
const SITE_SEARCH_GROUP_LIMIT = 6;

async function searchGroups(match: SQL | null, q: string, signedIn: boolean, now: Date) {
  if (!match) return { brands: [], codes: [], deals: [], articles: [] };
  const db = await getDb();
  const [brandRows, codeRows, dealRows, articleRows] = await Promise.all([
    listBrands({ match, now }),
    db
      .select(promoCodeColumns)
      .from(promoCodes)
      .innerJoin(brands, eq(brands.id, promoCodes.brandId))
      .leftJoin(categories, eq(categories.id, promoCodes.categoryId))
      // a code is found by its brand's name, its discount or its description, never by the code itself
      .where(and(publicCode(now), sql`(${promoCodes.search} || ${brands.search}) @@ ${match}`))
      .orderBy(sql`ts_rank_cd(${promoCodes.search} || ${brands.search}, ${match}) desc`, sql`${promoCodes.expiresAt} asc nulls last`, asc(promoCodes.code))
      .limit(SITE_SEARCH_GROUP_LIMIT),
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
      .where(sql`${blogArticles.search} @@ ${match}`)
      .orderBy(sql`ts_rank_cd(${blogArticles.search}, ${match}) desc`, desc(blogArticles.publishedAt))
      .limit(SITE_SEARCH_GROUP_LIMIT),
  ]);
  return {
    brands: brandRows.slice(0, SITE_SEARCH_GROUP_LIMIT),
    codes: codeRows.map((r) => toPublicCode(r, signedIn, now)),
    deals: dealRows.slice(0, SITE_SEARCH_GROUP_LIMIT).map((r) => toPublicDeal(r, signedIn, { now })),
    articles: articleRows.map((a) => ({ ...a, publishedAt: a.publishedAt.toISOString() })),
  };
}

export type SiteSearchGroups = Awaited<ReturnType<typeof searchGroups>>;

export const resultCount = (g: SiteSearchGroups) => g.brands.length + g.codes.length + g.deals.length + g.articles.length;

/** Everything that matches the query, grouped; corrected when the words find nothing. */
export async function searchSite(q: string, signedIn: boolean, now = new Date()) {
  const db = await getDb();
  const outcome = await searchWithCorrections(db, q, (match) => searchGroups(match, q, signedIn, now), (g) => resultCount(g) === 0);
  return { ...outcome.result, correction: outcome.correction, searched: outcome.words.length > 0 };
}

export interface Suggestion {
  kind: "query" | "brand" | "article";
  label: string;
  href: string;
}

/**
 * The header's suggestions: the query completed with catalogue words ("pinc"
 * → "pinceaux"), then brands and articles that match what is typed so far.
 */
export async function suggest(q: string): Promise<Suggestion[]> {
  const words = searchWords(q);
  if (words.length === 0 || q.trim().length < SUGGEST_MIN_LENGTH) return [];
  const db = await getDb();
  const last = words[words.length - 1]!;
  const head = q.trim().slice(0, q.trim().toLocaleLowerCase("fr").lastIndexOf(last)).trimEnd();
  const match = matchQuery(words, await expandWords(db, words));
  const [completions, brandRows, articleRows] = await Promise.all([
    completeWord(db, last, 4),
    db
      .select({ name: brands.name, slug: brands.slug })
      .from(brands)
      // a brand also when its name starts with what is typed ("nu" → Nuxe)
      .where(sql`${brands.search} @@ ${match} or lower(unaccent(${brands.name})) like ${`${foldWord(q.trim()).replace(/[\\%_]/g, "\\$&")}%`}`)
      .orderBy(sql`ts_rank_cd(${brands.search}, ${match}) desc`, asc(brands.name))
      .limit(3),
    db
      .select({ id: blogArticles.id, title: blogArticles.title })
      .from(blogArticles)
      .where(sql`${blogArticles.search} @@ ${match}`)
      .orderBy(sql`ts_rank_cd(${blogArticles.search}, ${match}) desc`, desc(blogArticles.publishedAt))
      .limit(2),
  ]);
  const queries = [...new Set(completions.map((w) => `${head} ${w}`.trim()))];
  return [
    ...queries.map((label) => ({ kind: "query" as const, label, href: `/recherche?q=${encodeURIComponent(label)}` })),
    ...brandRows.map((b) => ({ kind: "brand" as const, label: b.name, href: `/marques/${b.slug}` })),
    ...articleRows.map((a) => ({ kind: "article" as const, label: a.title, href: `/blog/${a.id}` })),
  ];
}
