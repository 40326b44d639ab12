import path from "node:path";
import { DataDirLockedError, openDatabase } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { seed, type SeedResult } from "#app/seed/index";
import { demoAdminPassword } from "#app/seed/mode";
import { printDemoAccounts } from "./lib/demo-accounts";

/** Migrate and seed the demo data (idempotent), then print the demo accounts. */
const env = getEnv();
try {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  let result: SeedResult;
  try {
    result = await seed(database.db, { uploadsDir: path.resolve(env.DATA_DIR, "uploads"), siteName: env.SITE_NAME, log: console.log, adminPassword: demoAdminPassword(env) });
  } finally {
    await database.close();
  }
  printDemoAccounts(env, result.createdAccounts);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
