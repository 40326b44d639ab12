import { and, eq, getTableColumns, getTableName, inArray, is, isNull, sql, type AnyColumn } from "drizzle-orm";
import { getTableConfig, PgTable, type PgColumn } from "drizzle-orm/pg-core";
import * as schema from "#db/schema";
import { binnedRecords } from "#db/schema";
import { getDb, type Db } from "#app/lib/db.server";
import { PG_ERROR, pgErrorCode } from "#app/lib/db-errors.server";
import { DomainError } from "#app/lib/errors";
import type { ScheduleDefinition } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import { AUDIT_ENTITY_PERMISSION, can, type AuditEntity } from "#app/lib/permissions";
import type { Role } from "#db/constants";
import { auditable, recordAuditIn } from "./audit.server";
import { BIN_DAYS } from "./history";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Actor = { id: string; email: string };
type Row = Record<string, unknown>;

/** The rows a deletion cascaded to, one table at a time, parents first. */
interface Dependents {
  table: string;
  rows: Row[];
}
/** Rows whose link to a deleted row became null: [row id, the value it pointed at]. */
interface Relinks {
  table: string;
  column: string;
  links: Array<[id: unknown, value: unknown]>;
}

/** Every table of the schema, by SQL name. */
let tables: Map<string, PgTable> | null = null;
function allTables(): Map<string, PgTable> {
  if (!tables) {
    const found = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
    tables = new Map(found.map((t) => [getTableName(t), t]));
  }
  return tables;
}
const tableNamed = (name: string): PgTable | undefined => allTables().get(name);

/** The JS key of a column in its table's rows. */
function keyOf(table: PgTable, column: AnyColumn): string | undefined {
  return Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0];
}

/** The one-column primary key of a table (null for a composite key). */
function primaryKeyOf(table: PgTable): PgColumn | null {
  const columns = Object.values(getTableColumns(table)).filter((c) => c.primary);
  return columns.length === 1 ? columns[0] : null;
}

type Reference = { child: PgTable; column: PgColumn; parentKey: string; onDelete: string | undefined };
const referencesCache = new Map<PgTable, Reference[]>();

/** The single-column foreign keys that point at `parent`, with what a delete does to them (read once per table). */
function referencesTo(parent: PgTable): Reference[] {
  const cached = referencesCache.get(parent);
  if (cached) return cached;
  const found: Reference[] = [];
  for (const child of allTables().values()) {
    for (const fk of getTableConfig(child).foreignKeys) {
      const ref = fk.reference();
      if (ref.foreignTable !== parent || ref.columns.length !== 1) continue;
      const parentKey = keyOf(parent, ref.foreignColumns[0]);
      if (parentKey) found.push({ child, column: ref.columns[0], parentKey, onDelete: fk.onDelete });
    }
  }
  referencesCache.set(parent, found);
  return found;
}

/**
 * What deleting `rows` of `table` takes with it (ADR 044 §The bin): the rows its foreign keys
 * cascade to (a brand's codes and offers, a deal's votes and comments, recursively), and the
 * rows whose link is set to null (a category's brands). Read before the delete, in its transaction.
 */
