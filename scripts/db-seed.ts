import path from "node:path";
import { DataDirLockedError, openDatabase } from "../app/lib/db.server";
import { getEnv } from "../app/lib/env.server";
import { seed } from "../db/seed/index";
import { DEMO_ACCOUNTS } from "../db/seed/demo-accounts";

/** Migrate and seed the demo data (idempotent), then print the demo accounts. */
const env = getEnv();
try {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await seed(database.db, { uploadsDir: path.resolve(env.DATA_DIR, "uploads"), siteName: env.SITE_NAME, log: console.log });
  } finally {
    await database.close();
  }
  for (const a of DEMO_ACCOUNTS) console.log(`Demo ${a.role}: ${a.email} / ${a.password}`);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
