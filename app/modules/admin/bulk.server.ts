import { and, gt, inArray, type AnyColumn } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, type Db } from "#app/lib/db.server";
import type { AuditEntity } from "#app/lib/permissions";
import { auditable, recordAuditIn } from "./audit.server";
import { binRowsIn } from "./bin.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Actor = { id: string; email: string };

/** What a bulk action wrote: how many rows, and the ticked ids that no longer exist. */
export interface BulkResult {
  written: number;
  missing: string[];
  /** publish dates (ISO) of the written rows that stay scheduled: a bulk publish of rows whose « Publier le » is still to come */
  scheduled?: string[];
}


/**
 * A bulk change of the back office (issue #17; deletes go through bulkDelete): the rows that still exist
 * among `ids` are written by `write`, and each gets its own audit entry with
 * its row before and after, all in one transaction. Returns how many rows
 * were written, and the ids that no longer exist (skipped, reported per id).
 */
export async function bulkAudited(
  actor: Actor,
  entity: AuditEntity,
  table: PgTable,
  idColumn: AnyColumn,
  ids: string[],
  action: "update",
  write: (tx: Tx, ids: string[]) => Promise<unknown>,
): Promise<BulkResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = (await tx.select().from(table).where(inArray(idColumn, ids))) as Array<Record<string, unknown> & { id: string }>;
    const found = before.map((r) => r.id);
    const missing = ids.filter((id) => !found.includes(id));
    if (before.length === 0) return { written: 0, missing };
    await write(tx, found);
    const after = (await tx.select().from(table).where(inArray(idColumn, found))) as Array<Record<string, unknown> & { id: string }>;
    const afterById = new Map(after.map((r) => [r.id, r]));
    for (const row of before) {
      const next = afterById.get(row.id);
      await recordAuditIn(tx, actor, { action, entity, entityId: row.id, before: auditable(row), after: next ? auditable(next) : null });
    }
    return { written: found.length, missing };
  });
}

/**
 * « Publier » / « Repasser en brouillon » on the ticked rows of a list whose rows are drafts or
 * published (pages and blog articles: `published`; promo codes and offers: `draft`, ADR 047), each
 * audited, in one transaction. `state` is what the write sets (the flag, and a publication date
 * where the table keeps one). A published row whose « Publier le » is still to come is not live
 * yet: its date is returned in `scheduled`, for the message (« 1 page programmée pour le … »).
 */
export async function bulkPublication(
  actor: Actor,
  entity: AuditEntity,
  table: PgTable,
  columns: { id: AnyColumn; publishAt: AnyColumn },
  publish: boolean,
  ids: string[],
  state: Record<string, unknown>,
  now = new Date(),
  /** what publishing the rows writes beside them, in the same transaction (an offer's price in the history) */
  onPublish?: (tx: Tx, ids: string[]) => Promise<void>,
): Promise<BulkResult> {
  let scheduled: string[] = [];
  const result = await bulkAudited(actor, entity, table, columns.id, ids, "update", async (tx, found) => {
    await tx
      .update(table)
      .set({ ...state, updatedAt: now } as never)
      .where(inArray(columns.id, found));
    if (publish) {
      await onPublish?.(tx, found);
      const later = (await tx.select({ publishAt: columns.publishAt as PgColumn }).from(table).where(and(inArray(columns.id, found), gt(columns.publishAt, now)))) as Array<{ publishAt: Date }>;
      scheduled = later.map((r) => r.publishAt.toISOString());
    }
  });
  return scheduled.length ? { ...result, scheduled } : result;
}

/** The bulk actions every catalogue list with a « En avant » flag offers; publishing and back to draft where its rows can be drafts (ADR 047). */
export type CatalogueBulkIntent = "bulk-delete" | "bulk-feature" | "bulk-unfeature" | "bulk-publish" | "bulk-unpublish";

/** Delete the ticked rows, put them forward or not, or publish them or back to draft (`draft` column), audited (see bulkAudited, bulkPublication and bulkDelete). */
export function bulkCatalogue(
  actor: Actor,
  entity: AuditEntity,
  table: PgTable,
  columns: { id: AnyColumn; isFeatured: AnyColumn; publishAt?: AnyColumn; draft?: AnyColumn },
  intent: CatalogueBulkIntent,
  ids: string[],
  now = new Date(),
): Promise<BulkResult> {
  if (intent === "bulk-delete") return bulkDelete(actor, entity, table, ids);
  if (intent === "bulk-publish" || intent === "bulk-unpublish") {
    if (!columns.draft || !columns.publishAt) throw new Error(`bulkCatalogue: ${entity} has no drafts`);
    const publish = intent === "bulk-publish";
    return bulkPublication(actor, entity, table, { id: columns.id, publishAt: columns.publishAt }, publish, ids, { draft: !publish }, now);
  }
  return bulkAudited(actor, entity, table, columns.id, ids, "update", (tx, found) =>
    tx
      .update(table)
      .set({ isFeatured: intent === "bulk-feature", updatedAt: now } as never)
      .where(inArray(columns.id, found)),
  );
}

/**
 * Delete the ticked rows through the bin (ADR 044), in one transaction: each gets its audit entry
 * and its bin entry, restorable for BIN_DAYS (see binRowsIn). The ids that name no row are reported.
 */
export async function bulkDelete(actor: Actor, entity: AuditEntity, table: PgTable, ids: string[]): Promise<BulkResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await binRowsIn(tx, actor, entity, table, ids);
    const found = rows.map((r) => r.id);
    return { written: found.length, missing: ids.filter((id) => !found.includes(id)) };
  });
}
