import { subDays } from "date-fns/subDays";
import { subHours } from "date-fns/subHours";
import { subMonths } from "date-fns/subMonths";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { accountSignals, analyticsEvents, emailOutbox, newsletterSubscribers, rateLimits, session, verification } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { deleteUpload, listUploads, publicUrl, uploadsDir } from "#app/lib/storage.server";
import type { ScheduleDefinition } from "#app/lib/jobs.server";
import { RETENTION } from "./retention";
import { purgeUgcConnectionLogs } from "./ugc-logs.server";
import { newsletterStatus } from "#db/states/newsletter-status";

/** Tables that never hold a reference to an uploaded image (logs, counters, credentials, the stored uploads themselves). */
const NOT_CONTENT = new Set(["account_signals", "analytics_events", "email_outbox", "audit_log", "rate_limits", "session", "account", "verification", "saved_deals", "saved_promo_codes", "code_feedback", "newsletter_subscribers", "uploads", "ugc_connection_logs"]);

/**
 * Names of the uploaded files that some row still points to. Every table of
 * the public schema that can hold content is scanned as text, so a new
 * image column or an <img> in HTML is found without listing it here.
 */
async function referencedUploads(): Promise<Set<string>> {
  const db = await getDb();
  const tables = (
    (await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: Array<{ name: string }> }
  ).rows
    .map((r) => r.name)
    .filter((name) => !NOT_CONTENT.has(name));
  const names = new Set<string>();
  for (const table of tables) {
    const { rows } = (await db.execute(
      sql`select t::text as row from ${sql.identifier(table)} t where t::text like '%/uploads/%'`,
    )) as unknown as { rows: Array<{ row: string }> };
    for (const { row } of rows) for (const m of row.matchAll(/\/uploads\/([\w-][\w.-]*)/g)) names.add(m[1]);
  }
  return names;
}

/** Delete an upload unless some row still points to it (e.g. an avatar being replaced). */
export async function deleteUploadIfUnreferenced(url: string | null | undefined, dir?: string) {
  if (!url?.startsWith("/uploads/")) return false;
  const name = url.slice("/uploads/".length);
  if ((await referencedUploads()).has(name)) return false;
  return deleteUpload(url, dir);
}

/** Erase the uploaded files that nothing references, once older than the grace period. */
export async function purgeOrphanUploads(now = new Date(), dir: string = uploadsDir()) {
  const files = await listUploads(dir);
  if (!files.length) return 0;
  const referenced = await referencedUploads();
  const cutoff = subHours(now, RETENTION.orphanUploadHours);
  let removed = 0;
  for (const file of files) {
    if (referenced.has(file.name) || file.modifiedAt > cutoff || file.name.startsWith(".")) continue;
    if (await deleteUpload(publicUrl(file.name), dir)) removed++;
  }
  return removed;
}

export interface PurgeReport {
  rateLimits: number;
  sessions: number;
  verifications: number;
  analyticsEvents: number;
  outbox: number;
  newsletter: number;
  ugcConnectionLogs: number;
  accountSignals: number;
  uploads: number;
}

/** Apply the retention durations of ADR 008 (idempotent: several servers may run it at once). */
export async function purgeExpiredData(options: { now?: Date; uploadsDir?: string } = {}): Promise<PurgeReport> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const count = async (q: Promise<unknown[]>) => (await q).length;
  const report: PurgeReport = {
    rateLimits: await count(db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ k: rateLimits.key })),
    sessions: await count(db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id })),
    verifications: await count(db.delete(verification).where(lt(verification.expiresAt, now)).returning({ id: verification.id })),
    analyticsEvents: await count(
      db.delete(analyticsEvents).where(lt(analyticsEvents.occurredAt, subMonths(now, RETENTION.analyticsMonths))).returning({ id: analyticsEvents.id }),
    ),
    outbox: await count(db.delete(emailOutbox).where(lt(emailOutbox.createdAt, subDays(now, RETENTION.outboxDays))).returning({ id: emailOutbox.id })),
    newsletter: await count(
      db
        .delete(newsletterSubscribers)
        .where(
          and(
            eq(newsletterSubscribers.status, newsletterStatus.is.unsubscribed),
            lt(newsletterSubscribers.unsubscribedAt, subMonths(now, RETENTION.newsletterUnsubscribedMonths)),
          ),
        )
        .returning({ id: newsletterSubscribers.id }),
    ),
    ugcConnectionLogs: await purgeUgcConnectionLogs(db, subDays(now, RETENTION.ugcConnectionLogDays)),
    accountSignals: await count(
      db
        .delete(accountSignals)
        .where(
          or(
            and(eq(accountSignals.kind, "ip_network"), lt(accountSignals.lastSeenAt, subDays(now, RETENTION.accountNetworkDays))),
            and(eq(accountSignals.kind, "device"), lt(accountSignals.lastSeenAt, subDays(now, RETENTION.accountDeviceDays))),
          ),
        )
        .returning({ id: accountSignals.id }),
    ),
    uploads: await purgeOrphanUploads(now, options.uploadsDir),
  };
  return report;
}

/** The job queue of the purge (ADR 012). */
export const RETENTION_QUEUE = "privacy.purge";

/**
 * Every hour on the hour, once across all servers (a job runner schedule); a
 * new database gets its first purge at the scheduler's first tick.
 * `npm run db:purge` runs it once by hand.
 */
export const RETENTION_SCHEDULE: ScheduleDefinition = { name: RETENTION_QUEUE, cron: "0 * * * *" };

/** The `privacy.purge` job. */
export async function purgeJob(): Promise<void> {
  const report = await purgeExpiredData();
  logger.info({ purged: report }, "retention: expired data purged");
}
