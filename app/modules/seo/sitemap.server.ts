import { and, desc, eq } from "drizzle-orm";
import { blogArticles, brands, crevardeDeals, pages } from "#db/schema";
import { publicDeal } from "#app/modules/deals/deals.server";
import { publicArticle } from "#app/modules/blog/blog.server";
import { scheduleOpen } from "#app/modules/schedule/schedule.server";
import { getDb } from "#app/lib/db.server";
import { conceptPath } from "#app/lib/site";
import { listNonEmptyCategories } from "#app/modules/categories/categories.server";
import { LEGAL_SLUGS } from "#app/modules/content/pages.server";
import { EARNINGS_PATH } from "#app/modules/content/earnings";
import { memberPath } from "#app/modules/members/member-badges";
import { membersWithDeals } from "#app/modules/members/members.server";
import { helpArticlePath } from "#app/modules/help/help.constants";
import { helpSitemapRows } from "#app/modules/help/help.server";
import { listPublicOfferIds } from "#app/modules/offers/offers.server";

export interface SitemapEntry {
  path: string;
  lastmod?: Date;
  priority?: number;
}

const STATIC_PATHS: Array<[string, number]> = [
  ["/", 1],
  ["/coup-de-crevarde", 0.9],
  ["/marques", 0.8],
  ["/blog", 0.8],
  ["/pourquoi", 0.5],
  ["/temu", 0.5],
  ["/categories", 0.5],
  ["/apropos", 0.4],
  ["/extension", 0.3],
  ["/aide", 0.5],
  ["/contact", 0.3],
  [EARNINGS_PATH, 0.2],
];

/** The newest published deals' pages listed (the sitemap protocol allows 50,000 URLs per file). */
const SITEMAP_DEALS_LIMIT = 5000;

export async function sitemapEntries(siteName: string, now = new Date()): Promise<SitemapEntry[]> {
  const db = await getDb();
  const [articleRows, brandRows, categoryRows, pageRows, dealRows, memberRows, helpRows, offerRows] = await Promise.all([
    db.select({ id: blogArticles.id, updatedAt: blogArticles.updatedAt }).from(blogArticles).where(publicArticle(now)).orderBy(desc(blogArticles.publishedAt)),
    db.select({ slug: brands.slug, updatedAt: brands.updatedAt }).from(brands).orderBy(brands.name),
    listNonEmptyCategories(now),
    db
      .select({ slug: pages.slug, updatedAt: pages.updatedAt })
      .from(pages)
      .where(and(eq(pages.published, true), scheduleOpen(pages, now))),
    db
      .select({ id: crevardeDeals.id, updatedAt: crevardeDeals.updatedAt })
      .from(crevardeDeals)
      .where(publicDeal(now))
      .orderBy(desc(crevardeDeals.createdAt))
      .limit(SITEMAP_DEALS_LIMIT),
    // members' pages, only for members with published deals (the others are noindex)
    membersWithDeals(now),
    helpSitemapRows(),
    // offers' pages, with the rule of their page (public now: not a draft, inside their window)
    listPublicOfferIds(now),
  ]);
  const legal = new Set<string>(LEGAL_SLUGS);
  return [
    ...STATIC_PATHS.map(([path, priority]) => ({ path, priority })),
    { path: conceptPath(siteName), priority: 0.6 },
    ...articleRows.map((a) => ({ path: `/blog/${a.id}`, lastmod: a.updatedAt, priority: 0.7 })),
    ...brandRows.map((b) => ({ path: `/marques/${b.slug}`, lastmod: b.updatedAt, priority: 0.6 })),
    ...categoryRows.map((c) => ({ path: `/categories/${c.slug}`, lastmod: c.updatedAt, priority: 0.5 })),
    ...dealRows.map((d) => ({ path: `/coup-de-crevarde/${d.id}`, lastmod: d.updatedAt, priority: 0.5 })),
    ...offerRows.map((o) => ({ path: `/offres/${o.id}`, lastmod: o.updatedAt, priority: 0.4 })),
    ...memberRows.map((m) => ({ path: memberPath(m.username), lastmod: m.lastmod, priority: 0.3 })),
    ...helpRows.map((h) => ({ path: helpArticlePath(h.slug), lastmod: h.updatedAt, priority: 0.4 })),
    ...pageRows.map((p) => ({
      path: legal.has(p.slug) ? `/legal/${p.slug}` : `/${p.slug}`,
      lastmod: p.updatedAt,
      priority: legal.has(p.slug) ? 0.2 : 0.5,
    })),
  ];
}

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map((e) => {
      const parts = [`<loc>${escapeXml(siteUrl + e.path)}</loc>`];
      if (e.lastmod) parts.push(`<lastmod>${e.lastmod.toISOString()}</lastmod>`);
      if (e.priority !== undefined) parts.push(`<priority>${e.priority.toFixed(1)}</priority>`);
      return `  <url>${parts.join("")}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function renderRobots(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /kpi",
    "Disallow: /profile",
    "Disallow: /codes-promo",
    "Disallow: /email-test",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
