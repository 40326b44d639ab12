import { sql } from "drizzle-orm";
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./shared";

/* ------------------------------------------------------------------ */
/* Job runner (ADR 012): claimed with FOR UPDATE SKIP LOCKED            */
/* ------------------------------------------------------------------ */

/** One unit of background work: an e-mail to send, a network pull, a scheduled purge. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    queue: text("queue").notNull(),
    /** dedupe key: at most one pending job per (queue, key) */
    key: text("key"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    priority: integer("priority").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(10),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_queue_key_pending").on(t.queue, t.key).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index("jobs_claim_idx").on(t.priority.desc(), t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    check("jobs_max_attempts_positive", sql`${t.maxAttempts} >= 1`),
  ],
);

/** Cron-like schedules: each slot enqueues one job with key = name:slot, once across every process. */
export const jobSchedules = pgTable("job_schedules", {
  name: text("name").primaryKey(),
  cron: text("cron").notNull(),
  /** IANA time zone the cron expression is read in */
  tz: text("tz").notNull().default("Europe/Paris"),
  queue: text("queue").notNull(),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
  enabled: boolean("enabled").notNull().default(true),
  lastEnqueuedFor: timestamp("last_enqueued_for", { withTimezone: true }),
  ...timestamps,
});
