import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, expect, it } from "vitest";
import { openDatabase, type Database, type Db } from "#app/lib/db.server";
import { backoffSeconds, enqueueDueSchedules, JobWorker, latestSlot, schedule, send, type JobHandlers } from "#app/lib/jobs.server";
import { createTestDatabase, describeEachDb, openMigratedDataDir } from "#tests/helpers/db";

interface JobRowView {
  id: number;
  attempts: number;
  run_at: Date;
  done_at: Date | null;
  failed_at: Date | null;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  key: string | null;
  queue: string;
}

async function jobRow(db: Db, id: number): Promise<JobRowView> {
  const { rows } = (await db.execute(sql`select * from jobs where id = ${id}`)) as unknown as { rows: JobRowView[] };
  return { ...rows[0], run_at: new Date(rows[0].run_at), done_at: rows[0].done_at && new Date(rows[0].done_at), failed_at: rows[0].failed_at && new Date(rows[0].failed_at) };
}

async function count(db: Db, where = sql`true`): Promise<number> {
  const { rows } = (await db.execute(sql`select count(*)::int as n from jobs where ${where}`)) as unknown as { rows: Array<{ n: number }> };
  return rows[0].n;
}

describeEachDb("job runner", ({ kind, database }) => {
  const extra: Database[] = [];
  const workers: JobWorker[] = [];
  const worker = (db: Db, handlers: JobHandlers, options: Partial<ConstructorParameters<typeof JobWorker>[0]> = {}) => {
    const w = new JobWorker({ db, handlers, schedulerMs: null, pollMs: 100, ...options });
    workers.push(w);
    return w;
  };
  beforeEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(0)));
    await database().db.execute(sql`delete from jobs`);
    await database().db.execute(sql`delete from job_schedules`);
  });
  afterAll(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop(0)));
    await Promise.all(extra.map((d) => d.close()));
  });

  it("runs each job exactly once when several workers on several connections claim at once", async () => {
    const db = database().db;
    // on PostgreSQL: three pools (three processes' worth of connections), four loops each
    const dbs: Db[] = [db];
    if (kind === "postgres") {
      const url = (database() as Database & { url?: string }).url;
      expect(url).toBeTruthy();
      for (let i = 0; i < 2; i++) {
        const d = await openDatabase({ url: url!, migrate: false });
        extra.push(d);
        dbs.push(d.db);
      }
    }
    const runs = new Map<number, number>();
    const handlers: JobHandlers = {
      "test.count": async (job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, Math.random() * 5));
      },
    };
    const N = 150;
    await db.execute(sql`insert into jobs (queue, payload) select 'test.count', jsonb_build_object('n', g) from generate_series(1, ${N}) g`);
    const started = [0, 1, 2].map((i) => worker(dbs[i % dbs.length], handlers, { concurrency: 4 }).start());
    await expect.poll(() => count(db, sql`done_at is not null`), { timeout: 60_000, interval: 100 }).toBe(N);
    await Promise.all(started.map((w) => w.stop()));
    expect(runs.size).toBe(N);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const { rows } = (await db.execute(sql`select max(attempts)::int as a from jobs`)) as unknown as { rows: Array<{ a: number }> };
    expect(rows[0].a).toBe(1);
  });

  it("retries a failing job with exponential backoff, then marks it failed with its error after max attempts", async () => {
    const db = database().db;
    let calls = 0;
    const w = worker(db, {
      "test.flaky": async () => {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    });
    const id = (await send("test.flaky", {}, { maxAttempts: 3 }))!;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      expect(await w.runOne()).toBe(true);
      const row = await jobRow(db, id);
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe(`boom ${attempt}`);
      expect(row.locked_by).toBeNull();
      if (attempt < 3) {
        expect(row.failed_at).toBeNull();
        const delay = (row.run_at.getTime() - before) / 1000;
        expect(delay).toBeGreaterThan(backoffSeconds(attempt) - 1);
        expect(delay).toBeLessThan(backoffSeconds(attempt) + 2);
        // not due yet: nothing to claim
        expect(await w.runOne()).toBe(false);
        await db.execute(sql`update jobs set run_at = now() where id = ${id}`);
      } else {
        expect(row.failed_at).not.toBeNull();
      }
    }
    expect(await w.runOne()).toBe(false);
    expect(calls).toBe(3);
    expect(backoffSeconds(2)).toBeCloseTo(Math.exp(2));
    expect(backoffSeconds(50)).toBe(3600);
  });

  it("a job that succeeds on a retry is done", async () => {
    const db = database().db;
    let calls = 0;
    const w = worker(db, {
      "test.second": async () => {
        if (++calls === 1) throw new Error("first time");
      },
    });
    const id = (await send("test.second"))!;
    await w.runOne();
    await db.execute(sql`update jobs set run_at = now() where id = ${id}`);
    await w.runOne();
    const row = await jobRow(db, id);
    expect(row.done_at).not.toBeNull();
    expect(row.attempts).toBe(2);
  });

  it("dedupes pending jobs by key, runs jobs at their run-at time and by priority", async () => {
    const db = database().db;
    const first = await send("test.order", { n: 1 }, { key: "k" });
    expect(first).not.toBeNull();
    expect(await send("test.order", { n: 2 }, { key: "k" })).toBeNull();
    expect(await send("test.other", {}, { key: "k" })).not.toBeNull(); // keys are per queue
    await send("test.order", { n: 3 }, { runAt: new Date(Date.now() + 60_000) });
    await send("test.order", { n: 4 }, { priority: 5 });
    const seen: number[] = [];
    const w = worker(db, { "test.order": async (job) => void seen.push(job.payload.n as number) });
    await w.drain();
    expect(seen).toEqual([4, 1]);
    // once done, the key is free again
    expect(await send("test.order", { n: 5 }, { key: "k" })).not.toBeNull();
  });

  it("a job sent inside a transaction exists only if the transaction commits", async () => {
    const db = database().db;
    await expect(
      db.transaction(async (tx) => {
        await send("test.tx", { n: 1 }, { tx });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    await db.transaction(async (tx) => {
      await send("test.tx", { n: 2 }, { tx });
    });
    const { rows } = (await db.execute(sql`select payload from jobs where queue = 'test.tx'`)) as unknown as { rows: Array<{ payload: { n: number } }> };
    expect(rows.map((r) => r.payload.n)).toEqual([2]);
  });

  it("a started worker is woken by send instead of waiting for its poll", async () => {
    const db = database().db;
    const done: number[] = [];
    worker(db, { "test.wake": async (job) => void done.push(job.id) }, { pollMs: 3_600_000 }).start();
    // the loop's first look found nothing: it now sleeps for an hour unless woken (the wait below is a hang guard)
    await new Promise((r) => setTimeout(r, 300));
    const id = (await send("test.wake"))!;
    await expect.poll(() => done, { timeout: 60_000, interval: 20 }).toEqual([id]);
  });

  it("a job whose worker died (expired lock) is claimable again; a live lock is not", async () => {
    const db = database().db;
    const dead = (await send("test.crash"))!;
    const alive = (await send("test.crash"))!;
    await db.execute(sql`update jobs set locked_by = 'killed-worker', attempts = 1, locked_until = now() - interval '1 second' where id = ${dead}`);
    await db.execute(sql`update jobs set locked_by = 'busy-worker', attempts = 1, locked_until = now() + interval '5 minutes' where id = ${alive}`);
    const ran: number[] = [];
    const w = worker(db, { "test.crash": async (job) => void ran.push(job.id) });
    await w.drain();
    expect(ran).toEqual([dead]);
    expect((await jobRow(db, dead)).attempts).toBe(2);
    expect((await jobRow(db, alive)).done_at).toBeNull();
  });

  it("schedules enqueue one job per slot with key name:slot, even with several schedulers at once", async () => {
    const db = database().db;
    await schedule({ name: "test.every-2h", cron: "0 */2 * * *", tz: "UTC", payload: { window: "7d" } });
    await expect(schedule({ name: "test.bad", cron: "not a cron" })).rejects.toThrow();
    const dbs: Db[] = [db];
    if (kind === "postgres") {
      const url = (database() as Database & { url?: string }).url!;
      for (let i = 0; i < 3; i++) {
        const d = await openDatabase({ url, migrate: false });
        extra.push(d);
        dbs.push(d.db);
      }
    }
    const at = new Date("2026-11-23T10:30:00Z");
    const tick = (now: Date) => Promise.all(Array.from({ length: 6 }, (_, i) => enqueueDueSchedules(dbs[i % dbs.length], now)));
    expect((await tick(at)).reduce((a, b) => a + b, 0)).toBe(1);
    const { rows } = (await db.execute(sql`select key, queue, payload from jobs`)) as unknown as { rows: Array<{ key: string; queue: string; payload: Record<string, unknown> }> };
    expect(rows).toEqual([{ key: "test.every-2h:2026-11-23T10:00:00.000Z", queue: "test.every-2h", payload: { window: "7d", slot: "2026-11-23T10:00:00.000Z" } }]);
    // the same slot again, even after its job ran: nothing more
    await worker(db, { "test.every-2h": async () => {} }).drain();
    expect((await tick(new Date("2026-11-23T11:59:00Z"))).reduce((a, b) => a + b, 0)).toBe(0);
    // the next slot: one more
    expect((await tick(new Date("2026-11-23T12:00:00Z"))).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await count(db)).toBe(2);
    // a disabled schedule enqueues nothing
    await schedule({ name: "test.every-2h", cron: "0 */2 * * *", tz: "UTC", enabled: false });
    expect((await tick(new Date("2026-11-23T16:00:00Z"))).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("reads cron expressions in the schedule's time zone (Europe/Paris by default)", () => {
    // 04:00 in Paris is 03:00 UTC in winter
    expect(latestSlot("0 4 * * *", new Date("2026-11-23T10:00:00Z")).toISOString()).toBe("2026-11-23T03:00:00.000Z");
    expect(latestSlot("0 4 * * *", new Date("2026-11-23T03:00:00Z")).toISOString()).toBe("2026-11-23T03:00:00.000Z");
    expect(latestSlot("*/30 * * * *", new Date("2026-11-23T10:29:59Z"), "UTC").toISOString()).toBe("2026-11-23T10:00:00.000Z");
  });

  it("stop() lets the job in hand finish within the grace period", async () => {
    const db = database().db;
    let finished = false;
    const w = worker(db, {
      "test.slow": async () => {
        await new Promise((r) => setTimeout(r, 300));
        finished = true;
      },
    }).start();
    const id = (await send("test.slow"))!;
    await expect.poll(async () => (await jobRow(db, id)).locked_by, { timeout: 60_000, interval: 20 }).toBe(w.id);
    await w.stop(10_000);
    expect(finished).toBe(true);
    expect((await jobRow(db, id)).done_at).not.toBeNull();
  });

  it("stop() releases a job that outlasts the grace period (aborted, unlocked, attempt not counted)", async () => {
    const db = database().db;
    let started = false;
    let aborted = false;
    const w = worker(db, {
      "test.endless": (_job, { signal }) =>
        new Promise<void>((resolve) => {
          started = true;
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          });
        }),
    }).start();
    const id = (await send("test.endless"))!;
    // the handler has the job (its claim is seen in the database a little before the worker hears back)
    await expect.poll(() => started, { timeout: 60_000, interval: 20 }).toBe(true);
    expect((await jobRow(db, id)).locked_by).toBe(w.id);
    await w.stop(200);
    expect(aborted).toBe(true);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ locked_by: null, locked_until: null, attempts: 0, done_at: null, failed_at: null });
    // another worker takes it at once
    const next: number[] = [];
    await worker(db, { "test.endless": async (job) => void next.push(job.id) }).drain();
    expect(next).toEqual([id]);
  });

  it("stop() while a claim is on its way gives that job back instead of starting it, and returns", async () => {
    const db = database().db;
    let startedJob = false;
    let claimed!: () => void;
    const claimedSignal = new Promise<void>((resolve) => (claimed = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // the database has answered the claim, the worker has not heard back yet
    class SlowToHear extends JobWorker {
      override async claim() {
        const job = await super.claim();
        if (job) {
          claimed();
          await gate;
        }
        return job;
      }
    }
    const w = new SlowToHear({
      db,
      handlers: { "test.endless": () => new Promise<void>(() => void (startedJob = true)) },
      schedulerMs: null,
      pollMs: 100,
      concurrency: 1,
    });
    workers.push(w);
    w.start();
    const id = (await send("test.endless"))!;
    await claimedSignal;
    expect((await jobRow(db, id)).locked_by).toBe(w.id);
    const stopped = w.stop(200).then(() => "stopped" as const);
    open();
    const outcome = await Promise.race([stopped, new Promise((resolve) => setTimeout(() => resolve("still running"), 10_000))]);
    expect(outcome).toBe("stopped");
    expect(startedJob).toBe(false);
    expect(await jobRow(db, id)).toMatchObject({ locked_by: null, locked_until: null, attempts: 0, done_at: null, failed_at: null });
  });
});

/* ------------------------------ SIGTERM on a worker process ------------------------------ */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-jobs-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Start tests/helpers/job-worker-process.ts; resolves once its handler has started the job. */
function startWorkerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("tests/helpers/job-worker-process.ts")], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const started = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
      if (out.includes("job started")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`worker exited early (${code}): ${out}`)));
    child.on("error", reject);
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, started, exited };
}

