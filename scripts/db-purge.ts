/** `npm run db:purge`: apply the retention durations of ADR 008 once (the server also does it every hour). */
import { DataDirLockedError, openDatabase, setDatabase } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { purgeExpiredData } from "#app/modules/privacy/retention.server";

const env = getEnv();
try {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  setDatabase(Promise.resolve(database));
  try {
    const report = await purgeExpiredData();
    console.log(`Purged: ${Object.entries(report).map(([what, n]) => `${what} ${n}`).join(", ")}`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nThe running server already purges expired data every hour.`);
  } else {
    console.error(error);
  }
  process.exit(1);
}
