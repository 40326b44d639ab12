/**
 * The help centre as the public reads it (issue #34 item 7, ADR 041):
 * published articles grouped by section, one article by slug, and the
 * articles matching a site search. What is the same for everyone (the
 * sections, a published article) is kept in process until an article
 * changes (ADR 026); an editor's preview is read each time.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { helpArticles } from "#db/schema";
import { cachedRead } from "#app/lib/data-cache.server";
import { getDb } from "#app/lib/db.server";
import { HELP_SECTION_LABELS, HELP_SECTIONS, type HelpSection } from "./help.constants";
import { SLUG_SHAPE } from "#app/lib/site";

export interface HelpArticleSummary {
  slug: string;
  section: HelpSection;
  title: string;
  summary: string;
}

const summaryColumns = { slug: helpArticles.slug, section: helpArticles.section, title: helpArticles.title, summary: helpArticles.summary };

const asSummary = (r: { slug: string; section: string; title: string; summary: string }): HelpArticleSummary => ({ ...r, section: r.section as HelpSection });

/** Every section of /aide in its order, with its published articles (sections without any left out). */
export function listHelpSections() {
  return cachedRead("help:sections", ["help_articles"], readHelpSections);
}

async function readHelpSections() {
  const db = await getDb();
  const rows = await db
    .select(summaryColumns)
    .from(helpArticles)
    .where(eq(helpArticles.published, true))
    .orderBy(asc(helpArticles.position), asc(helpArticles.title));
  return HELP_SECTIONS.map((section) => ({ section, label: HELP_SECTION_LABELS[section], articles: rows.filter((r) => r.section === section).map(asSummary) })).filter(
    (s) => s.articles.length > 0,
  );
}

/** A published article (an unpublished one only for those who edit the help centre), with the other articles of its section. */
export async function getHelpArticle(slug: string, options: { preview: boolean }) {
  // anything that is not a slug (the admin form's rule) is no article, without a query
  if (!SLUG_SHAPE.test(slug)) return null;
  if (options.preview) return readHelpArticle(slug, options);
  // an unknown slug is not kept: only the published articles take a place
  return cachedRead(`help:article:${slug}`, ["help_articles"], () => readHelpArticle(slug, options), { keep: (article) => article !== null });
}

async function readHelpArticle(slug: string, options: { preview: boolean }) {
  const db = await getDb();
  const [article] = await db
    .select()
    .from(helpArticles)
    .where(and(eq(helpArticles.slug, slug), options.preview ? undefined : eq(helpArticles.published, true)))
    .limit(1);
  if (!article) return null;
  const related = await db
    .select(summaryColumns)
    .from(helpArticles)
    .where(and(eq(helpArticles.section, article.section), eq(helpArticles.published, true), sql`${helpArticles.id} <> ${article.id}`))
    .orderBy(asc(helpArticles.position), asc(helpArticles.title))
    .limit(6);
  return {
    slug: article.slug,
    section: article.section as HelpSection,
    sectionLabel: HELP_SECTION_LABELS[article.section as HelpSection] ?? article.section,
    title: article.title,
    summary: article.summary,
    body: article.body,
    published: article.published,
    updatedAt: article.updatedAt,
    related: related.map(asSummary),
  };
}

/** Published articles matching a site search's tsquery, best first (site-search.server.ts). */
export async function searchHelpArticles(match: SQL, limit: number): Promise<HelpArticleSummary[]> {
  const db = await getDb();
  const rows = await db
    .select(summaryColumns)
    .from(helpArticles)
    .where(and(eq(helpArticles.published, true), sql`${helpArticles.search} @@ ${match}`))
    .orderBy(sql`ts_rank_cd(${helpArticles.search}, ${match}) desc`, desc(helpArticles.updatedAt))
    .limit(limit);
  return rows.map(asSummary);
}

/** The published articles' paths for the sitemap. */
export async function helpSitemapRows() {
  const db = await getDb();
  return db.select({ slug: helpArticles.slug, updatedAt: helpArticles.updatedAt }).from(helpArticles).where(eq(helpArticles.published, true)).orderBy(asc(helpArticles.slug));
}
