import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { getEnv } from "#app/lib/env.server";
import { openDatabase, setDatabase, type Database } from "#app/lib/db.server";
import { listenForDataChanges } from "#app/lib/data-changes.server";
import { logger } from "#app/lib/logger.server";
import { demoAdminPassword, demoSeedMode } from "#app/seed/mode";
import { settleBackgroundTasks } from "#app/lib/background.server";
import { createApp } from "./app";
import { flushEvents } from "#app/modules/tracking/tracking.server";
import { JobWorker } from "#app/lib/jobs.server";
import { jobHandlers, jobSchedules } from "#app/composition/job-registry.server";
import "#app/composition/auth.server";
import { registerSchedules } from "#app/lib/worker-process.server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main() {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  let database: Database;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    console.error(`Cannot open the database: ${(error as Error).message}`);
    process.exit(1);
  }
  setDatabase(Promise.resolve(database));
  // bank data a previous version kept in clear (holders' names, SEPA files) is sealed under BANK_DETAILS_KEY (ADR 021)
  try {
    const { sealClearBankData } = await import("#app/modules/payouts/payouts.server");
    const sealed = await sealClearBankData();
    if (sealed.methods + sealed.payouts + sealed.batches) logger.info(sealed, "payouts: clear bank data sealed");
  } catch (error) {
    console.error(`Cannot seal the stored bank data: ${(error as Error).message}`);
    process.exit(1);
  }
  // caches of every server are emptied when the content changes on any of them (ADR 024)
  const stopListening = await listenForDataChanges(database, env.DATABASE_URL);

  const uploadsDir = path.resolve(env.DATA_DIR, "uploads");
  const demoMode = demoSeedMode(env);
  if (demoMode !== "off") {
    // once per database: what an admin deleted stays deleted
    const { seed } = await import("#app/seed/index");
    const { createdAccounts } = await seed(database.db, {
      once: true,
      uploadsDir,
      siteName: env.SITE_NAME,
      log: (msg: string) => logger.info(msg),
      adminPassword: demoAdminPassword(env),
    });
    if (demoMode === "deployment") {
      // printed this once, whatever LOG_LEVEL: the password is random and stored only hashed
      for (const a of createdAccounts) {
        const line = `Demo ${a.role}: ${a.email} / ${a.password} (SEED_DEMO=true; shown once)`;
        if (logger.isLevelEnabled("warn")) logger.warn(line);
        else console.error(line);
      }
    }
  }

  const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
  const app = createApp({
    build,
    env,
    clientDir: path.join(root, "build/client"),
    uploadsDir,
    pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    logger.info(
      { port: env.PORT, database: database.kind },
      `Crevarde is up at http://localhost:${env.PORT} (${database.kind === "pglite" ? `embedded PostgreSQL in ${env.DATA_DIR}` : "PostgreSQL server"})`,
    );
    if (demoMode === "local") {
      import("#app/seed/demo-accounts")
        .then(({ DEMO_ACCOUNTS }) => {
          for (const a of DEMO_ACCOUNTS) logger.info(`Demo ${a.role}: ${a.email} / ${a.password}`);
        })
        .catch(() => {});
    }
  });
  server.keepAliveTimeout = 65_000;
  // the job runner (ADR 012): in this process unless `npm run worker` runs it (PostgreSQL);
  // its schedules include the hourly purge of the retention durations (ADR 008)
  let worker: JobWorker | undefined;
  if (env.JOBS_IN_PROCESS) {
    await registerSchedules(database, jobHandlers, jobSchedules);
    worker = new JobWorker({ db: database.db, handlers: jobHandlers }).start();
  } else if (database.kind === "pglite") {
    logger.warn("JOBS_IN_PROCESS=false on the embedded database: no process runs the jobs (e-mails stay queued)");
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // stop claiming jobs; the job in hand finishes, or is released after 10 s
    const workerStopped = worker?.stop(10_000);
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("forcing shutdown after 10s");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      try {
        // handlers may still run after their client disconnected: let them finish (10 s at most)
        const deadline = Date.now() + 10_000;
        while ((app.locals.inflight as () => number)() > 0 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 25));
        }
        await flushEvents();
        await settleBackgroundTasks();
        await workerStopped;
        await stopListening();
        await database.close();
        logger.info("database closed, bye");
      } catch (error) {
        logger.error({ err: error }, "error while closing the database");
      }
      process.exit(0);
    });
    // keep-alive connections become idle as their last response ends: close them as they do
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    idle.unref();
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  logger.fatal({ err: error }, "server failed to start");
  process.exit(1);
});
