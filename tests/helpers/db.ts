import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject } from "vitest";
import { openDatabase, setDatabase, type Database } from "#app/lib/db.server";
import { POSTGRES_SUITES } from "#tests/postgres-suites";
import { adminQuery } from "./pg-admin";
import { siteSettings } from "#db/schema";

export type DbKind = "pglite" | "postgres";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The database kinds the current test file runs on: PGlite always, and the
 * TEST_DATABASE_URL server too for the suites where the engine matters
 * (tests/postgres-suites.ts).
 */
export function dbKinds(): DbKind[] {
  if (!process.env.TEST_DATABASE_URL) return ["pglite"];
  const file = expect.getState().testPath;
  const relative = file ? path.relative(root, file).split(path.sep).join("/") : "";
  return POSTGRES_SUITES.includes(relative) ? ["pglite", "postgres"] : ["pglite"];
}

let pgliteTemplate: Promise<Blob> | undefined;
/** The migrated PGlite data directory made once per run (tests/setup/database-templates.ts), read once per file. */
function migratedPglite(): Promise<Blob> {
  return (pgliteTemplate ??= fs.promises.readFile(inject("pgliteTemplate")).then((bytes) => new Blob([bytes])));
}

/** Open the PGlite data directory `dir`; a new directory starts as a copy of the run's migrated template (no migrations to wait for). */
export async function openMigratedDataDir(dir: string): Promise<Database> {
  const fresh = !fs.existsSync(path.join(dir, "pg", "PG_VERSION"));
  return fresh ? openDatabase({ dataDir: dir, loadDataDir: await migratedPglite() }) : openDatabase({ dataDir: dir });
}

/**
 * Open a fresh, migrated, empty database: an in-memory PGlite, or a new
 * database on the TEST_DATABASE_URL server (dropped on close). Both are copies
 * of the run's migrated template; `migrate: false` gives an empty, unmigrated one.
 */
export async function createTestDatabase(kind: DbKind, options: { migrate?: boolean } = {}): Promise<Database & { url?: string }> {
  const migrated = options.migrate !== false;
  if (kind === "pglite") {
    return migrated
      ? openDatabase({ dataDir: "memory://", loadDataDir: await migratedPglite(), migrate: false })
      : openDatabase({ dataDir: "memory://", migrate: false });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const template = inject("postgresTemplate");
  if (!template) throw new Error("the PostgreSQL template was not made: TEST_DATABASE_URL was not set when Vitest started");
  const name = `crevarde_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(base, migrated ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), migrate: false });
  return {
    ...database,
    // to open more connections to the same database (several workers, several processes)
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminQuery(base, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Run a suite once per database kind. The callback receives a getter for a
 * fresh database that is also installed as the process-wide database, so
 * loaders and actions under test use it.
 */
export function describeEachDb(name: string, fn: (ctx: { kind: DbKind; database: () => Database }) => void) {
  for (const kind of dbKinds()) {
    describe(`${name} [${kind}]`, () => {
      let database: Database | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(kind);
        // no welcome bonus unless a test turns it on (issue #34 item 6): the other suites' balances are about their own rules
        await database.db.insert(siteSettings).values({ key: "welcome_bonus_cents", value: 0 }).onConflictDoNothing();
        setDatabase(Promise.resolve(database));
        // the auth instance is bound to the process database: rebuild it, with the composition root's factory (ADR 052)
        await import("#app/composition/auth.server");
        (await import("#app/lib/auth.server")).resetAuth();
      });
      afterAll(async () => {
        await database?.close();
      });
      fn({
        kind,
        database: () => {
          if (!database) throw new Error("database not ready");
          return database;
        },
      });
    });
  }
}

/**
 * Listen for data changes for the rest of the suite, as a server does (ADR 024), so that the
 * in-process caches keep data. `seen` lists the tables heard of; `heard(table)` waits until a
 * change to `table` has reached this process (PGlite: at once; PostgreSQL: at commit).
 */
export function listenDuringSuite(database: () => Database) {
  let stop: (() => Promise<void>) | undefined;
  let off: (() => void) | undefined;
  const seen: string[] = [];
  beforeAll(async () => {
    const { listenForDataChanges, onDataChange } = await import("#app/lib/data-changes.server");
    stop = await listenForDataChanges(database(), (database() as Database & { url?: string }).url);
    off = onDataChange((table) => seen.push(table));
  });
  afterAll(async () => {
    off?.();
    await stop?.();
  });
  return { seen, heard: (table: string) => expect.poll(() => seen, { timeout: 60_000 }).toContain(table) };
}
