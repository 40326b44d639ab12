import { asc } from "drizzle-orm";
import { helpArticles } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { sanitizeRichHtml } from "~/lib/html.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "~/modules/admin/versioned.server";
import { HELP_SECTIONS, type HelpSection } from "./help.constants";
import type { HelpArticleInput } from "./help-form.schema";

type Actor = { id: string; email: string };

/** Every article of the help centre, drafts included, in /aide's order (section, then position and title). */
export async function listHelpArticlesAdmin() {
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
  const { id, status, ...rest } = input;
  const values = { ...rest, body: sanitizeRichHtml(rest.body), published: status === "published" };
  const db = await getDb();
  return db.transaction((tx) => saveAuditedIn(tx, edit, "help_article", helpArticles, id, values));
}

/** Delete an article with its audit entry, in one transaction (null: no such article). */
export function deleteHelpArticle(id: string, actor: Actor) {
  return deleteAudited(actor, "help_article", helpArticles, id);
}
