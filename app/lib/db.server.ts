import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as schema from "#db/schema";
import { logger } from "./logger.server";
import { remember } from "./remember.server";
import { drizzleClient, applyDrizzleTextParsers } from "./pglite-client.server";

type Schema = typeof schema;
/** Both drivers expose the same query builder; we type them as node-postgres. */
export type Db = NodePgDatabase<Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** the embedded engine, for backups (PGlite only) */
  pglite?: PGlite;
  close(): Promise<void>;
  ping(): Promise<boolean>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
function migrationsFolder(): string {
  // works from the source tree (tsx, vitest) and from the built server bundle
  const candidates = [
    path.resolve(here, "../../db/migrations"),
    // build/server.mjs (ADR 055)
    path.resolve(here, "../db/migrations"),
    path.resolve(process.cwd(), "db/migrations"),
  ];
  return candidates.find((c) => fs.existsSync(c)) ?? candidates[candidates.length - 1];
}

/* ------------------------------ PGlite lock ------------------------------ */

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already open by process ${pid}. ` +
        `PGlite supports a single process: stop that process (or set DATABASE_URL to use a PostgreSQL server).`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Block this thread for a few milliseconds (the lock is taken synchronously). */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The lock file's holder and identity (inode and change time), or null when there is none. */
function readLock(lockFile: string): { pid: number; identity: string } | null {
  let fd: number;
  try {
    fd = fs.openSync(lockFile, "r");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    throw error;
  }
  try {
    const stat = fs.fstatSync(fd, { bigint: true });
    const pid = Number.parseInt(fs.readFileSync(fd, "utf8").trim(), 10);
    return { pid, identity: `${stat.ino}-${stat.ctimeNs}` };
  } finally {
    fs.closeSync(fd);
  }
}

function identityOf(file: string): string | null {
  try {
    const stat = fs.statSync(file, { bigint: true });
    return `${stat.ino}-${stat.ctimeNs}`;
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    throw error;
  }
}

/**
 * Remove a stale lock file, but only the one that was seen (same inode and
 * change time): of several processes that saw it, only the one that creates
 * its breaker directory removes it; the others try again and find the new
 * holder's lock. A breaker directory left by a crash is dropped after 10 s.
 */
function breakStaleLock(lockFile: string, identity: string) {
  const breaker = `${lockFile}.break-${identity}`;
  try {
    fs.mkdirSync(breaker);
  } catch (error) {
    if (errorCode(error) !== "EEXIST") throw error;
    try {
      if (Date.now() - fs.statSync(breaker).mtimeMs > 10_000) fs.rmSync(breaker, { recursive: true, force: true });
    } catch {
      // removed meanwhile
    }
    pause(5);
    return;
  }
  try {
    if (identityOf(lockFile) === identity) fs.rmSync(lockFile, { force: true });
  } finally {
    fs.rmSync(breaker, { recursive: true, force: true });
  }
}

/** Lock files this process holds. */
const heldHere = remember("data-dir-locks", () => new Set<string>());

/**
 * Take an exclusive pid lock on the data directory, atomically: the lock file
 * is a hard link to a file already holding our pid (link fails when the lock
 * exists), and a stale lock (dead process, or our own pid from a previous
 * life, i.e. not held by this process) is removed by exactly one of the
 * processes that found it.
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "crevarde.lock");
  const mine = `${lockFile}.${process.pid}.${randomBytes(6).toString("hex")}`;
  fs.writeFileSync(mine, String(process.pid), { flag: "wx" });
  try {
    for (let attempt = 0; attempt < 400; attempt++) {
      try {
        fs.linkSync(mine, lockFile);
      } catch (error) {
        if (errorCode(error) !== "EEXIST") throw error;
        const current = readLock(lockFile);
        if (!current) continue; // released meanwhile
        const live =
          current.pid === process.pid ? heldHere.has(lockFile) : Number.isInteger(current.pid) && isAlive(current.pid);
        if (live) throw new DataDirLockedError(dir, current.pid);
        breakStaleLock(lockFile, current.identity);
        continue;
      }
      fs.rmSync(mine, { force: true });
      const inode = fs.statSync(lockFile, { bigint: true }).ino;
      heldHere.add(lockFile);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(lockFile);
        try {
          // only our own lock: never one that replaced it
          if (fs.statSync(lockFile, { bigint: true }).ino === inode) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    }
    throw new Error(`Could not lock ${dir}`);
  } finally {
    fs.rmSync(mine, { force: true });
  }
}

/* ------------------------------ open ------------------------------ */

export interface OpenOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; "memory://" for an in-memory database. */
  dataDir?: string;
  migrate?: boolean;
  /** PGlite only: initialise the data directory from a dump (restore). */
  loadDataDir?: Blob;
}

/** Advisory lock key held while migrating a PostgreSQL server ("crevarde" in ASCII). */
const MIGRATION_LOCK_KEY = 0x637265766172;

/**
 * Migrate a PostgreSQL server under an advisory lock held by one session, so
 * that servers starting together migrate one after the other (the later ones
 * find nothing left to do) instead of running the same migrations at once.
 */
async function migrateUnderLock(pool: pg.Pool, db: Db) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await client.query("create extension if not exists pg_trgm");
      await migratePg(db, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let database: Database;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // an idle client losing its connection (server restart, admin shutdown)
    // must not crash the process: the pool replaces it on the next query
    pool.on("error", (err) => logger.warn({ err }, "postgres idle client error"));
    const db = drizzlePg(pool, { schema });
    if (options.migrate !== false) {
      try {
        await migrateUnderLock(pool, db);
      } catch (error) {
        await pool.end();
        throw error;
      }
    }
    database = {
      db,
      kind: "postgres",
      close: () => pool.end(),
      ping: async () => {
        await pool.query("select 1");
        return true;
      },
    };
  } else {
    const dir = options.dataDir ?? "./data";
    const inMemory = dir.startsWith("memory://");
    const pgDir = inMemory ? dir : path.resolve(dir, "pg");
    const release = inMemory ? () => {} : acquireDataDirLock(path.resolve(dir));
    let client: PGlite;
    try {
      client = await PGlite.create(pgDir, { extensions: { pg_trgm, unaccent }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    } catch (error) {
      release();
      throw error;
    }
    await client.exec("create extension if not exists pg_trgm");
    // drizzle's per-query parsers become the engine's defaults (pglite-client.server.ts)
    applyDrizzleTextParsers(client);
    const db = drizzlePglite({ client: drizzleClient(client), schema }) as unknown as Db;
    if (options.migrate !== false) {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    }
    database = {
      db,
      kind: "pglite",
      pglite: client,
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          release();
        }
      },
      ping: async () => {
        await client.query("select 1");
        return true;
      },
    };
  }
  return database;
}

/** Number of committed migrations not yet applied to this database. */
export async function pendingMigrations(database: Database): Promise<number> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  const result = (await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Math.max(0, journal.entries.length - Number(result.rows[0]?.n ?? 0));
}

/* ------------------------------ singleton ------------------------------ */

const installed = () => remember("database", (): { database: Promise<Database> | undefined; generation: number } => ({ database: undefined, generation: 0 }));

/** The process-wide database, opened once (set by the server at boot). */
export function setDatabase(database: Promise<Database>) {
  const slot = installed();
  slot.database = database;
  slot.generation += 1;
}

/** Test helper: the process has no database again (a test file that shares a process does not inherit the last one's). */
export function forgetDatabase() {
  const slot = installed();
  slot.database = undefined;
  slot.generation += 1;
}

/** Changes whenever another database is installed: in-process caches of database rows key on it. */
export function databaseGeneration(): number {
  return installed().generation;
}

export function getDatabase(): Promise<Database> {
  const existing = installed().database;
  if (!existing) throw new Error("Database not initialised: call setDatabase() at boot");
  return existing;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
