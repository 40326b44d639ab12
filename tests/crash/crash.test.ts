/**
 * Crash safety: the production server takes concurrent writes, is killed with
 * SIGKILL in the middle, and restarts. Every acknowledged write must be there
 * and the database consistent. On PGlite (stale lock detected at restart) and
 * on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { openDatabase } from "#app/lib/db.server";
import { dbKinds, openMigratedDataDir } from "#tests/helpers/db";
import { adminQuery } from "#tests/helpers/pg-admin";
import { SERVER_ENTRY } from "../../scripts/lib/server-entry.mjs";

const root = path.resolve(import.meta.dirname, "../..");

function startServer(env: Record<string, string>, port: number): ChildProcess {
  return spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", SITE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "info", RATE_LIMIT_DISABLED: "true", VITEST: "", ...env },
  });
}

/**
 * Wait until the server answers /readyz. A cold start migrates and seeds a new
 * database: 11 s on a quiet machine, far more while the other Vitest workers
 * load both cores (CI once needed over 90 s), so the budget is generous and a
 * failure shows what the server printed.
 */
async function waitReady(base: string, child: ChildProcess, log: () => string = () => "") {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log().slice(-4000)}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // starting
    }
    if (Date.now() - started > READY_BUDGET_MS) throw new Error(`server did not become ready in ${READY_BUDGET_MS / 1000} s:\n${log().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const READY_BUDGET_MS = 240_000;

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));

const form = (fields: Record<string, string>) => ({
  method: "POST",
  redirect: "manual" as const,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM, closes the database and exits within 10 s", async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const base = `http://127.0.0.1:${port}`;
    const { dataDir } = await crashDatabase("pglite", "term");
    const server = startServer({ DATA_DIR: dataDir, DATABASE_URL: "", CREVARDE_TEST_SLOW_HEALTHZ_MS: "1500" }, port);
    let out = "";
    server.stdout?.on("data", (d) => (out += String(d)));
    try {
      await waitReady(base, server, () => out);
      // requests that are inside their handler when SIGTERM arrives
      const inflight = Array.from({ length: 10 }, () => fetch(`${base}/healthz?slow=1`).then((r) => r.status));
      // SIGTERM once all ten are inside their handler (the server says so), not after a guessed delay
      while ((out.match(/slow health check in flight/g) ?? []).length < 10) await new Promise((r) => setTimeout(r, 20));
      server.kill("SIGTERM");
      const statuses = await Promise.all(inflight);
      await exited(server);
      // within 10 s: past that the server closes every connection (server/index.ts), and a request still in hand fails
      expect(statuses).toEqual(Array(10).fill(200));
      expect(server.exitCode).toBe(0);
      expect(fs.existsSync(path.join(dataDir, "crevarde.lock"))).toBe(false);
      expect(out).toContain("database closed");
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
    }
  });
});

