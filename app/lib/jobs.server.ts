/**
 * Job runner on PostgreSQL and PGlite (ADR 012): a `jobs` table claimed with
 * FOR UPDATE SKIP LOCKED, retries with exponential backoff, dedupe keys and
 * cron-like schedules. The API follows pg-boss (`send`, `work` through a map
 * of handlers, `schedule`) so a Postgres-only future can swap it mechanically.
 */
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { CronExpressionParser } from "cron-parser";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./db.server";
import { getDb } from "./db.server";
import { logger } from "./logger.server";
import { remember } from "./remember.server";

/** Anything that runs SQL: the database or a transaction (to enqueue with the write that causes the job). */
export type Executor = Pick<Db, "execute">;

export interface Job<P = Record<string, unknown>> {
  id: number;
  queue: string;
  key: string | null;
  payload: P;
  /** this run included */
  attempts: number;
  maxAttempts: number;
}

interface JobContext {
  /** aborted when the worker stops and the job is released (SIGTERM past the grace period) */
  signal: AbortSignal;
}

export type JobHandler = (job: Job, context: JobContext) => Promise<unknown>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** Lock a claimed job for this long; a worker that dies (SIGKILL) leaves it claimable again after that. */
const DEFAULT_LOCK_MS = 5 * 60_000;
const DEFAULT_MAX_ATTEMPTS = 10;
/** Longest wait between two attempts. */
const MAX_BACKOFF_SECONDS = 3600;

/** Seconds to wait after the n-th failed attempt: e^n, at most an hour (2.7 s, 7.4 s, 20 s, 55 s...). */
export function backoffSeconds(attempts: number): number {
  return Math.min(Math.exp(attempts), MAX_BACKOFF_SECONDS);
}

/**
 * Thrown by a handler that knows when to try again (a rate-limited network
 * says "in 15 minutes"): the job is retried after that delay instead of the
 * exponential backoff (whichever is longer), still counting as an attempt.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "RetryLaterError";
  }
}

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/* ------------------------------ wake-up ------------------------------ */

/** Workers of this process to wake when a job is sent. */
const localWorkers = remember("job-workers", () => new Set<() => void>());

function wakeLocalWorkers() {
  for (const wake of localWorkers) wake();
}

/* ------------------------------ send ------------------------------ */

export interface SendOptions {
  /** at most one pending job per (queue, key): a second send with the same key is dropped (returns null) */
  key?: string;
  /** not before this time (default now) */
  runAt?: Date;
  /** higher runs first */
  priority?: number;
  maxAttempts?: number;
  /** enqueue inside this transaction: the job exists only if the write that causes it commits */
  tx?: Executor;
}

/** Enqueue a job; returns its id, or null when a pending job of that queue already has the key. */
export async function send(queue: string, payload: Record<string, unknown> = {}, options: SendOptions = {}): Promise<number | null> {
  const executor = options.tx ?? (await getDb());
  const runAt = options.runAt ? sql`${options.runAt.toISOString()}::timestamptz` : sql`now()`;
  const [row] = await rows<{ id: string | number }>(
    executor,
    sql`insert into jobs (queue, key, payload, run_at, priority, max_attempts)
        values (${queue}, ${options.key ?? null}, ${JSON.stringify(payload)}::jsonb, ${runAt}, ${options.priority ?? 0}, ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS})
        on conflict (queue, key) where done_at is null and failed_at is null do nothing
        returning id`,
  );
  // a job sent inside a transaction is visible at commit: the woken worker looks again shortly after
  wakeLocalWorkers();
  return row ? Number(row.id) : null;
}

/* ------------------------------ schedules ------------------------------ */

export interface ScheduleDefinition {
  /** unique name, e.g. "awin.pull.recent" (ADR 017 §Schedules); the job key of each slot is `${name}:${slot ISO time}` */
  name: string;
  /** 5-field cron expression (6 with seconds), read in `tz` */
  cron: string;
  /** queue the job goes to (defaults to the name) */
  queue?: string;
  payload?: Record<string, unknown>;
  /** IANA time zone (default Europe/Paris: the site's admins think in French time) */
  tz?: string;
  enabled?: boolean;
}

