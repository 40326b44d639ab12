import { and, eq, inArray } from "drizzle-orm";
import { bulkDelete, bulkPublication, type BulkResult } from "#app/modules/admin/bulk.server";
import type { z } from "zod";
import { pages } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { countRows, paginate } from "#app/modules/admin/pagination.server";
import { sanitizeRichHtml } from "#app/lib/html.server";
import { recordSlugChange, saveWithSlugHistory } from "#app/modules/slug-redirects/slug-redirects.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "#app/modules/admin/versioned.server";
import type { Tx } from "#app/modules/admin/csv.server";
import type { pageFormSchema } from "./page-form.schema";
import type { ListQuery, OnlyIds } from "#app/modules/admin/list-query";
import { listOrder, scheduleWhere, searchWhere, yesNoWhere } from "#app/modules/admin/list-query.server";
import type { PageBulkIntent, PageSort, pageListSpec } from "./page-list";

type PageListQuery = ListQuery<PageSort, (typeof pageListSpec)["filters"]>;
type PageInput = z.output<typeof pageFormSchema>;

const pageListWhere = (query: Pick<PageListQuery, "q" | "filters"> & OnlyIds, now: Date) =>
  and(
    query.ids ? inArray(pages.id, query.ids) : undefined,
    searchWhere(query.q, [pages.title, pages.slug]),
    yesNoWhere(pages.published, query.filters.published),
    scheduleWhere(pages, query.filters.schedule, now),
  );

/**
 * One page of pages: searched (title, slug), filtered (published or draft)
 * and sorted as the URL says; title order (pages_title_idx) by default, then id.
 */
export async function listPagesAdmin(query: Pick<PageListQuery, "q" | "sort" | "dir" | "filters" | "page">, now = new Date()) {
  return paginate(query.page, () => countRows(pages, pageListWhere(query, now)), (limit, offset) => pageAdminRows(query, limit, offset, now));
}

/** The list's rows from `offset` on, at most `limit` (a page, or the whole CSV export). */
export async function pageAdminRows(query: Pick<PageListQuery, "q" | "sort" | "dir" | "filters"> & OnlyIds, limit: number, offset = 0, now = new Date()) {
  const db = await getDb();
  return db
    .select()
    .from(pages)
    .where(pageListWhere(query, now))
    .orderBy(...listOrder(query.sort, query.dir, { title: pages.title, slug: pages.slug, updated: pages.updatedAt }, pages.title, pages.id))
    .limit(limit)
    .offset(offset);
}

/** The stored values of a saved page: its HTML sanitized, published unless saved as a draft. */
function pageValues(input: PageInput) {
  const { id: _id, status, ...rest } = input;
  return { ...rest, content: sanitizeRichHtml(rest.content), published: status === "published" };
}

/**
 * Page HTML is sanitized before it is stored; pages are published unless
 * saved as a draft. A changed slug leaves a 301 from the old one, written in
 * the same transaction.
 */
export async function savePage(input: PageInput, edit: AdminEdit) {
  const values = pageValues(input);
  return saveWithSlugHistory("page", input.id, values.slug, async (tx) => (await saveAuditedIn(tx, edit, "page", pages, input.id, values)) ?? undefined);
}

/**
 * Create (null id) or update a page inside the caller's transaction, with the
 * form's values (the CSV import, ADR 029, which matches on the slug and so
 * never renames); the slug it takes is no longer an old slug's redirect. Null
 * when the row is gone.
 */
export async function writePage(tx: Tx, input: PageInput, id: string | null) {
  const values = pageValues(input);
  const [saved] = id
    ? await tx.update(pages).set({ ...values, updatedAt: new Date() }).where(eq(pages.id, id)).returning({ id: pages.id })
    : await tx.insert(pages).values(values).returning({ id: pages.id });
  if (saved) await recordSlugChange(tx, "page", saved.id, null, values.slug);
  return saved ?? null;
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
