/**
 * `npm run worker`: run the job worker and its scheduler as a process of its
 * own (ADR 012), next to web servers started with JOBS_IN_PROCESS=false, until
 * SIGTERM. PostgreSQL only: the embedded database serves a single process.
 */
import { openDatabase } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { jobHandlers, jobSchedules } from "#app/composition/job-registry.server";
import "#app/composition/auth.server";
import { logger } from "#app/lib/logger.server";
import { runWorkerProcess } from "#app/lib/worker-process.server";
import { setDatabase } from "#app/lib/db.server";

let env;
try {
  env = getEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!env.DATABASE_URL) {
  console.error(
    "npm run worker needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) serves a single process, " +
      "so with it the web server runs the jobs itself (JOBS_IN_PROCESS, on by default).",
  );
  process.exit(1);
}
try {
  const database = await openDatabase({ url: env.DATABASE_URL });
  setDatabase(Promise.resolve(database));
  await runWorkerProcess({ database, handlers: jobHandlers, schedules: jobSchedules });
} catch (error) {
  logger.fatal({ err: error }, "worker failed to start");
  process.exit(1);
}
