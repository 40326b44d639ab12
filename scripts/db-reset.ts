import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { DataDirLockedError, openDatabase } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { seed, type SeedResult } from "#app/seed/index";
import { demoAdminPassword } from "#app/seed/mode";
import { printDemoAccounts } from "./lib/demo-accounts";

/**
 * Drop every table and uploaded file, migrate again and seed.
 * Refuses when a running server holds the PGlite data directory, and in
 * production unless `--yes` is passed.
 */
const env = getEnv();
if (env.NODE_ENV === "production" && !process.argv.includes("--yes")) {
  console.error("Refusing to reset a production database: run again with --yes if you really mean it.");
  process.exit(1);
}
try {
  const first = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: false });
  try {
    await first.db.execute(sql`drop schema if exists drizzle cascade`);
    await first.db.execute(sql`drop schema public cascade`);
    await first.db.execute(sql`create schema public`);
  } finally {
    await first.close();
  }
  const uploads = path.resolve(env.DATA_DIR, "uploads");
  fs.rmSync(uploads, { recursive: true, force: true });
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let result: SeedResult;
  try {
    result = await seed(database.db, { uploadsDir: uploads, siteName: env.SITE_NAME, log: console.log, adminPassword: demoAdminPassword(env) });
  } finally {
    await database.close();
  }
  console.log("Database reset and seeded.");
  printDemoAccounts(env, result.createdAccounts);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
