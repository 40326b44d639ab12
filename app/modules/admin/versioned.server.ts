import { and, eq, sql, type AnyColumn } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { DomainError } from "#app/lib/errors";
import { getDb, type Db } from "#app/lib/db.server";
import type { AuditEntity } from "#app/lib/permissions";
import { auditable, recordAuditIn } from "./audit.server";
import { binRowsIn } from "./bin.server";
import { CONFLICT_MESSAGES, versionOf, type ConflictData } from "./conflict";

type Tx = Pick<Db, "select" | "insert" | "update">;
type Actor = { id: string; email: string };
type Row = Record<string, unknown> & { id: string };

/** Who saves, and the version (`updated_at`) of the row their form was opened with. */
export interface AdminEdit {
  actor: Actor;
  version: string | null;
}

/** Saving a row someone else changed after the form was opened (409): carries the current row. */
export class EditConflictError extends DomainError {
  readonly conflict: ConflictData;
  constructor(current: Row) {
    super(CONFLICT_MESSAGES.title, 409);
    this.conflict = { version: versionOf(current.updatedAt as Date), current };
  }
}

export const isEditConflict = (error: unknown): error is EditConflictError => error instanceof EditConflictError;


/**
 * Create (no id) or update one row of a catalogue table and write its audit
 * entry, in the caller's transaction. An update is conditional on the
 * version the form was opened with (`where id = ? and updated_at = ?`, at
 * millisecond precision): when no row matches but the row exists, it throws
 * EditConflictError with the current row and nothing is written. The new
 * `updated_at` is always later than the previous one. Null when `id` names
 * no row.
 */
export async function saveAuditedIn(tx: Tx, edit: AdminEdit, entity: AuditEntity, table: PgTable, id: string | undefined, values: Record<string, unknown>): Promise<Row | null> {
  const t = table as unknown as { id: AnyColumn; updatedAt: AnyColumn };
  if (!id) {
    const [created] = (await tx.insert(table).values(values as never).returning()) as Row[];
    await recordAuditIn(tx, edit.actor, { action: "create", entity, entityId: created.id, before: null, after: auditable(created) });
    return auditable(created);
  }
  if (!edit.version) throw new DomainError(CONFLICT_MESSAGES.missingVersion, 400);
  const [before] = (await tx.select().from(table).where(eq(t.id, id)).for("update")) as Row[];
  if (!before) return null;
  const [updated] = (await tx
    .update(table)
    .set({ ...values, updatedAt: sql`date_trunc('milliseconds', greatest(clock_timestamp(), ${t.updatedAt} + interval '1 millisecond'))` } as never)
    .where(and(eq(t.id, id), sql`date_trunc('milliseconds', ${t.updatedAt}) = ${edit.version}::timestamptz`))
    .returning()) as Row[];
  if (!updated) throw new EditConflictError(auditable(before));
  await recordAuditIn(tx, edit.actor, { action: "update", entity, entityId: id, before: auditable(before), after: auditable(updated) });
  return auditable(updated);
}

/**
 * Delete one row of a catalogue table through the bin (ADR 044): its audit entry (the row as it
 * was) and its bin entry, restorable for BIN_DAYS, in one transaction with the delete: all or
 * nothing. Null when `id` names no row.
 */
export async function deleteAudited<T extends PgTable>(actor: Actor, entity: AuditEntity, table: T, id: string): Promise<T["$inferSelect"] | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await binRowsIn(tx, actor, entity, table, [id]);
    return (row ?? null) as T["$inferSelect"] | null;
  });
}
