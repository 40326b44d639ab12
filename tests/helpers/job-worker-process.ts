/**
 * A worker process for tests/integration/jobs.test.ts: runs queue "test.slow"
 * (a job of `payload.ms` milliseconds, aborted when released) on DATABASE_URL
 * or the embedded database in DATA_DIR, and stops on SIGTERM after
 * JOB_MS_GRACE ms of grace. Prints "job started" when the handler starts.
 */
import { openDatabase } from "#app/lib/db.server";
import { runWorkerProcess } from "#app/lib/worker-process.server";

const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR, migrate: false });
await runWorkerProcess({
  database,
  graceMs: Number(process.env.JOB_MS_GRACE ?? 10_000),
  schedulerMs: null,
  pollMs: 50,
  handlers: {
    "test.slow": (job, { signal }) =>
      new Promise<void>((resolve) => {
        process.stdout.write("job started\n");
        const timer = setTimeout(resolve, Number(job.payload.ms));
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve();
        });
      }),
  },
});
