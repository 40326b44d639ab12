import { and, eq, isNotNull } from "drizzle-orm";
import { blogArticles, categories, pages, slugRedirects } from "#db/schema";
import { getDb, type Db } from "#app/lib/db.server";
import { SLUG_SHAPE } from "#app/lib/site";

/** A database or a transaction. */
type Conn = Pick<Db, "select" | "insert" | "delete">;

/** What an old slug can lead to: a page (/{slug}), a category (/categories/{slug}) or a blog article (/blog/{slug}). */
export type SlugScope = "page" | "category" | "blog";

const target = { page: slugRedirects.pageId, category: slugRedirects.categoryId, blog: slugRedirects.blogArticleId } as const;
const targetField = { page: "pageId", category: "categoryId", blog: "blogArticleId" } as const;

/** Each scope's table, its key and its slug (an article's slug is its key). */
const owner = {
  page: { table: pages, id: pages.id, slug: pages.slug },
  category: { table: categories, id: categories.id, slug: categories.slug },
  blog: { table: blogArticles, id: blogArticles.id, slug: blogArticles.id },
} as const;

/**
 * Record a slug change, in the caller's transaction. The old slug answers
 * 301 to the item (whatever it is renamed to later: the row points at the
 * item, not at a slug), and the slug now taken is no longer a redirect: the
 * item that holds it wins.
 */
export async function recordSlugChange(tx: Conn, scope: SlugScope, id: string, oldSlug: string | null, newSlug: string) {
  const column = target[scope];
  await tx.delete(slugRedirects).where(and(isNotNull(column), eq(slugRedirects.oldSlug, newSlug)));
  if (oldSlug === null || oldSlug === newSlug) return;
  await tx.delete(slugRedirects).where(and(isNotNull(column), eq(slugRedirects.oldSlug, oldSlug)));
  await tx.insert(slugRedirects).values({ oldSlug, [targetField[scope]]: id });
}

/** A transaction, as handed to a write inside `saveWithSlugHistory`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Create or update a page, category or article and keep its slug history, in
 * one transaction: the row is locked, `write` inserts (no id) or updates it,
 * and a changed slug leaves a 301 from the old one. Null when `id` names no row.
 */
export async function saveWithSlugHistory<T extends { id: string }>(
  scope: SlugScope,
  id: string | undefined,
  newSlug: string,
  write: (tx: Tx) => Promise<T | undefined>,
): Promise<T | null> {
  const db = await getDb();
  const { table, id: key, slug } = owner[scope];
  return db.transaction(async (tx) => {
    const [before] = id ? await tx.select({ slug }).from(table).where(eq(key, id)).for("update") : [];
    if (id && !before) return null;
    const row = await write(tx);
    if (!row) return null;
    await recordSlugChange(tx, scope, row.id, before?.slug ?? null, newSlug);
    return row;
  });
}

/** The current slug of the page, category or article that `slug` used to name, or null. */
export async function currentSlug(scope: SlugScope, slug: string): Promise<string | null> {
  if (!SLUG_SHAPE.test(slug)) return null;
  const db = await getDb();
  const { table, id, slug: current } = owner[scope];
  const [row] = await db
    .select({ slug: current })
    .from(slugRedirects)
    .innerJoin(table, eq(id, target[scope]))
    .where(eq(slugRedirects.oldSlug, slug))
    .limit(1);
  return row && row.slug !== slug ? row.slug : null;
}
