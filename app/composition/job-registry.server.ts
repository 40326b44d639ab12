/**
 * Every job queue of the site and its handler, and every schedule (ADR 012).
 * This is the composition root's part for jobs: app/lib's job runner knows no
 * domain, the domain modules know no runner, and this file wires the two.
 * The web server's in-process worker and `npm run worker` both run these.
 */
import type { JobHandlers, ScheduleDefinition } from "#app/lib/jobs.server";
import { deliverMail, MAIL_QUEUE } from "#app/lib/mail.server";
import { buildNetworkPullSchedules, NETWORK_PULL_QUEUE, networkPullJob } from "#app/modules/networks/pull-jobs.server";
import { AWIN_CONFIRM_QUEUE, awinConfirmJob, processPushJob, PUSH_PROCESS_QUEUE } from "#app/modules/networks/push.server";
import { purgeJob, RETENTION_QUEUE, RETENTION_SCHEDULE } from "#app/modules/privacy/retention.server";
import { AUTOVALIDATE_QUEUE, AUTOVALIDATE_SCHEDULE, autovalidateJob, HIDE_UNCONFIRMED_QUEUE, HIDE_UNCONFIRMED_SCHEDULE, hideUnconfirmedJob } from "#app/modules/conversions/autovalidate.server";
import { SEARCH_LEXICON_QUEUE, SEARCH_LEXICON_SCHEDULE, searchLexiconJob } from "#app/modules/search/search.server";
import { CASHBACK_DIGEST_QUEUE, CASHBACK_DIGEST_SCHEDULE, detectedDigestJob } from "#app/modules/cashback/notifications.server";
import { CLAIMS_EXPIRE_QUEUE, CLAIMS_EXPIRE_SCHEDULE, expireClaimsJob } from "#app/modules/claims/claim-lifecycle.server";
import { alertDigestJob, alertMatchJob, ALERTS_DIGEST_QUEUE, ALERTS_DIGEST_SCHEDULE, ALERTS_INSTANT_QUEUE, ALERTS_INSTANT_SCHEDULE, ALERTS_MATCH_QUEUE, instantAlertsJob } from "#app/modules/alerts/alerts.server";
import { CONTACT_NOTIFY_QUEUE, notifyContactJob } from "#app/modules/contact/contact.server";
import { BIN_PURGE_QUEUE, BIN_PURGE_SCHEDULE, purgeBinJob } from "#app/modules/admin/bin.server";
import { PRICE_ALERT_QUEUE, priceAlertJob } from "#app/modules/prices/price-alerts.server";
import { DEALS_EXPIRE_QUEUE, DEALS_EXPIRE_SCHEDULE, expireDealsJob } from "#app/modules/deals/posting.server";

export const jobHandlers: JobHandlers = {
  [MAIL_QUEUE]: deliverMail,
  [RETENTION_QUEUE]: purgeJob,
  [NETWORK_PULL_QUEUE]: networkPullJob,
  [PUSH_PROCESS_QUEUE]: processPushJob,
  [AWIN_CONFIRM_QUEUE]: awinConfirmJob,
  [CASHBACK_DIGEST_QUEUE]: detectedDigestJob,
  [AUTOVALIDATE_QUEUE]: autovalidateJob,
  [HIDE_UNCONFIRMED_QUEUE]: hideUnconfirmedJob,
  [SEARCH_LEXICON_QUEUE]: searchLexiconJob,
  [CLAIMS_EXPIRE_QUEUE]: expireClaimsJob,
  [DEALS_EXPIRE_QUEUE]: expireDealsJob,
  [ALERTS_MATCH_QUEUE]: alertMatchJob,
  [ALERTS_INSTANT_QUEUE]: instantAlertsJob,
  [ALERTS_DIGEST_QUEUE]: alertDigestJob,
  [PRICE_ALERT_QUEUE]: priceAlertJob,
  [CONTACT_NOTIFY_QUEUE]: notifyContactJob,
  [BIN_PURGE_QUEUE]: purgeBinJob,
};

/**
 * One pull schedule per affiliate network and window (ADR 017 §Schedules, e.g.
 * "awin.pull.recent" every 2 h), all on the `network.pull` queue, each
 * enabled only when that network's credentials are in the environment
 * (read at start: a restart after setting them turns the pulls on).
 */
const networkPullSchedules: readonly ScheduleDefinition[] = buildNetworkPullSchedules();

export const jobSchedules: readonly ScheduleDefinition[] = [RETENTION_SCHEDULE, CASHBACK_DIGEST_SCHEDULE, AUTOVALIDATE_SCHEDULE, HIDE_UNCONFIRMED_SCHEDULE, SEARCH_LEXICON_SCHEDULE, CLAIMS_EXPIRE_SCHEDULE, DEALS_EXPIRE_SCHEDULE, ALERTS_DIGEST_SCHEDULE, ALERTS_INSTANT_SCHEDULE, BIN_PURGE_SCHEDULE, ...networkPullSchedules];
