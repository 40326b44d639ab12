import { and, asc, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { contentBlocks } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "#app/modules/admin/versioned.server";
import { bulkDelete } from "#app/modules/admin/bulk.server";
import { countRows, paginate } from "#app/modules/admin/pagination.server";
import { sanitizeRichHtml } from "#app/lib/html.server";
import { recordAudit } from "#app/modules/admin/audit.server";
import type { contentBlockFormSchema } from "./content-block-form.schema";
import { HOME_BLOCK_DEFAULTS } from "./home-defaults";
import type { ListQuery } from "#app/modules/admin/list-query";
import { listOrder, searchWhere } from "#app/modules/admin/list-query.server";
import type { ContentSort, contentListSpec } from "./content-list";

/**
 * One page of blocks for /admin/content: searched (name, title, content), of
 * one site page and one type when asked, by page then position by default
 * (content_blocks_page_position_idx), else by the column asked.
 */
export async function listContentBlocks(query: Pick<ListQuery<ContentSort, (typeof contentListSpec)["filters"]>, "q" | "sort" | "dir" | "filters" | "page">) {
  const db = await getDb();
  const f = query.filters;
  const where = and(
    searchWhere(query.q, [contentBlocks.name, contentBlocks.title, contentBlocks.content]),
    f.contentPage ? eq(contentBlocks.page, f.contentPage) : undefined,
    f.type ? eq(contentBlocks.type, f.type) : undefined,
  );
  const order =
    query.sort === "page"
      ? [query.dir === "asc" ? asc(contentBlocks.page) : desc(contentBlocks.page), asc(contentBlocks.position), asc(contentBlocks.name)]
      : listOrder(query.sort, query.dir, { name: contentBlocks.name, title: contentBlocks.title, type: contentBlocks.type, updated: contentBlocks.updatedAt }, contentBlocks.name, contentBlocks.id);
  return paginate(query.page, () => countRows(contentBlocks, where), (limit, offset) =>
    db.select().from(contentBlocks).where(where).orderBy(...order).limit(limit).offset(offset),
  );
}

export async function listContentPages(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.selectDistinct({ page: contentBlocks.page }).from(contentBlocks).orderBy(asc(contentBlocks.page));
  return rows.map((r) => r.page);
}

/** HTML blocks are sanitized before they are stored. */
export async function saveContentBlock(input: z.output<typeof contentBlockFormSchema>, edit: AdminEdit) {
  const db = await getDb();
  const values = {
    name: input.name,
    title: input.title,
    content: input.type === "html" ? sanitizeRichHtml(input.content) : input.content,
    type: input.type,
    page: input.page,
    position: input.position,
  };
  return db.transaction((tx) => saveAuditedIn(tx, edit, "content_block", contentBlocks, input.id, values));
}

/** Delete the content block with its audit entry, in one transaction (null: no such row). */
export async function deleteContentBlock(id: string, actor: { id: string; email: string }) {
  return await deleteAudited(actor, "content_block", contentBlocks, id);
}

/**
 * Insert only the missing home blocks (matched on page + name); never
 * overwrites. Each inserted block is recorded in the audit log. Returns how
 * many were added.
 */
export async function initialiseHomeContent(actor: { id: string; email: string }): Promise<number> {
  const db = await getDb();
  const existing = await db
    .select({ name: contentBlocks.name })
    .from(contentBlocks)
    .where(and(eq(contentBlocks.page, "home")));
  const names = new Set(existing.map((r) => r.name));
  const missing = HOME_BLOCK_DEFAULTS.filter((b) => !names.has(b.name));
  if (missing.length === 0) return 0;
  const inserted = await db.insert(contentBlocks).values(missing.map((b) => ({ ...b }))).onConflictDoNothing().returning();
  for (const row of inserted) await recordAudit(actor, { action: "create", entity: "content_block", entityId: row.id, after: row });
  return inserted.length;
}

/** Delete the ticked content blocks to the bin (ADR 044), each audited, in one transaction (issue #37 item 10). */
export function bulkContentBlocks(actor: { id: string; email: string }, _intent: "bulk-delete", ids: string[]) {
  return bulkDelete(actor, "content_block", contentBlocks, ids);
}
