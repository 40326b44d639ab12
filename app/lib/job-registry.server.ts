/**
 * Every job queue of the site and its handler, and every schedule (ADR 012).
 * The web server's in-process worker and `npm run worker` both run these.
 */
import type { JobHandlers, ScheduleDefinition } from "./jobs.server";
import { deliverMail, MAIL_QUEUE } from "./mail.server";
import { purgeJob, RETENTION_QUEUE, RETENTION_SCHEDULE } from "~/modules/privacy/retention.server";

export const jobHandlers: JobHandlers = {
  [MAIL_QUEUE]: deliverMail,
  [RETENTION_QUEUE]: purgeJob,
};

/**
 * One pull schedule per affiliate network (design B.3), e.g.
 * `{ name: "awin.pull.recent", cron: "0 *\/2 * * *", payload: { dateType: "transaction", days: 7 } }`,
 * each with its handler in `jobHandlers` under the schedule's queue (its name
 * by default). The network pulls do not exist yet: the cashback work adds them here.
 */
export const networkPullSchedules: readonly ScheduleDefinition[] = [];

export const jobSchedules: readonly ScheduleDefinition[] = [RETENTION_SCHEDULE, ...networkPullSchedules];