const DEFAULT_SCHEDULE_TZ = "Europe/Paris";

/** The latest slot of a cron expression at or before `now`. Throws on an invalid expression or zone. */
export function latestSlot(cron: string, now: Date, tz = DEFAULT_SCHEDULE_TZ): Date {
  // from just after `now`, so that a slot falling exactly on `now` counts
  const expression = CronExpressionParser.parse(cron, { currentDate: new Date(now.getTime() + 1), tz });
  return expression.prev().toDate();
}

/** Create or update a schedule (its last enqueued slot is kept). Validates the cron expression first. */
export async function schedule(definition: ScheduleDefinition, executor?: Executor): Promise<void> {
  const tz = definition.tz ?? DEFAULT_SCHEDULE_TZ;
  latestSlot(definition.cron, new Date(), tz);
  const db = executor ?? (await getDb());
  await db.execute(sql`
    insert into job_schedules (name, cron, tz, queue, payload, enabled)
    values (${definition.name}, ${definition.cron}, ${tz}, ${definition.queue ?? definition.name},
            ${JSON.stringify(definition.payload ?? {})}::jsonb, ${definition.enabled ?? true})
    on conflict (name) do update set cron = excluded.cron, tz = excluded.tz, queue = excluded.queue,
      payload = excluded.payload, enabled = excluded.enabled, updated_at = now()`);
}

interface ScheduleRow {
  name: string;
  cron: string;
  tz: string;
  queue: string;
  payload: Record<string, unknown>;
  last_enqueued_for: string | Date | null;
}

/**
 * Scheduler tick: for each enabled schedule whose latest slot has not been
 * enqueued yet, move its `last_enqueued_for` to that slot and enqueue one job
 * with key `name:slot` in the same transaction. The conditional update lets
 * exactly one of several schedulers (processes) win a slot; missed slots
 * collapse into the latest one. A new schedule enqueues its latest past slot
 * at its first tick. Returns the number of jobs enqueued.
 */
export async function enqueueDueSchedules(db: Db, now = new Date()): Promise<number> {
  const schedules = await rows<ScheduleRow>(db, sql`select name, cron, tz, queue, payload, last_enqueued_for from job_schedules where enabled`);
  let enqueued = 0;
  for (const s of schedules) {
    let slot: Date;
    try {
      slot = latestSlot(s.cron, now, s.tz);
    } catch (error) {
      logger.error({ err: error, schedule: s.name }, "jobs: invalid schedule skipped");
      continue;
    }
    if (s.last_enqueued_for && new Date(s.last_enqueued_for).getTime() >= slot.getTime()) continue;
    const won = await db.transaction(async (tx) => {
      const claimed = await rows<{ name: string }>(
        tx,
        sql`update job_schedules set last_enqueued_for = ${slot.toISOString()}::timestamptz
            where name = ${s.name} and enabled and (last_enqueued_for is null or last_enqueued_for < ${slot.toISOString()}::timestamptz)
            returning name`,
      );
      if (!claimed.length) return false;
      const payload = typeof s.payload === "string" ? (JSON.parse(s.payload) as Record<string, unknown>) : s.payload;
      return (await send(s.queue, { ...payload, slot: slot.toISOString() }, { key: `${s.name}:${slot.toISOString()}`, tx })) !== null;
    });
    if (won) enqueued++;
  }
  return enqueued;
}

/* ------------------------------ worker ------------------------------ */

interface JobRow {
  id: string | number;
  queue: string;
  key: string | null;
  payload: Record<string, unknown> | string;
  attempts: number;
  max_attempts: number;
}

export interface WorkerOptions {
  db: Db;
  handlers: JobHandlers;
  /** how often an idle worker looks for due jobs (default 1 s) */
  pollMs?: number;
  /** how long a claim holds (default 5 min); renewed while the handler runs */
  lockMs?: number;
  /** jobs run at once by this worker (default 1) */
  concurrency?: number;
  /** scheduler tick interval (default 30 s); null: this worker runs no scheduler */
  schedulerMs?: number | null;
  /** name in locked_by (default host:pid:random) */
  id?: string;
}

