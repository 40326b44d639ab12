import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { pages } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import { sanitizeRichHtml } from "~/lib/html.server";
import { saveWithSlugHistory } from "~/modules/slug-redirects/slug-redirects.server";
import { saveAuditedIn, type AdminEdit } from "~/modules/admin/versioned.server";
import type { pageFormSchema } from "./page-form.schema";

/** One page of pages, ordered by title (pages_title_idx), then id. */
export async function listPagesAdmin(page: number) {
  const db = await getDb();
  return paginate(page, () => countRows(pages), (limit, offset) => db.select().from(pages).orderBy(asc(pages.title), asc(pages.id)).limit(limit).offset(offset));
}

/**
 * Page HTML is sanitized before it is stored; pages are published unless
 * saved as a draft. A changed slug leaves a 301 from the old one, written in
 * the same transaction.
 */
export async function savePage(input: z.output<typeof pageFormSchema>, edit: AdminEdit) {
  const { id, status, ...rest } = input;
  const values = { ...rest, content: sanitizeRichHtml(rest.content), published: status === "published" };
  return saveWithSlugHistory("page", id, values.slug, async (tx) => (await saveAuditedIn(tx, edit, "page", pages, id, values)) ?? undefined);
}

export async function deletePage(id: string) {
  const db = await getDb();
  const [row] = await db.delete(pages).where(eq(pages.id, id)).returning({ title: pages.title });
  return row ?? null;
}
