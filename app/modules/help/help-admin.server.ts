import { asc, eq, inArray } from "drizzle-orm";
import { helpArticles } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { sanitizeRichHtml } from "#app/lib/html.server";
import type { Tx } from "#app/modules/admin/csv.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "#app/modules/admin/versioned.server";
import { HELP_SECTIONS, type HelpSection } from "./help.constants";
import type { HelpArticleInput } from "./help-form.schema";

type Actor = { id: string; email: string };

/**
 * Every article of the help centre, drafts included, in /aide's order
 * (section, then position and title); only those of `ids` when given (the CSV
 * preview's current rows).
 */
export async function listHelpArticlesAdmin(ids?: string[]) {
  const db = await getDb();
  const rows = await db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      section: helpArticles.section,
      title: helpArticles.title,
      summary: helpArticles.summary,
      body: helpArticles.body,
      position: helpArticles.position,
      published: helpArticles.published,
      createdAt: helpArticles.createdAt,
      updatedAt: helpArticles.updatedAt,
    })
    .from(helpArticles)
    .where(ids ? inArray(helpArticles.id, ids) : undefined)
    .orderBy(asc(helpArticles.position), asc(helpArticles.title));
  const order = (s: string) => HELP_SECTIONS.indexOf(s as HelpSection);
  return rows.sort((a, b) => order(a.section) - order(b.section));
}

/**
 * Create or update an article with its audit entry, in one transaction (a
 * versioned update: a 409 when someone else saved it meanwhile). The body is
 * sanitized before it is stored. Null when the id names no article.
 */
export async function saveHelpArticle(input: HelpArticleInput, edit: AdminEdit) {
  const values = helpValues(input);
  const db = await getDb();
  return db.transaction((tx) => saveAuditedIn(tx, edit, "help_article", helpArticles, input.id, values));
}

/** The stored values of a saved article: its body sanitized, published unless saved as a draft. */
function helpValues(input: HelpArticleInput) {
  const { id: _id, status, ...rest } = input;
  return { ...rest, body: sanitizeRichHtml(rest.body), published: status === "published" };
}

/**
 * Create (null id) or update an article inside the caller's transaction, with
 * the form's values (the CSV import, ADR 029, which matches on the slug).
 * Null when the row is gone.
 */
export async function writeHelpArticle(tx: Tx, input: HelpArticleInput, id: string | null) {
  const values = helpValues(input);
  const [saved] = id
    ? await tx.update(helpArticles).set({ ...values, updatedAt: new Date() }).where(eq(helpArticles.id, id)).returning({ id: helpArticles.id })
    : await tx.insert(helpArticles).values(values).returning({ id: helpArticles.id });
  return saved ?? null;
}

/** Delete an article with its audit entry, in one transaction (null: no such article). */
export function deleteHelpArticle(id: string, actor: Actor) {
  return deleteAudited(actor, "help_article", helpArticles, id);
}