describe("crash safety", () => {
  for (const kind of dbKinds()) {
    it(`keeps every acknowledged write after SIGKILL [${kind}]`, async () => {
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const base = `http://127.0.0.1:${port}`;
      const { dataDir, url, dropDb } = await crashDatabase(kind, "crash");
      // on a PostgreSQL server the demo seed runs only with SEED_DEMO=true, and the demo admin's password is random, printed once
      const env = { DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url, SEED_DEMO: "true" } : { DATABASE_URL: "" }) };
      let server = startServer(env, port);
      let bootLog = "";
      server.stdout?.on("data", (d) => (bootLog += String(d)));
      try {
        await waitReady(base, server, () => bootLog);
        const password = url ? bootLog.match(/Demo admin: admin@crevarde\.local \/ (\S+)/)?.[1] : "CrevardeAdmin2025!";
        expect(password).toBeTruthy();
        const login = await fetch(`${base}/auth`, form({ intent: "login", email: "admin@crevarde.local", password: password! }));
        const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
        expect(cookie).toContain("crevarde.session_token");

        const acked = { newsletter: [] as string[], signups: [] as string[], categories: [] as string[] };
        let attempts = 0;
        let stop = false;
        const worker = async (w: number) => {
          for (let i = 0; !stop; i++) {
            const id = `${w}-${i}-${randomBytes(3).toString("hex")}`;
            attempts++;
            try {
              const which = i % 4;
              if (which === 0) {
                const r = await fetch(`${base}/newsletter`, form({ email: `crash-${id}@example.fr`, _js: "1" }));
                if (r.ok) acked.newsletter.push(`crash-${id}@example.fr`);
              } else if (which === 1) {
                const r = await fetch(`${base}/auth`, form({ intent: "signup", username: `c${id}`, email: `signup-${id}@example.fr`, password: "Rouge-gorge 2025" }));
                if (r.ok) acked.signups.push(`signup-${id}@example.fr`);
              } else if (which === 2) {
                const r = await fetch(`${base}/admin/categories`, { ...form({ intent: "save", name: `Crash ${id}`, slug: `crash-${id}` }), headers: { "content-type": "application/x-www-form-urlencoded", cookie } });
                if (r.ok) acked.categories.push(`crash-${id}`);
              } else {
                await fetch(`${base}/kpi?destination=${encodeURIComponent("https://www.temu.com/fr")}&action=crash`, { redirect: "manual" });
              }
            } catch {
              // the server died mid-request: not acknowledged
            }
          }
        };
        const workers = Array.from({ length: 8 }, (_, w) => worker(w));
        // kill once enough writes are acknowledged (a condition, not a duration: the machine may be loaded),
        // while the workers keep writing, so some requests are cut mid-flight
        const acknowledged = () => acked.newsletter.length + acked.signups.length + acked.categories.length;
        const deadline = Date.now() + 90_000;
        while (acknowledged() < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        server.kill("SIGKILL");
        stop = true;
        await Promise.all(workers);
        await exited(server);
        const total = acknowledged();
        expect(total).toBeGreaterThanOrEqual(30);

        // restart: a stale PGlite lock is detected and replaced, migrations are applied, the server starts clean
        server = startServer(env, port);
        let stderr = "";
        server.stdout?.on("data", (d) => (stderr += String(d)));
        server.stderr?.on("data", (d) => (stderr += String(d)));
        await waitReady(base, server, () => stderr);
        expect((await fetch(`${base}/`)).status).toBe(200);
        server.kill("SIGTERM");
        await exited(server);
        expect(stderr).not.toMatch(/"level":(50|60)/);

        const database = await openDatabase({ url, dataDir, migrate: false });
        try {
          const q = async (query: ReturnType<typeof sql>) =>
            ((await database.db.execute(query)) as unknown as { rows: Array<Record<string, string>> }).rows;
          // double opt-in: an acknowledged newsletter request is a confirmation e-mail in the outbox
          const emails = new Set((await q(sql`select lower("to") as e from email_outbox where kind = 'newsletter-confirm'`)).map((r) => r.e));
          const users = new Set((await q(sql`select email as e from "user"`)).map((r) => r.e));
          const slugs = new Set((await q(sql`select slug as e from categories`)).map((r) => r.e));
          const missing = [
            ...acked.newsletter.filter((e) => !emails.has(e)),
            ...acked.signups.filter((e) => !users.has(e)),
            ...acked.categories.filter((s) => !slugs.has(s)),
          ];
          console.log(
            `crash [${kind}]: ${attempts} writes attempted, ${total} acknowledged (newsletter ${acked.newsletter.length}, sign-ups ${acked.signups.length}, admin edits ${acked.categories.length}), ${total - missing.length} found after restart`,
          );
          expect(missing).toEqual([]);
          // consistency: every user has a profile and an account, no orphan rows
          expect(await q(sql`select u.id from "user" u left join profiles p on p.id = u.id where p.id is null`)).toEqual([]);
          expect(await q(sql`select u.id from "user" u left join account a on a.user_id = u.id where a.id is null`)).toEqual([]);
          expect((await q(sql`select count(*)::int as n from brands`))[0].n).toBe(29);
        } finally {
          await database.close();
        }
      } finally {
        if (server.exitCode === null) server.kill("SIGKILL");
        await dropDb?.();
      }
    }, 600_000);
  }
});

