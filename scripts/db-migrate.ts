import { DataDirLockedError, openDatabase } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";

/**
 * Apply the committed migrations and stop (the servers also apply them when
 * they start, under an advisory lock): for a deploy that migrates first.
 */
const env = getEnv();
try {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.close();
  console.log(`Migrations applied (${env.DATABASE_URL ? "PostgreSQL" : `embedded database in ${env.DATA_DIR}`}).`);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
}
