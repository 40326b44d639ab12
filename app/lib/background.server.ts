import { logger } from "./logger.server";
import { remember } from "./remember.server";

/** Tasks started by runInBackground that have not finished yet (the server entry awaits what the app bundle started). */
const pending = remember("background-tasks", () => new Set<Promise<void>>());

/**
 * Run work after the current response instead of before it: the task starts on a
 * later turn of the event loop (never before the caller has returned), its failure is
 * logged, never thrown. For work whose duration must not show in the response time
 * (e.g. whether a reset request found an account).
 */
export function runInBackground(label: string, task: () => Promise<unknown>): void {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .then(
      () => undefined,
      (error: unknown) => logger.error({ err: error, task: label }, "background task failed"),
    )
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Wait until every background task (including those they start) has finished: tests and shutdown. */
export async function settleBackgroundTasks(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
