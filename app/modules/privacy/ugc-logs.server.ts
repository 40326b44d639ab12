import { isIP } from "node:net";
import { lt } from "drizzle-orm";
import { ugcConnectionLogs } from "#db/schema";
import type { Db } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";

/** What members post and the law asks to trace (décret 2021-1362): a deal now, comments later. */
export type UgcContentType = "deal" | "comment";

/** Where a request came from: the load context (clientIp: Express's trust-proxy-aware req.ip; clientPort when known). */
export interface ConnectionSource {
  clientIp?: string;
  clientPort?: number;
}

type Executor = Pick<Db, "insert">;

/**
 * Record who posted a piece of content and from which address and port, in
 * the transaction that creates it (so no post is ever without its trace and
 * no trace without its post). The address is kept raw — the only place it
 * is — for RETENTION.ugcConnectionLogDays, then purged (purgeExpiredData).
 * A request without a valid address (a script, a test) is logged with none.
 */
export async function logUgcConnection(
  tx: Executor,
  input: { userId: string; contentType: UgcContentType; contentId: string; connection: ConnectionSource | undefined },
) {
  const raw = input.connection?.clientIp?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "") ?? null;
  const ip = raw && isIP(raw) ? raw : null;
  const port = input.connection?.clientPort;
  if (!ip) logger.warn({ contentType: input.contentType, contentId: input.contentId }, "ugc log: no client address");
  await tx.insert(ugcConnectionLogs).values({
    userId: input.userId,
    contentType: input.contentType,
    contentId: input.contentId,
    ip,
    port: Number.isInteger(port) && port! > 0 && port! < 65536 ? port : null,
  });
}

/** Erase the traces older than the retention (idempotent); returns how many. */
export async function purgeUgcConnectionLogs(db: Pick<Db, "delete">, before: Date) {
  return (await db.delete(ugcConnectionLogs).where(lt(ugcConnectionLogs.createdAt, before)).returning({ id: ugcConnectionLogs.id })).length;
}