/**
 * Where a crash child writes: a PGlite directory, or a new PostgreSQL database (dropped by `dropDb`); both are
 * copies of the run's migrated template (tests/helpers/db.ts), so a child starts without migrating.
 */
async function crashDatabase(kind: string, prefix: string): Promise<{ dataDir: string; url?: string; dropDb?: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `crevarde-${prefix}-`));
  if (kind !== "postgres") {
    await (await openMigratedDataDir(dataDir)).close();
    return { dataDir };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `crevarde_${prefix}_${randomBytes(4).toString("hex")}`;
  await adminQuery(base, `create database ${name} template ${inject("postgresTemplate")}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { dataDir, url: u.toString(), dropDb: async () => void (await adminQuery(base, `drop database if exists ${name} with (force)`)) };
}

describe("crash safety of the conversion import", () => {
  for (const kind of dbKinds()) {
    it(`a SIGKILL in the middle of an import page leaves the whole page or nothing [${kind}]`, async () => {
      const { dataDir, url, dropDb } = await crashDatabase(kind, "icrash");
      const pageSize = 40;
      const child = spawn(process.execPath, ["--import", "tsx", "tests/crash/import-crash-child.ts"], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, CRASH_DATABASE_URL: url ?? "", CRASH_DATA_DIR: dataDir, CRASH_PAGE_SIZE: String(pageSize), CRASH_PAGES: "4", CRASH_AT_PAGE: "2", LOG_LEVEL: "silent" },
      });
      let out = "";
      let err = "";
      child.stderr?.on("data", (d) => (err += String(d)));
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout?.on("data", (d) => {
            out += String(d);
            if (out.includes("MID_PAGE")) resolve();
          });
          child.once("exit", (code) => reject(new Error(`import child exited (${code}) before the crash point: ${out}\n${err}`)));
        });
        // pages 0 and 1 are committed; page 2 has written everything and not committed
        child.kill("SIGKILL");
        await exited(child);
        const userId = out.match(/READY (\S+)/)?.[1];
        expect(userId).toBeTruthy();

        const database = await openDatabase({ url, dataDir, migrate: false });
        try {
          const q = async (query: ReturnType<typeof sql>) =>
            ((await database.db.execute(query)) as unknown as { rows: Array<Record<string, number>> }).rows;
          const [counts] = await q(sql`select
              (select count(*)::int from network_records where network_account_id = 'crash') as records,
              (select count(*)::int from conversions where network_account_id = 'crash') as conversions,
              (select count(*)::int from member_cashbacks) as cashbacks,
              (select count(*)::int from member_cashbacks where status = 'validated') as validated,
              (select count(*)::int from ledger_operations where idempotency_key like 'cb:%:credit') as credits,
              (select count(*)::int from conversion_changes) as changes`);
          // exactly the two committed pages, nothing of the third
          expect(counts).toEqual({ records: 2 * pageSize, conversions: 2 * pageSize, cashbacks: 2 * pageSize, validated: counts.credits, credits: counts.credits, changes: 2 * pageSize });
          expect(counts.credits).toBeGreaterThan(0);
          // every validated cashback is credited and the ledger adds up
          const [money] = await q(sql`select
              (select coalesce(sum(amount_cents), 0)::int from member_cashbacks where status = 'validated') as validated,
              (select coalesce(sum(amount_cents), 0)::int from member_cashbacks where status = 'pending') as pending,
              (select balance_cents::int from ledger_accounts where user_id = ${userId} and kind = 'available') as available,
              (select balance_cents::int from ledger_accounts where user_id = ${userId} and kind = 'pending') as ledger_pending,
              (select count(*)::int from welcome_bonuses where user_id = ${userId}) as bonuses,
              (select coalesce(sum(amount_cents), 0)::int from welcome_bonuses where user_id = ${userId}) as bonus`);
          // the member's first validated purchase brought the welcome bonus, once (issue #34 item 6)
          expect(money.bonuses).toBe(1);
          expect(money.available).toBe(money.validated + money.bonus);
          expect(money.ledger_pending).toBe(money.pending);
          const { verifyLedger } = await import("#app/modules/ledger/ledger.server");
          expect(await verifyLedger(database.db)).toEqual({ ok: true, problems: [] });
        } finally {
          await database.close();
        }
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        await dropDb?.();
      }
    }, 600_000);
  }
});

describe("crash safety of payouts", () => {
  for (const kind of dbKinds()) {
    it(`a SIGKILL during requests, exports or marking leaves each payout in one state that agrees with the ledger [${kind}]`, async () => {
      const { dataDir, url, dropDb } = await crashDatabase(kind, "pcrash");
      const key = randomBytes(32).toString("base64");
      const child = spawn(process.execPath, ["--import", "tsx", "tests/crash/payouts-crash-child.ts"], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, CRASH_DATABASE_URL: url ?? "", CRASH_DATA_DIR: dataDir, BANK_DETAILS_KEY: key, LOG_LEVEL: "silent" },
      });
      let out = "";
      let err = "";
      child.stderr?.on("data", (d) => (err += String(d)));
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout?.on("data", (d) => {
            out += String(d);
            if (out.includes("ROUND 1")) resolve();
          });
          child.once("exit", (code) => reject(new Error(`payout child exited (${code}) before the crash point: ${out}\n${err}`)));
        });
        // somewhere in round 2: a request, an approval, the export, the marking or a completion
        child.kill("SIGKILL");
        await exited(child);

        const database = await openDatabase({ url, dataDir, migrate: false });
        try {
          const q = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
          const payouts = await q(sql`select p.id, p.status, p.batch_id,
              exists(select 1 from ledger_operations o where o.idempotency_key = 'po:' || p.id || ':hold') as held,
              exists(select 1 from ledger_operations o where o.idempotency_key = 'po:' || p.id || ':release') as released,
              exists(select 1 from ledger_operations o where o.idempotency_key = 'po:' || p.id || ':settle') as settled,
              (select e.to_status from payout_events e where e.payout_id = p.id order by e.at desc, e.id desc limit 1) as last_event,
              (select b.status from payout_batches b where b.id = p.batch_id) as batch_status
            from payouts p`);
          expect(payouts.length).toBeGreaterThanOrEqual(8);
          for (const p of payouts) {
            const where = JSON.stringify(p);
            expect(p.held, where).toBe(true);
            expect(p.released, where).toBe(p.status === "cancelled" || p.status === "failed");
            expect(p.settled, where).toBe(p.status === "completed");
            expect(p.last_event, where).toBe(p.status);
            if (p.batch_status === "sent") expect(p.status, where).not.toBe("exported");
          }
          // what each member has in payout and has been paid is exactly their payouts in those states
          const mismatches = await q(sql`select a.user_id from ledger_accounts a
            where a.owner = 'member' and (
              (a.kind = 'in_payout' and a.balance_cents <> coalesce((select sum(amount_cents) from payouts p where p.user_id = a.user_id and p.status in ('requested', 'needs_review', 'approved', 'exported', 'sent')), 0))
              or (a.kind = 'paid' and a.balance_cents <> coalesce((select sum(amount_cents) from payouts p where p.user_id = a.user_id and p.status = 'completed'), 0)))`);
          expect(mismatches).toEqual([]);
          const { verifyLedger } = await import("#app/modules/ledger/ledger.server");
          expect(await verifyLedger(database.db)).toEqual({ ok: true, problems: [] });
        } finally {
          await database.close();
        }
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        await dropDb?.();
      }
    }, 600_000);
  }
});
