import { restore } from "#app/lib/backup.server";
import { getEnv } from "#app/lib/env.server";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:restore <backup file>");
  process.exit(2);
}
const env = getEnv();
try {
  await restore({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, file });
  console.log(`Restored ${file} into ${env.DATABASE_URL ? "the PostgreSQL database" : env.DATA_DIR}.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
