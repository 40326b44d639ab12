import { desc, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { auditLog } from "../../../db/schema";
import { getDb, type Db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

type Actor = { id: string; email: string };
type TableWithId = PgTable & { id: never };

async function snapshot(table: PgTable, id: string | null | undefined) {
  if (!id) return null;
  const db = await getDb();
  const t = table as unknown as { id: Parameters<typeof eq>[0] };
  const [row] = await db.select().from(table).where(eq(t.id, id)).limit(1);
  if (!row) return null;
  // the generated full-text document is derived data, not an edit
  const { search: _search, ...fields } = row as Record<string, unknown>;
  return fields;
}

/**
 * Run an admin write and record it in the audit log with the row before and
 * after. The write's own result is returned unchanged.
 */
export async function audited<T extends object | null>(
  actor: Actor,
  entity: string,
  table: PgTable,
  id: string | null | undefined,
  action: "create" | "update" | "delete",
  write: () => Promise<T>,
): Promise<T> {
  const before = await snapshot(table, id);
  const result = await write();
  if (result === null) return result;
  const entityId = id ?? ((result as { id?: string } | null)?.id ?? null);
  const after = action === "delete" ? null : await snapshot(table, entityId);
  await recordAudit(actor, { action, entity, entityId, before, after });
  return result;
}

/**
 * Record an admin write that is not one row of one table (settings, bulk
 * inserts, uploaded files). A failure to record is logged, never thrown:
 * the write itself has already happened.
 */
export async function recordAudit(
  actor: Actor,
  entry: { action: "create" | "update" | "delete"; entity: string; entityId?: string | null; before?: unknown; after?: unknown },
) {
  try {
    await recordAuditIn(await getDb(), actor, entry);
  } catch (error) {
    logger.error({ err: error }, "audit: entry not recorded");
  }
}

export async function recentAudit(limit = 15) {
  const db = await getDb();
  return db.select().from(auditLog).orderBy(desc(auditLog.at)).limit(limit);
}

export type { TableWithId };

/**
 * Record an audit entry inside the caller's transaction (`tx`): the write and
 * its entry commit or roll back together. Unlike recordAudit, a failure throws.
 */
export async function recordAuditIn(
  tx: Pick<Db, "insert">,
  actor: Actor,
  entry: { action: "create" | "update" | "delete"; entity: string; entityId?: string | null; before?: unknown; after?: unknown },
) {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
