import { and } from "drizzle-orm";
import { bulkDelete, bulkPublication, type BulkResult } from "~/modules/admin/bulk.server";
import type { z } from "zod";
import { pages } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import { sanitizeRichHtml } from "~/lib/html.server";
import { saveWithSlugHistory } from "~/modules/slug-redirects/slug-redirects.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "~/modules/admin/versioned.server";
import type { pageFormSchema } from "./page-form.schema";
import type { ListQuery } from "~/modules/admin/list-query";
import { listOrder, scheduleWhere, searchWhere, yesNoWhere } from "~/modules/admin/list-query.server";
import type { PageBulkIntent, PageSort, pageListSpec } from "./page-list";

/**
 * One page of pages: searched (title, slug), filtered (published or draft)
 * and sorted as the URL says; title order (pages_title_idx) by default, then id.
 */
export async function listPagesAdmin(query: Pick<ListQuery<PageSort, (typeof pageListSpec)["filters"]>, "q" | "sort" | "dir" | "filters" | "page">, now = new Date()) {
  const db = await getDb();
  const where = and(searchWhere(query.q, [pages.title, pages.slug]), yesNoWhere(pages.published, query.filters.published), scheduleWhere(pages, query.filters.schedule, now));
  return paginate(query.page, () => countRows(pages, where), (limit, offset) =>
    db
      .select()
      .from(pages)
      .where(where)
      .orderBy(...listOrder(query.sort, query.dir, { title: pages.title, slug: pages.slug, updated: pages.updatedAt }, pages.title, pages.id))
      .limit(limit)
      .offset(offset),
  );
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

/** Publish the ticked pages, put them back to draft, or delete them; each audited, in one transaction. */
export async function bulkPages(actor: { id: string; email: string }, intent: PageBulkIntent, ids: string[], now = new Date()): Promise<BulkResult> {
  if (intent === "bulk-delete") return bulkDelete(actor, "page", pages, ids);
  const publish = intent === "bulk-publish";
  return bulkPublication(actor, "page", pages, pages, publish, ids, { published: publish }, now);
}

/** Delete the page with its audit entry, in one transaction (null: no such row). */
export async function deletePage(id: string, actor: { id: string; email: string }) {
  return await deleteAudited(actor, "page", pages, id);
}
