import path from "node:path";
import { backup } from "#app/lib/backup.server";
import { getEnv } from "#app/lib/env.server";

const env = getEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = process.argv[2] ?? path.join("backups", `crevarde-${stamp}.${env.DATABASE_URL ? "dump" : "tar.gz"}`);
try {
  const result = await backup({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, file });
  console.log(`Backup written: ${result.file} (${(result.bytes / 1024).toFixed(0)} KB, ${result.kind})`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
