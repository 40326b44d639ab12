import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "./db.server";

/**
 * Consistent backups. PostgreSQL server: pg_dump (custom format). Embedded
 * PGlite: a compressed dump of the data directory, taken with the directory
 * locked (the server must be stopped, which the lock enforces).
 */
export async function backup(options: { url?: string; dataDir: string; file: string }) {
  fs.mkdirSync(path.dirname(path.resolve(options.file)), { recursive: true });
  if (options.url) {
    const r = spawnSync("pg_dump", ["--format=custom", "--no-owner", `--file=${options.file}`, options.url], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`pg_dump failed: ${r.stderr || r.error?.message}`);
    return { kind: "postgres" as const, file: options.file, bytes: fs.statSync(options.file).size };
  }
  const database = await openDatabase({ dataDir: options.dataDir, migrate: false });
  try {
    const blob = await database.pglite!.dumpDataDir("gzip");
    fs.writeFileSync(options.file, Buffer.from(await blob.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { kind: "pglite" as const, file: options.file, bytes: fs.statSync(options.file).size };
}

/** Restore a backup into an empty database (refuses to overwrite existing data). */
export async function restore(options: { url?: string; dataDir: string; file: string }) {
  if (!fs.existsSync(options.file)) throw new Error(`No such backup file: ${options.file}`);
  if (options.url) {
    const probe = await openDatabase({ url: options.url, migrate: false });
    try {
      const r = (await probe.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)) as unknown as { rows: Array<{ n: number }> };
      if (Number(r.rows[0]?.n) > 0) throw new Error("The target database is not empty: restore only into an empty database.");
    } finally {
      await probe.close();
    }
    const res = spawnSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${options.url}`, options.file], { encoding: "utf8" });
    if (res.status !== 0) throw new Error(`pg_restore failed: ${res.stderr || res.error?.message}`);
    return;
  }
  const pgDir = path.resolve(options.dataDir, "pg");
  if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
    throw new Error(`The target data directory ${pgDir} is not empty: restore only into an empty directory.`);
  }
  const data = fs.readFileSync(options.file);
  const database = await openDatabase({ dataDir: options.dataDir, migrate: false, loadDataDir: new Blob([new Uint8Array(data)]) });
  await database.close();
}