for (const kind of (process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"]) as Array<"pglite" | "postgres">) {
  it.each([
    ["finishes", 300, 10_000],
    ["releases", 60_000, 300],
  ] as const)(`[${kind}] SIGTERM on a worker process %s the job in hand`, async (outcome, jobMs, graceMs) => {
    let database: Database & { url?: string };
    let target: Record<string, string>;
    const dir = path.join(dataDir, kind); // one embedded database for both cases: creating one takes a while
    if (kind === "postgres") {
      database = await createTestDatabase("postgres");
      target = { DATABASE_URL: database.url! };
    } else {
      database = await openMigratedDataDir(dir);
      target = { DATA_DIR: dir, DATABASE_URL: "" };
    }
    const id = (await send("test.slow", { ms: jobMs }, { tx: database.db }))!;
    if (kind === "pglite") await database.close(); // one process at a time on the embedded database
    const worker = startWorkerProcess({ ...target, JOB_MS_GRACE: String(graceMs) });
    await worker.started;
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    if (kind === "pglite") {
      database = await openDatabase({ dataDir: dir });
    }
    try {
      const row = await jobRow(database.db, id);
      if (outcome === "finishes") {
        expect(row.done_at).not.toBeNull();
        expect(row.attempts).toBe(1);
      } else {
        expect(row).toMatchObject({ done_at: null, failed_at: null, locked_by: null, locked_until: null, attempts: 0 });
      }
    } finally {
      await database.close();
    }
  });
}

it("npm run worker refuses the embedded database with a clear message", async () => {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts/worker.ts")], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: path.join(dataDir, "refused"), LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr.on("data", (c) => (err += String(c)));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  expect(err).toContain("npm run worker needs PostgreSQL (DATABASE_URL)");
  expect(fs.existsSync(path.join(dataDir, "refused", "pg"))).toBe(false); // the embedded database was not opened
});
