import type { Database } from "./db.server";
import { JobWorker, schedule, type JobHandlers, type ScheduleDefinition, type WorkerOptions } from "./jobs.server";
import { logger } from "./logger.server";

export interface WorkerProcessOptions extends Partial<Omit<WorkerOptions, "db" | "handlers">> {
  database: Database;
  handlers: JobHandlers;
  schedules?: readonly ScheduleDefinition[];
  /** how long the job in hand may run on after SIGTERM before it is released (default 10 s) */
  graceMs?: number;
}

/** Check that every schedule's queue has a handler, then register the schedules. */
export async function registerSchedules(database: Database, handlers: JobHandlers, schedules: readonly ScheduleDefinition[]) {
  for (const definition of schedules) {
    const queue = definition.queue ?? definition.name;
    if (!handlers[queue]) throw new Error(`schedule ${definition.name}: no handler for queue ${queue}`);
    await schedule(definition, database.db);
  }
}

/**
 * Run a worker and its scheduler as a process of its own until SIGTERM or
 * SIGINT: then finish (or release) the job in hand, close the database, exit 0.
 */
export async function runWorkerProcess(options: WorkerProcessOptions): Promise<JobWorker> {
  const { database, handlers, schedules = [], graceMs = 10_000, ...workerOptions } = options;
  await registerSchedules(database, handlers, schedules);
  const worker = new JobWorker({ ...workerOptions, db: database.db, handlers }).start();
  logger.info({ worker: worker.id, queues: worker.queues, database: database.kind }, "jobs: worker started");
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "jobs: stopping the worker (finishing the job in hand)");
    try {
      await worker.stop(graceMs);
      await database.close();
    } catch (error) {
      logger.error({ err: error }, "jobs: error while stopping the worker");
      process.exit(1);
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return worker;
}
