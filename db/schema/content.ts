import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { schedule, scheduleConstraints, searchDocument, timestamps, tsvector } from "./shared";
import { categories } from "./catalogue";

export { CONTENT_TYPES, type ContentType } from "#db/constants";

/* ------------------------------------------------------------------ */
/* Content                                                             */
/* ------------------------------------------------------------------ */

export const contentBlocks = pgTable(
  "content_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    page: text("page").notNull(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    type: text("type").notNull().default("text"),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("content_blocks_type_check", sql`${t.type} in ('text', 'html', 'json', 'image')`),
    uniqueIndex("content_blocks_page_name_idx").on(t.page, t.name),
    index("content_blocks_page_position_idx").on(t.page, t.position),
  ],
);

export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    content: text("content").notNull(),
    metaDescription: text("meta_description"),
    published: boolean("published").notNull().default(true),
    ...schedule,
    ...timestamps,
  },
  (t) => [index("pages_title_idx").on(t.title), ...scheduleConstraints("pages", t)],
);

/**
 * Old slugs of pages (/{slug}), categories (/categories/{slug}) and blog
 * articles (/blog/{slug}): they answer 301 to the current slug. The row points
 * at the page, category or article itself, so a chain of renames still lands
 * on the current slug in one hop. An article's slug is its primary key: a
 * rename updates the key, and the foreign key follows it (on update cascade).
 */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    oldSlug: text("old_slug").notNull(),
    pageId: uuid("page_id").references(() => pages.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    blogArticleId: text("blog_article_id").references(() => blogArticles.id, { onDelete: "cascade", onUpdate: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("slug_redirects_target_check", sql`num_nonnulls(${t.pageId}, ${t.categoryId}, ${t.blogArticleId}) = 1`),
    uniqueIndex("slug_redirects_page_slug_idx").on(t.oldSlug).where(sql`${t.pageId} is not null`),
    uniqueIndex("slug_redirects_category_slug_idx").on(t.oldSlug).where(sql`${t.categoryId} is not null`),
    index("slug_redirects_page_idx").on(t.pageId),
    index("slug_redirects_category_idx").on(t.categoryId),
    uniqueIndex("slug_redirects_blog_slug_idx").on(t.oldSlug).where(sql`${t.blogArticleId} is not null`),
    index("slug_redirects_blog_idx").on(t.blogArticleId),
  ],
);

export const blogArticles = pgTable(
  "blog_articles",
  {
    id: text("id").primaryKey(), // slug, e.g. "skincare-chere"
    title: text("title").notNull(),
    category: text("category").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    imageUrl: text("image_url").notNull(),
    author: text("author").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(), // sanitized HTML
    /** the <title> and meta description of the article's page; empty: its title and excerpt */
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** a draft is seen by editors only (its preview), like a page's draft */
    published: boolean("published").notNull().default(true),
    ...schedule,
    /** the body's tags are not words for the parser, so the HTML indexes as its text */
    search: tsvector("search").generatedAlwaysAs(() =>
      searchDocument([{ name: "title" }, "A"], [{ name: "category" }, "B"], [{ name: "excerpt" }, "C"], [{ name: "body" }, "D"]),
    ),
    ...timestamps,
  },
  (t) => [
    index("blog_articles_published_idx").on(t.publishedAt.desc()),
    index("blog_articles_search_idx").using("gin", t.search),
    check("blog_articles_category_check", sql`${t.category} in ('Décryptage', 'Bons plans', 'Science', 'Témoignage', 'Conseils', 'Guides')`),
    ...scheduleConstraints("blog_articles", t),
  ],
);
