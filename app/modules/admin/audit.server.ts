import { auditLog } from "#db/schema";
import { getDb, type Db } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import type { AuditEntity } from "#app/lib/permissions";

type Actor = { id: string; email: string };

/** What an audit entry records: a row created, changed or deleted, or brought back from the bin (ADR 044). */
export type AuditAction = "create" | "update" | "delete" | "restore";

/** A row as the audit log keeps it: the generated full-text document is derived data, not an edit. */
export function auditable<R extends Record<string, unknown>>(row: R): R {
  const { search: _search, ...fields } = row;
  return fields as R;
}

/**
 * Record an admin write that is not one row of one table (settings, bulk
 * inserts, uploaded files). A failure to record is logged, never thrown:
 * the write itself has already happened.
 */
export async function recordAudit(
  actor: Actor,
  entry: { action: AuditAction; entity: AuditEntity; entityId?: string | null; before?: unknown; after?: unknown },
) {
  try {
    await recordAuditIn(await getDb(), actor, entry);
  } catch (error) {
    logger.error({ err: error }, "audit: entry not recorded");
  }
}

/**
 * Record an audit entry inside the caller's transaction (`tx`): the write and
 * its entry commit or roll back together. Unlike recordAudit, a failure throws.
 */
export async function recordAuditIn(
  tx: Pick<Db, "insert">,
  actor: Actor,
  entry: { action: AuditAction; entity: AuditEntity; entityId?: string | null; before?: unknown; after?: unknown },
): Promise<string> {
  const [row] = await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }).returning({ id: auditLog.id });
  return row.id;
}