/**
 * Claims due jobs of the queues it has handlers for and runs them. Several
 * workers, in one process or many, share the table safely (SKIP LOCKED).
 */
export class JobWorker {
  readonly id: string;
  private readonly db: Db;
  private readonly handlers: JobHandlers;
  private readonly pollMs: number;
  private readonly lockMs: number;
  private readonly concurrency: number;
  private readonly schedulerMs: number | null;
  private readonly running = new Map<number, { promise: Promise<void>; controller: AbortController }>();
  private readonly loops = new Set<Promise<void>>();
  private readonly sleepers = new Set<() => void>();
  private schedulerTimer: NodeJS.Timeout | undefined;
  private schedulerRun: Promise<unknown> = Promise.resolve();
  private started = false;
  private stopping = false;
  private readonly wake = () => {
    for (const resume of this.sleepers) resume();
  };

  constructor(options: WorkerOptions) {
    this.db = options.db;
    this.handlers = options.handlers;
    this.pollMs = options.pollMs ?? 1000;
    this.lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
    this.concurrency = options.concurrency ?? 1;
    this.schedulerMs = options.schedulerMs === undefined ? 30_000 : options.schedulerMs;
    this.id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  }

  get queues(): string[] {
    return Object.keys(this.handlers);
  }

  /** Start the claim loops (and the scheduler): jobs sent in this process wake them at once. */
  start(): this {
    if (this.started) return this;
    this.started = true;
    localWorkers.add(this.wake);
    for (let i = 0; i < this.concurrency; i++) {
      const loop = this.loop().finally(() => this.loops.delete(loop));
      this.loops.add(loop);
    }
    if (this.schedulerMs !== null) {
      const tick = () => {
        this.schedulerRun = enqueueDueSchedules(this.db).then(
          (n) => n && this.wake(),
          (error: unknown) => logger.error({ err: error }, "jobs: scheduler tick failed"),
        );
      };
      tick();
      this.schedulerTimer = setInterval(tick, this.schedulerMs);
      this.schedulerTimer.unref();
    }
    return this;
  }

