import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { openDatabase, setDatabase, type Database } from "../../app/lib/db.server";

export type DbKind = "pglite" | "postgres";

/** The database kinds the integration suite runs on. */
export function dbKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * Open a fresh, migrated, empty database: an in-memory PGlite, or a new
 * database on the TEST_DATABASE_URL server (dropped on close).
 */
export async function createTestDatabase(kind: DbKind, options: { migrate?: boolean } = {}): Promise<Database & { url?: string }> {
  if (kind === "pglite") return openDatabase({ dataDir: "memory://", ...options });
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `crevarde_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), ...options });
  return {
    ...database,
    // to open more connections to the same database (several workers, several processes)
    url: url.toString(),
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
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
        setDatabase(Promise.resolve(database));
        // the auth instance is bound to the process database: rebuild it
        (await import("../../app/lib/auth.server")).resetAuth();
        // CREATE DATABASE waits for a checkpoint: with the whole suite creating and dropping
        // databases on 2 busy cores it once took over 60 s (CI of 803fdfc)
      }, 180_000);
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
    const { listenForDataChanges, onDataChange } = await import("../../app/lib/data-changes.server");
    stop = await listenForDataChanges(database(), (database() as Database & { url?: string }).url);
    off = onDataChange((table) => seen.push(table));
  });
  afterAll(async () => {
    off?.();
    await stop?.();
  });
  return { seen, heard: (table: string) => expect.poll(() => seen, { timeout: 10_000 }).toContain(table) };
}