async function collectLinked(tx: Tx, table: PgTable, rows: Row[], dependents: Dependents[], relinks: Relinks[], seen: Set<string>, depth = 0) {
  if (depth > 4 || rows.length === 0) return;
  for (const ref of referencesTo(table)) {
    const values = rows.map((r) => r[ref.parentKey]).filter((v) => v !== null && v !== undefined);
    if (values.length === 0) continue;
    const childName = getTableName(ref.child);
    const pk = primaryKeyOf(ref.child);
    const pkKey = pk ? keyOf(ref.child, pk) : undefined;
    if (ref.onDelete === "cascade") {
      const found = (await tx.select().from(ref.child).where(inArray(ref.column, values))) as Row[];
      const fresh = found.filter((r) => {
        const key = `${childName}:${pkKey ? String(r[pkKey]) : JSON.stringify(r)}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      if (fresh.length === 0) continue;
      dependents.push({ table: childName, rows: fresh.map(auditable) });
      await collectLinked(tx, ref.child, fresh, dependents, relinks, seen, depth + 1);
    } else if (ref.onDelete === "set null" && pk && pkKey) {
      const columnKey = keyOf(ref.child, ref.column);
      if (!columnKey) continue;
      const linked = await tx.select({ id: pk, value: ref.column }).from(ref.child).where(inArray(ref.column, values));
      if (linked.length > 0) relinks.push({ table: childName, column: columnKey, links: linked.map((l) => [l.id, l.value]) });
    }
  }
}

/**
 * Delete the rows of `table` whose id is in `ids` through the bin, in the caller's transaction:
 * each row gets its audit entry (the row before, nothing after) and a bin entry holding the row,
 * what its deletion cascaded to and the links it cleared, then the rows are deleted. Returns the
 * rows deleted (the ids that name no row are skipped).
 */
export async function binRowsIn(tx: Tx, actor: Actor, entity: AuditEntity, table: PgTable, ids: string[]): Promise<Array<Row & { id: string }>> {
  if (ids.length === 0) return [];
  const idColumn = (table as unknown as { id: AnyColumn }).id;
  const rows = (await tx.select().from(table).where(inArray(idColumn, ids)).for("update")) as Array<Row & { id: string }>;
  const seen = new Set(rows.map((r) => `${getTableName(table)}:${r.id}`));
  for (const row of rows) {
    const dependents: Dependents[] = [];
    const relinks: Relinks[] = [];
    await collectLinked(tx, table, [row], dependents, relinks, seen);
    const snapshot = auditable(row);
    const auditId = await recordAuditIn(tx, actor, { action: "delete", entity, entityId: row.id, before: snapshot, after: null });
    await tx.insert(binnedRecords).values({
      entity,
      entityId: row.id,
      tableName: getTableName(table),
      row: snapshot,
      dependents,
      relinks,
      auditId,
      deletedById: actor.id,
      deletedByEmail: actor.email,
    });
  }
  if (rows.length > 0) {
    await tx.delete(table).where(
      inArray(
        idColumn,
        rows.map((r) => r.id),
      ),
    );
  }
  return rows.map((r) => auditable(r));
}

/** A snapshot's values as the table takes them: timestamps back to Date, columns the table no longer has dropped. */
function hydrate(table: PgTable, row: Row): Row {
  const out: Row = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!(key in row)) continue;
    const value = row[key];
    out[key] = column.columnType === "PgTimestamp" && typeof value === "string" ? new Date(value) : value;
  }
  return out;
}

/**
 * Clear the links of snapshot rows whose target is gone since, where the foreign key sets null on delete
 * (a comment's author deleted meanwhile, a code's category): what the database would have done to the row
 * had it stayed in its table.
 */
async function clearGoneLinks(tx: Tx, table: PgTable, rows: Row[]): Promise<Row[]> {
  let out = rows;
  for (const fk of getTableConfig(table).foreignKeys) {
    const ref = fk.reference();
    if (fk.onDelete !== "set null" || ref.columns.length !== 1) continue;
    const key = keyOf(table, ref.columns[0]);
    if (!key) continue;
    const values = [...new Set(out.map((r) => r[key]).filter((v) => v !== null && v !== undefined))];
    if (values.length === 0) continue;
    const found = await tx.select({ v: ref.foreignColumns[0] }).from(ref.foreignTable).where(inArray(ref.foreignColumns[0], values));
    const present = new Set(found.map((f) => f.v));
    out = out.map((r) => (r[key] !== null && r[key] !== undefined && !present.has(r[key]) ? { ...r, [key]: null } : r));
  }
  return out;
}

/**
 * Insert snapshot rows, each table's rows in one statement when it can; when one row cannot come
 * back (its member account was deleted since, its old slug is taken, a reply before its thread),
 * row by row in savepoints, in passes while some row gets in: the others are skipped and counted.
 */
async function insertTolerant(tx: Tx, table: PgTable, rows: Row[]): Promise<number> {
  const values = (await clearGoneLinks(tx, table, rows)).map((r) => hydrate(table, r));
  try {
    await tx.transaction(async (sp) => {
      await sp.insert(table).values(values as never);
    });
    return 0;
  } catch {
    let left = values;
    for (;;) {
      const next: Row[] = [];
      for (const value of left) {
        try {
          await tx.transaction(async (sp) => {
            await sp.insert(table).values(value as never);
          });
        } catch {
          next.push(value);
        }
      }
      if (next.length === 0 || next.length === left.length) return next.length;
      left = next;
    }
  }
}

/** Columns a restored row starts again from: a trigger counts them as its dependents come back. */
const RESET_ON_RESTORE: Record<string, Row> = { crevarde_deals: { commentsCount: 0 } };

/** Why a row cannot come back from the bin, in French (409). */
function restoreRefusal(error: unknown): DomainError | null {
  const code = pgErrorCode(error);
  if (code === PG_ERROR.uniqueViolation)
    return new DomainError("Impossible de restaurer : un élément actif utilise déjà ce code, ce nom ou ce slug. Renommer l'un des deux, puis réessayer.", 409);
  if (code === PG_ERROR.foreignKeyViolation)
    return new DomainError("Impossible de restaurer : un élément dont il dépend (sa marque par exemple) n'existe plus. Le restaurer d'abord depuis la corbeille.", 409);
  return null;
}

/**
 * Bring a bin entry back (« Restaurer »), in one transaction: the row with a new `updated_at`
 * (a new version), the rows its deletion cascaded to, the links it cleared where they are still
 * empty, and a `restore` audit entry; the bin entry goes. 404 when the entry is gone (restored
 * or purged), 403 when the role may not edit that kind, 409 with a French message when a unique
 * key is taken now or a row it depends on no longer exists.
 */
export async function restoreFromBin(actor: Actor, role: Role, binId: string): Promise<{ entity: string; row: Row }> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [entry] = await tx.select().from(binnedRecords).where(eq(binnedRecords.id, binId)).for("update");
      if (!entry) throw new DomainError("Cet élément n'est plus dans la corbeille (déjà restauré ou purgé).", 404);
      const permission = AUDIT_ENTITY_PERMISSION[entry.entity as AuditEntity] ?? "settings";
      if (!can(role, permission)) throw new DomainError("Accès refusé.", 403);
      const table = tableNamed(entry.tableName);
      if (!table) throw new DomainError("Cet élément ne peut plus être restauré.", 409);
      const [row] = await clearGoneLinks(tx, table, [{ ...(entry.row as Row), ...RESET_ON_RESTORE[entry.tableName], updatedAt: new Date() }]);
      const [restored] = (await tx
        .insert(table)
        .values(hydrate(table, row) as never)
        .returning()) as Row[];
      let skipped = 0;
      for (const dep of entry.dependents as Dependents[]) {
        const depTable = tableNamed(dep.table);
        if (depTable) skipped += await insertTolerant(tx, depTable, dep.rows);
      }
      for (const relink of entry.relinks as Relinks[]) {
        const linkTable = tableNamed(relink.table);
        const pk = linkTable ? primaryKeyOf(linkTable) : null;
        const column = linkTable ? (getTableColumns(linkTable)[relink.column] as PgColumn | undefined) : undefined;
        if (!linkTable || !pk || !column) continue;
        const byValue = new Map<unknown, unknown[]>();
        for (const [id, value] of relink.links) byValue.set(value, [...(byValue.get(value) ?? []), id]);
        for (const [value, ids] of byValue) {
          await tx
            .update(linkTable)
            .set({ [relink.column]: value } as never)
            .where(and(inArray(pk, ids), isNull(column)));
        }
      }
      if (skipped > 0) logger.warn({ binId, skipped }, "bin: rows linked to a restored row could not come back");
      await tx.delete(binnedRecords).where(eq(binnedRecords.id, binId));
      await recordAuditIn(tx, actor, { action: "restore", entity: entry.entity as AuditEntity, entityId: entry.entityId, before: null, after: auditable(restored) });
      return { entity: entry.entity, row: auditable(restored) };
    });
  } catch (error) {
    throw restoreRefusal(error) ?? error;
  }
}

/**
 * Purge the bin entries deleted BIN_DAYS days ago or more (their binPurgeDate at or before `now`):
 * they can no longer be restored. The audit entries of the deletes stay. Returns how many went.
 */
export async function purgeBin(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - BIN_DAYS * 86_400_000);
  // at the millisecond, as JavaScript reads deleted_at (PostgreSQL keeps microseconds)
  const purged = await db
    .delete(binnedRecords)
    .where(sql`date_trunc('milliseconds', ${binnedRecords.deletedAt}) <= ${cutoff}`)
    .returning({ id: binnedRecords.id });
  return purged.length;
}

export const BIN_PURGE_QUEUE = "bin.purge";
/** Daily, in the Paris night. */
export const BIN_PURGE_SCHEDULE: ScheduleDefinition = { name: BIN_PURGE_QUEUE, cron: "50 3 * * *" };

export async function purgeBinJob(): Promise<void> {
  const purged = await purgeBin();
  if (purged > 0) logger.info({ purged }, "bin: entries purged after their restore window");
}
