import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as schema from "../../db/schema";
import { logger } from "./logger.server";

export { schema };
export type Schema = typeof schema;
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
    path.resolve(process.cwd(), "db/migrations"),
  ];
  return candidates.find((c) => fs.existsSync(c)) ?? candidates[1];
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

/** Take an exclusive pid lock on the data directory; stale locks are replaced. */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, "crevarde.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockFile, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(fs.readFileSync(lockFile, "utf8").trim(), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      // stale lock (dead process or our own pid from a previous life): replace it
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
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

export async function openDatabase(options: OpenOptions): Promise<Database> {
  let database: Database;
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // an idle client losing its connection (server restart, admin shutdown)
    // must not crash the process: the pool replaces it on the next query
    pool.on("error", (err) => logger.warn({ err }, "postgres idle client error"));
    const db = drizzlePg(pool, { schema });
    if (options.migrate !== false) {
      await pool.query("create extension if not exists pg_trgm");
      await migratePg(db, { migrationsFolder: migrationsFolder() });
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
      client = await PGlite.create(pgDir, { extensions: { pg_trgm }, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
    } catch (error) {
      release();
      throw error;
    }
    await client.exec("create extension if not exists pg_trgm");
    const db = drizzlePglite(client, { schema }) as unknown as Db;
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

const globalKey = Symbol.for("crevarde.database");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Database> };

const generationKey = Symbol.for("crevarde.database-generation");
type GlobalWithGeneration = typeof globalThis & { [generationKey]?: number };

/** The process-wide database, opened once (set by the server at boot). */
export function setDatabase(database: Promise<Database>) {
  (globalThis as GlobalWithDb)[globalKey] = database;
  (globalThis as GlobalWithGeneration)[generationKey] = databaseGeneration() + 1;
}

/**
 * Changes whenever another database is installed: in-process caches of
 * database rows key on it. On globalThis, like the database, because the
 * server and the app bundle load this module separately.
 */
export function databaseGeneration(): number {
  return (globalThis as GlobalWithGeneration)[generationKey] ?? 0;
}

export function getDatabase(): Promise<Database> {
  const existing = (globalThis as GlobalWithDb)[globalKey];
  if (!existing) throw new Error("Database not initialised: call setDatabase() at boot");
  return existing;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

export { sql };
