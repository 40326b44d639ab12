/**
 * The production server's start-up defaults, as a deployment sees them: the
 * real server process (server/index.ts, the production build) on PGlite and,
 * with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db.server";
import { DEMO_ACCOUNTS } from "#app/seed/demo-accounts";
import { dbKinds } from "#tests/helpers/db";
import { SERVER_ENTRY } from "../../scripts/lib/server-entry.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const README_ADMIN = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;

interface Run {
  code: number | null;
  log: string;
}

/** Start the server, run `during` once it is ready (or not at all if it exits), stop it and return its output. */
async function runServer(env: Record<string, string>, during?: (base: string) => Promise<void>): Promise<Run> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  for (const name of ["SEED_DEMO", "TRUST_PROXY", "SESSION_SECRET", "SITE_URL"]) delete inherited[name];
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...inherited, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", VITEST: "", ...env },
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += String(d)));
  child.stderr?.on("data", (d) => (log += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) return { code: await exited, log };
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // starting
    }
    // a hang, not a budget: a slow, loaded machine may take minutes to migrate and seed
    if (Date.now() - started > 600_000) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  try {
    await during?.(base);
  } finally {
    child.kill("SIGTERM");
  }
  return { code: await exited, log };
}

async function signIn(base: string, email: string, password: string) {
  const r = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  // "__Secure-" prefixed on an https site
  return r.headers.getSetCookie().some((c) => /^(__Secure-)?crevarde\.session_token=/.test(c));
}

const demoLines = (log: string) => [...log.matchAll(/Demo (admin|user|editor|finance): ([^\s"]+) \/ ([^\s"]+)/g)].map((m) => ({ role: m[1], email: m[2], password: m[3] }));

async function freshDatabase(kind: "pglite" | "postgres") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-start-"));
  if (kind === "pglite") return { env: { DATA_DIR: dataDir, DATABASE_URL: "" }, url: undefined, dataDir, drop: async () => {} };
  const name = `crevarde_start_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: u.toString() },
    url: u.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A query on the database while no server holds it. */
async function query<T>(target: { url?: string; dataDir: string }, q: ReturnType<typeof sql>): Promise<T[]> {
  const database = await openDatabase({ url: target.url, dataDir: target.dataDir, migrate: false });
  try {
    return ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  } finally {
    await database.close();
  }
}

describe("start-up defaults of a deployment", () => {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("Run `npx react-router build` first (npm test does).");

  it("refuses to start on an https SITE_URL without SESSION_SECRET, naming it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-start-"));
    const run = await runServer({ DATA_DIR: dataDir, DATABASE_URL: "", SITE_URL: "https://crevarde.example" });
    expect(run.code).toBe(1);
    expect(run.log).toMatch(/SESSION_SECRET: SESSION_SECRET is required when SITE_URL is https:\/\//);
    expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(false);
  }, 900_000);

  // a deployment's database: the PostgreSQL server when there is one (the seed's rules do not depend on the engine;
  // the quick start below starts on PGlite)
  for (const kind of dbKinds().slice(-1)) {
    it(`[${kind}] has no demo account unless SEED_DEMO=true, then a random admin password printed once, seeded once`, async () => {
      const db = await freshDatabase(kind);
      const site = { ...db.env, SITE_URL: "https://crevarde.example", SESSION_SECRET: randomBytes(32).toString("hex"), BANK_DETAILS_KEY: randomBytes(32).toString("base64"), SEPA_DEBTOR_NAME: "Crevarde SAS", SEPA_DEBTOR_IBAN: "FR7630006000011234567890189" };
      try {
        // a deployment: nothing seeded, nothing printed
        const plain = await runServer(site, async (base) => {
          expect(await signIn(base, README_ADMIN.email, README_ADMIN.password)).toBe(false);
          expect((await fetch(`${base}/marques/caudalie`)).status).toBe(404);
          expect((await fetch(`${base}/blog/dupes-2025`)).status).toBe(404);
        });
        expect(plain.code).toBe(0);
        expect(demoLines(plain.log)).toEqual([]);

        // SEED_DEMO=true: the demo data once, the admin with a random password printed once
        const demo = await runServer({ ...site, SEED_DEMO: "true" }, async (base) => {
          expect((await fetch(`${base}/marques/caudalie`)).status).toBe(200);
          expect((await fetch(`${base}/blog/dupes-2025`)).status).toBe(200);
        });
        const printed = demoLines(demo.log);
        const admin = printed.find((a) => a.role === "admin");
        expect(admin?.password).toMatch(/^[\w-]{24}$/);
        expect(admin!.password).not.toBe(README_ADMIN.password);
        // the demo editor and finance accounts reach the back office too: random passwords, never the README's
        for (const role of ["editor", "finance"]) {
          const staff = printed.find((a) => a.role === role);
          expect(staff?.password, role).toMatch(/^[\w-]{24}$/);
          expect(DEMO_ACCOUNTS.map((a) => a.password)).not.toContain(staff!.password);
        }
        // an admin deletes a demo article
        await query(db, sql`delete from blog_articles where id = 'dupes-2025'`);

        const again = await runServer({ ...site, SEED_DEMO: "true" }, async (base) => {
          expect(await signIn(base, README_ADMIN.email, README_ADMIN.password)).toBe(false);
          expect(await signIn(base, README_ADMIN.email, admin!.password)).toBe(true);
          expect((await fetch(`${base}/blog/dupes-2025`)).status).toBe(404);
        });
        expect(demoLines(again.log)).toEqual([]);
      } finally {
        await db.drop();
      }
    }, 1_800_000);
  }

  it("[pglite] keeps the quick start: a local site gets the demo data and the README's accounts, printed", async () => {
    const db = await freshDatabase("pglite");
    const run = await runServer({ ...db.env, SITE_URL: "http://localhost:3000" }, async (base) => {
      expect(await signIn(base, README_ADMIN.email, README_ADMIN.password)).toBe(true);
      expect((await fetch(`${base}/marques/caudalie`)).status).toBe(200);
    });
    expect(demoLines(run.log)).toEqual(DEMO_ACCOUNTS.map((a) => ({ role: a.role, email: a.email, password: a.password })));
  }, 900_000);
});
