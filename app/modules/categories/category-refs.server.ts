import { asc, sql } from "drizzle-orm";
import { categories } from "#db/schema";
import type { Db } from "#app/lib/db.server";
import { slugify } from "#app/lib/site";

/** A database or a transaction. */
type Conn = Pick<Db, "select" | "insert">;

/**
 * The slug a category created from a typed name gets: the back office's
 * slug rule, at most 100 characters, "categorie" when nothing is left. The
 * backfill migration (db/migrations/*_category_refs_data.sql) derives the
 * same slug in SQL.
 */
export function categorySlugBase(name: string): string {
  return slugify(name).slice(0, 100).replace(/^-+|-+$/g, "") || "categorie";
}

/**
 * The id of the category named `name` (trimmed, compared case-insensitively,
 * the exact spelling first), created with a unique slug when there is none.
 * Null for no name. Brands, promo codes and offers store this id.
 */
export async function resolveCategoryId(conn: Conn, name: string | null | undefined): Promise<string | null> {
  const wanted = name?.trim();
  if (!wanted) return null;
  const find = async () => {
    const [row] = await conn
      .select({ id: categories.id })
      .from(categories)
      .where(sql`lower(${categories.name}) = lower(${wanted})`)
      .orderBy(sql`${categories.name} = ${wanted} desc`, asc(categories.createdAt), asc(categories.id))
      .limit(1);
    return row?.id ?? null;
  };
  const base = categorySlugBase(wanted);
  // a concurrent save may take the name or the slug meanwhile: look again
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await find();
    if (found) return found;
    const taken = new Set(
      (await conn.select({ slug: categories.slug }).from(categories).where(sql`${categories.slug} = ${base} or ${categories.slug} like ${`${base}-%`}`)).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const [created] = await conn.insert(categories).values({ name: wanted, slug }).onConflictDoNothing().returning({ id: categories.id });
    if (created) return created.id;
  }
  throw new Error(`Could not create the category "${wanted}"`);
}
