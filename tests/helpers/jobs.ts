import { getDb } from "#app/lib/db.server";
import { jobHandlers } from "#app/composition/job-registry.server";
import { JobWorker } from "#app/lib/jobs.server";

/** Run every due job of the site's queues on the process database, as the in-process worker would (returns how many ran). */
export async function drainJobs(): Promise<number> {
  return new JobWorker({ db: await getDb(), handlers: jobHandlers, schedulerMs: null }).drain();
}
