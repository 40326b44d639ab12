import { and, eq, inArray, sql } from "drizzle-orm";
import { blogArticles } from "#db/schema";
import { columnsWithoutSearch } from "#db/columns";
import { getDb } from "#app/lib/db.server";
import { DomainError } from "#app/lib/errors";
import { sanitizeRichHtml } from "#app/lib/html.server";
import { bulkDelete, bulkPublication, type BulkResult } from "#app/modules/admin/bulk.server";
import type { Tx } from "#app/modules/admin/csv.server";
import type { ListQuery, OnlyIds } from "#app/modules/admin/list-query";
import { listOrder, scheduleWhere, searchWhere, yesNoWhere } from "#app/modules/admin/list-query.server";
import { countRows, paginate } from "#app/modules/admin/pagination.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "#app/modules/admin/versioned.server";
import { recordSlugChange, saveWithSlugHistory } from "#app/modules/slug-redirects/slug-redirects.server";
import { BLOG_MESSAGES, type BlogFormInput } from "./blog-form.schema";
import type { BlogBulkIntent, BlogSort, blogListSpec } from "./blog-list";

type BlogListQuery = ListQuery<BlogSort, (typeof blogListSpec)["filters"]>;
type Actor = { id: string; email: string };

const blogListWhere = (query: Pick<BlogListQuery, "q" | "filters"> & OnlyIds, now: Date) =>
  and(
    query.ids ? inArray(blogArticles.id, query.ids) : undefined,
    searchWhere(query.q, [blogArticles.title, blogArticles.id, blogArticles.author, blogArticles.excerpt]),
    query.filters.category ? eq(blogArticles.category, query.filters.category) : undefined,
    yesNoWhere(blogArticles.published, query.filters.published),
    scheduleWhere(blogArticles, query.filters.schedule, now),
  );

/**
 * One page of articles: searched (title, slug, author, excerpt), filtered
 * (category, published or draft, schedule) and sorted as the URL says;
 * newest first (blog_articles_published_idx) by default, then the slug.
 */
export async function listBlogAdmin(query: Pick<BlogListQuery, "q" | "sort" | "dir" | "filters" | "page">, now = new Date()) {
  return paginate(query.page, () => countRows(blogArticles, blogListWhere(query, now)), (limit, offset) => blogAdminRows(query, limit, offset, now));
}

/** The list's rows from `offset` on, at most `limit` (a page, or the whole CSV export). */
export async function blogAdminRows(query: Pick<BlogListQuery, "q" | "sort" | "dir" | "filters"> & OnlyIds, limit: number, offset = 0, now = new Date()) {
  const db = await getDb();
  return db
    .select(columnsWithoutSearch(blogArticles))
    .from(blogArticles)
    .where(blogListWhere(query, now))
    .orderBy(...listOrder(query.sort, query.dir, { title: blogArticles.title, date: blogArticles.publishedAt, updated: blogArticles.updatedAt }, blogArticles.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The stored values of a saved article: its slug is its key, the body is
 * sanitized, and the date shown on the blog (`published_at`) is its « Publier
 * le » when it has one, else the moment it was published: kept while it stays
 * published, set to `now` when it is saved published from a draft.
 */
function articleValues(input: BlogFormInput, before: { published: boolean; publishedAt: Date } | undefined, now: Date) {
  const { id: _key, slug, status, body, ...rest } = input;
  const published = status === "published";
  const publishedAt = input.publishAt ?? (before && (before.published || !published) ? before.publishedAt : now);
  return { ...rest, id: slug, body: sanitizeRichHtml(body), published, publishedAt };
}

async function currentOf(tx: Pick<Tx, "select">, id: string) {
  const [row] = await tx.select({ published: blogArticles.published, publishedAt: blogArticles.publishedAt }).from(blogArticles).where(eq(blogArticles.id, id));
  return row;
}

/** A slug held by another article is refused in French (the slug is the table's key). */
async function assertSlugFree(tx: Pick<Tx, "select">, slug: string, key: string | undefined) {
  if (slug === key) return;
  const [taken] = await tx.select({ id: blogArticles.id }).from(blogArticles).where(eq(blogArticles.id, slug));
  if (taken) throw new DomainError(BLOG_MESSAGES.slugTaken, 409);
}

/**
 * Create or update an article from its form, audited, in one transaction
 * (versioned: a 409 when someone saved it meanwhile). A changed slug renames
 * the key and leaves a 301 from the old one. Null when the article is gone.
 */
export async function saveArticle(input: BlogFormInput, edit: AdminEdit, now = new Date()) {
  return saveWithSlugHistory("blog", input.id, input.slug, async (tx) => {
    await assertSlugFree(tx, input.slug, input.id);
    const before = input.id ? await currentOf(tx, input.id) : undefined;
    return (await saveAuditedIn(tx, edit, "blog_article", blogArticles, input.id, articleValues(input, before, now))) ?? undefined;
  });
}

/**
 * Create or update an article inside the caller's transaction (the CSV
 * import, ADR 029, which matches on the slug and so never renames); the slug
 * it takes is no longer an old slug's redirect. Null when the row is gone.
 */
export async function writeArticle(tx: Tx, input: BlogFormInput, id: string | null, now = new Date()) {
  const before = id ? await currentOf(tx, id) : undefined;
  if (id && !before) return null;
  const values = articleValues(input, before, now);
  const [saved] = id
    ? await tx.update(blogArticles).set({ ...values, updatedAt: now }).where(eq(blogArticles.id, id)).returning({ id: blogArticles.id })
    : await tx.insert(blogArticles).values(values).returning({ id: blogArticles.id });
  if (saved) await recordSlugChange(tx, "blog", saved.id, null, values.id);
  return saved ?? null;
}

/**
 * Publish the ticked articles, put them back to draft, or delete them; each
 * audited, in one transaction. A draft published now shows today's date,
 * unless it has a « Publier le »; those still to come are reported as scheduled.
 */
export async function bulkArticles(actor: Actor, intent: BlogBulkIntent, ids: string[], now = new Date()): Promise<BulkResult> {
  if (intent === "bulk-delete") return bulkDelete(actor, "blog_article", blogArticles, ids);
  const publish = intent === "bulk-publish";
  const at = sql`${now.toISOString()}::timestamptz`;
  return bulkPublication(actor, "blog_article", blogArticles, blogArticles, publish, ids, {
    published: publish,
    publishedAt: publish ? sql`case when ${blogArticles.published} then ${blogArticles.publishedAt} else coalesce(${blogArticles.publishAt}, ${at}) end` : blogArticles.publishedAt,
  }, now);
}

/** Delete the article with its audit entry, in one transaction (null: no such row). */
export async function deleteArticle(id: string, actor: Actor) {
  return await deleteAudited(actor, "blog_article", blogArticles, id);
}