  /** Wait `ms`, or less when woken; true when woken. */
  private sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve(woken);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.sleepers.add(wake);
    });
  }

  private async loop() {
    // after a wake-up, look again shortly: a job sent inside a transaction appears at its commit
    let quickRetries = 0;
    while (!this.stopping) {
      let ran = false;
      try {
        ran = await this.runOne();
      } catch (error) {
        if (this.stopping) break;
        logger.error({ err: error }, "jobs: claim failed");
      }
      if (ran) {
        quickRetries = 3;
        continue;
      }
      if (this.stopping) break;
      if (quickRetries > 0) {
        quickRetries--;
        await this.sleep(50);
        continue;
      }
      // woken early (a send): allow a few quick looks
      if (await this.sleep(this.pollMs)) quickRetries = 3;
    }
  }

  /** Claim one due job, atomically (the row lock makes concurrent claimers skip it). */
  async claim(): Promise<Job | null> {
    const queues = this.queues;
    if (!queues.length) return null;
    const [row] = await rows<JobRow>(
      this.db,
      sql`update jobs set locked_by = ${this.id}, locked_until = now() + ${this.lockMs} * interval '1 millisecond', attempts = attempts + 1
          where id = (
            select id from jobs
            where queue in (${sql.join(
              queues.map((q) => sql`${q}`),
              sql`, `,
            )})
              and done_at is null and failed_at is null and run_at <= now()
              and (locked_until is null or locked_until < now())
            order by priority desc, run_at, id
            for update skip locked
            limit 1)
          returning id, queue, key, payload, attempts, max_attempts`,
    );
    if (!row) return null;
    return {
      id: Number(row.id),
      queue: row.queue,
      key: row.key,
      payload: typeof row.payload === "string" ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
    };
  }

  /** Claim and run one due job; false when there was none. */
  async runOne(): Promise<boolean> {
    if (this.stopping) return false;
    const job = await this.claim();
    if (!job) return false;
    // stop() began while the claim was on its way: the job is given back, not started
    if (this.stopping) {
      await this.release(job.id);
      return false;
    }
    const controller = new AbortController();
    const promise = this.execute(job, controller);
    this.running.set(job.id, { promise, controller });
    try {
      await promise;
    } finally {
      this.running.delete(job.id);
    }
    return true;
  }

  /** Run due jobs until none is left (tests, scripts). Returns how many ran. */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOne()) n++;
    return n;
  }

  private async execute(job: Job, controller: AbortController) {
    const renew = setInterval(() => {
      this.db
        .execute(sql`update jobs set locked_until = now() + ${this.lockMs} * interval '1 millisecond' where id = ${job.id} and locked_by = ${this.id}`)
        .catch((error: unknown) => logger.warn({ err: error, job: job.id }, "jobs: lock renewal failed"));
    }, Math.max(1000, this.lockMs / 2));
    renew.unref();
    try {
      const handler = this.handlers[job.queue];
      if (!handler) throw new Error(`no handler for queue ${job.queue}`);
      await handler(job, { signal: controller.signal });
      if (controller.signal.aborted) return; // released meanwhile: another worker will run it
      await this.db.execute(
        sql`update jobs set done_at = now(), locked_by = null, locked_until = null where id = ${job.id} and locked_by = ${this.id}`,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      await this.fail(job, error);
    } finally {
      clearInterval(renew);
    }
  }

  private async fail(job: Job, error: unknown) {
    const message = String((error as Error)?.message ?? error).slice(0, 2000);
    const retryAfter = error instanceof RetryLaterError ? Math.max(0, Math.min(error.retryAfterSeconds, 24 * 3600)) : 0;
    const [row] = await rows<{ failed_at: string | Date | null; run_at: string | Date }>(
      this.db,
      sql`update jobs set locked_by = null, locked_until = null, last_error = ${message},
            failed_at = case when attempts >= max_attempts then now() end,
            run_at = case when attempts >= max_attempts then run_at
                          else now() + greatest(least(exp(attempts), ${MAX_BACKOFF_SECONDS}), ${retryAfter}) * interval '1 second' end
          where id = ${job.id} and locked_by = ${this.id}
          returning failed_at, run_at`,
    );
    if (row?.failed_at) {
      logger.error({ err: error, job: job.id, queue: job.queue, attempts: job.attempts }, "jobs: job failed for good after its last attempt");
    } else if (row) {
      logger.warn({ err: error, job: job.id, queue: job.queue, attempts: job.attempts, retryAt: new Date(row.run_at) }, "jobs: job failed, will retry");
    }
  }

  /** Give a claimed job back: unlocked, its attempt not counted, so another worker takes it at once. */
  private async release(id: number) {
    await this.db.execute(
      sql`update jobs set locked_by = null, locked_until = null, attempts = greatest(attempts - 1, 0)
          where id = ${id} and locked_by = ${this.id} and done_at is null and failed_at is null`,
    );
  }

  /**
   * Stop claiming; let the jobs in hand finish for `graceMs`, then abort and
   * release the rest (unlocked, the attempt not counted) so another worker
   * takes them at once. Resolves when nothing of this worker touches the database.
   */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    localWorkers.delete(this.wake);
    clearInterval(this.schedulerTimer);
    this.wake();
    await this.schedulerRun;
    // the loops end once their job in hand is done (a claim still on its way gives its job back);
    // jobs run by drain() have no loop
    const inHand = [...this.loops, ...[...this.running.values()].map((r) => r.promise)];
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.allSettled(inHand).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
    clearTimeout(timer);
    if (!finished) {
      for (const [id, r] of this.running) {
        r.controller.abort();
        await this.release(id);
        logger.warn({ job: id }, "jobs: job released at shutdown");
      }
    }
    await Promise.allSettled([...this.loops]);
  }
}
