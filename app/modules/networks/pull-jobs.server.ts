/**
 * The scheduled network pulls (ADR 017 §Schedules): one schedule per network and
 * window, all on the `network.pull` queue, each enabled only when that
 * network's credentials are configured. A failing or rate-limited pull
 * throws, so the job runner retries it (with the delay the network asked
 * for when it said one, e.g. TimeOne's 15 minutes).
 */
import { sql } from "drizzle-orm";
import { getDb, type Db } from "#app/lib/db.server";
import type { JobHandler, ScheduleDefinition } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import { pullAwin, type AwinCredentials } from "./awin/pull.server";
import { pullCj, type CjCredentials } from "./cj/pull.server";
import { pullEffiliation, type EffiliationCredentials } from "./effiliation/pull.server";
import { pullImpact, type ImpactCredentials } from "./impact/pull.server";
import { pullKwanko, type KwankoCredentials } from "./kwanko/pull.server";
import { readNetworkCredentials } from "./credentials.server";
import { isNetwork, NETWORKS, type NetworkName } from "./networks";
import { daysAgo, daysAhead, type PullOptions, type PullSummary } from "./pull.server";
import { pullRakutenEvents, type RakutenCredentials } from "./rakuten/pull.server";
import { pullTimeOne, type TimeOneCredentials } from "./timeone/pull.server";
import { pullTradedoubler, type TradedoublerCredentials } from "./tradedoubler/pull.server";
import { programStatus } from "#db/states/program-status";

export const NETWORK_PULL_QUEUE = "network.pull";

export interface PullCredentials {
  awin: AwinCredentials;
  effiliation: EffiliationCredentials;
  kwanko: Omit<KwankoCredentials, "login"> & { login?: string };
  cj: CjCredentials;
  tradedoubler: TradedoublerCredentials;
  impact: ImpactCredentials;
  rakuten: RakutenCredentials;
  timeone: TimeOneCredentials;
}

type Env = Record<string, string | undefined>;

/**
 * THE environment lookup of the pulls (the integrator may switch it to
 * app/modules/networks/credentials.server.ts `networkCredentials(network)`).
 * Null when the network is not configured.
 */
export function pullCredentialsFromEnv<N extends NetworkName>(network: N, env?: Env): PullCredentials[N] | null {
  // one reader of the environment (credentials.server.ts); the clients name the same values their own way
  const c = readNetworkCredentials(network, env) as Partial<Record<string, string>> | null;
  if (!c) return null;
  const all: { [K in NetworkName]: () => PullCredentials[K] } = {
    awin: () => ({ token: c.apiToken! }),
    effiliation: () => ({ key: c.apiKey! }),
    kwanko: () => ({ token: c.apiToken!, login: c.login }),
    cj: () => ({ token: c.apiToken! }),
    tradedoubler: () => ({ clientId: c.clientId!, clientSecret: c.clientSecret!, username: c.username, password: c.password }),
    impact: () => ({ accountSid: c.accountSid!, authToken: c.authToken! }),
    rakuten: () => ({ token: c.apiToken! }),
    timeone: () => ({ partnerId: c.partnerId!, key: c.apiKey! }),
  };
  return all[network]() as PullCredentials[N];
}

/** What one scheduled run pulls. */
interface PullPlan {
  network: NetworkName;
  cron: string;
  /** runs the network client for one account */
  run: (ctx: { credentials: never; account: string | null; now: Date; job: string; options: PullOptions }) => Promise<PullSummary>;
}

const plan = <N extends NetworkName>(
  network: N,
  cron: string,
  run: (ctx: { credentials: PullCredentials[N]; account: string | null; now: Date; job: string; options: PullOptions }) => Promise<PullSummary>,
): PullPlan => ({ network, cron, run: run as PullPlan["run"] });

/** Pulls that need our account id on that network (Awin publisherId, CJ company id) take it from the programmes. */
const requireAccount = (network: NetworkName, account: string | null): string => {
  if (!account) throw new Error(`${network} : aucun programme ne donne notre identifiant de compte`);
  return account;
};

/** The schedules of ADR 017 §Schedules (cron read in Europe/Paris). */
const PULL_PLANS: Readonly<Record<string, PullPlan>> = {
  "awin.pull.recent": plan("awin", "5 */2 * * *", ({ credentials, account, now, job, options }) =>
    pullAwin(credentials, { publisherId: requireAccount("awin", account), dateType: "transaction", start: daysAgo(now, 7), end: now, job }, options),
  ),
  "awin.pull.validation": plan("awin", "0 4 * * *", ({ credentials, account, now, job, options }) =>
    pullAwin(credentials, { publisherId: requireAccount("awin", account), dateType: "validation", start: daysAgo(now, 31), end: now, job }, options),
  ),
  "awin.pull.amendment": plan("awin", "15 4 * * *", ({ credentials, account, now, job, options }) =>
    pullAwin(credentials, { publisherId: requireAccount("awin", account), dateType: "amendment", start: daysAgo(now, 31), end: now, job }, options),
  ),
  "awin.pull.backfill": plan("awin", "30 4 * * 0", ({ credentials, account, now, job, options }) =>
    pullAwin(credentials, { publisherId: requireAccount("awin", account), dateType: "transaction", start: daysAgo(now, 180), end: now, job }, options),
  ),
  "effiliation.pull.recent": plan("effiliation", "10 */2 * * *", ({ credentials, account, now, job, options }) =>
    pullEffiliation(credentials, { networkAccountId: account, type: "date", start: daysAgo(now, 7), end: now, job }, options),
  ),
  "effiliation.pull.validation": plan("effiliation", "30 3 * * *", ({ credentials, account, now, job, options }) =>
    pullEffiliation(credentials, { networkAccountId: account, type: "datevalidation", start: daysAgo(now, 60), end: now, job }, options),
  ),
  "kwanko.pull.recent": plan("kwanko", "20 */2 * * *", ({ credentials, account, now, job, options }) =>
    pullKwanko({ token: credentials.token, login: credentials.login ?? requireAccount("kwanko", account) }, { networkAccountId: account, start: daysAgo(now, 7), end: now, job }, options),
  ),
  "kwanko.pull.daily": plan("kwanko", "45 3 * * *", ({ credentials, account, now, job, options }) =>
    pullKwanko({ token: credentials.token, login: credentials.login ?? requireAccount("kwanko", account) }, { networkAccountId: account, start: daysAgo(now, 90), end: now, job }, options),
  ),
  "cj.pull": plan("cj", "*/30 * * * *", ({ credentials, account, now, job, options }) =>
    pullCj(credentials, { companyId: requireAccount("cj", account), start: daysAgo(now, 31), end: now, useWatermark: true, job }, options),
  ),
  "cj.pull.safety": plan("cj", "0 5 * * *", ({ credentials, account, now, job, options }) =>
    pullCj(credentials, { companyId: requireAccount("cj", account), start: daysAgo(now, 31), end: now, useWatermark: false, job }, options),
  ),
  "impact.pull.recent": plan("impact", "25 * * * *", ({ credentials, now, job, options }) =>
    pullImpact(credentials, { dateField: "ActionDate", start: daysAgo(now, 7), end: now, job }, options),
  ),
  "impact.pull.locking": plan("impact", "15 5 * * *", async ({ credentials, now, job, options }) => {
    // state changes are not "updates" on Impact: read by locking date, coming and past
    const coming = await pullImpact(credentials, { dateField: "LockingDate", start: daysAgo(now, 1), end: daysAhead(now, 45), job }, options);
    const past = await pullImpact(credentials, { dateField: "LockingDate", start: daysAgo(now, 45), end: now, job }, options);
    return addSummaries(coming, past);
  }),
  "tradedoubler.pull.recent": plan("tradedoubler", "35 */2 * * *", ({ credentials, account, now, job, options }) =>
    pullTradedoubler(credentials, { networkAccountId: account, start: daysAgo(now, 7), end: now, job }, options),
  ),
  "tradedoubler.pull.daily": plan("tradedoubler", "0 3 * * *", ({ credentials, account, now, job, options }) =>
    pullTradedoubler(credentials, { networkAccountId: account, start: daysAgo(now, 90), end: now, job }, options),
  ),
  "rakuten.events": plan("rakuten", "*/15 * * * *", ({ credentials, account, job, options }) =>
    pullRakutenEvents(credentials, { networkAccountId: account, job }, options),
  ),
  "timeone.pull": plan("timeone", "*/30 * * * *", ({ credentials, job, options }) => pullTimeOne(credentials, { job }, options)),
};

function addSummaries(a: PullSummary, b: PullSummary): PullSummary {
  return {
    calls: a.calls + b.calls,
    rows: a.rows + b.rows,
    inserted: a.inserted + b.inserted,
    updated: a.updated + b.updated,
    unchanged: a.unchanged + b.unchanged,
    rejected: a.rejected + b.rejected,
    recordIds: [...a.recordIds, ...b.recordIds],
  };
}

/** One schedule per plan, enabled only for the networks whose credentials are set. */
export function buildNetworkPullSchedules(env?: Env): ScheduleDefinition[] {
  const configured = new Set(NETWORKS.filter((n) => pullCredentialsFromEnv(n, env) !== null));
  return Object.entries(PULL_PLANS).map(([name, p]) => ({
    name,
    cron: p.cron,
    queue: NETWORK_PULL_QUEUE,
    payload: { network: p.network, plan: name },
    enabled: configured.has(p.network),
  }));
}

/** Our account ids on a network (credentials that name one win; else the programmes' distinct ids; else one null). */
async function networkAccounts(network: NetworkName, credentials: object, db?: Db): Promise<Array<string | null>> {
  if (network === "impact") return [(credentials as ImpactCredentials).accountSid];
  if (network === "timeone") return [(credentials as TimeOneCredentials).partnerId];
  const database = db ?? (await getDb());
  const { rows } = (await database.execute(
    sql`select distinct network_account_id as id from affiliate_programs where network = ${network} and status <> ${programStatus.is.closed} order by 1`,
  )) as unknown as { rows: Array<{ id: string }> };
  return rows.length ? rows.map((r) => r.id) : [null];
}

export interface RunPullOptions extends PullOptions {
  env?: Env;
  credentials?: object | null;
}

/** Run one plan for every account; the first failure is rethrown after the others ran. */
export async function runNetworkPull(planName: string, options: RunPullOptions = {}): Promise<PullSummary | null> {
  const p = PULL_PLANS[planName];
  if (!p) throw new Error(`network.pull : plan inconnu ${planName}`);
  const credentials = options.credentials === undefined ? pullCredentialsFromEnv(p.network, options.env) : options.credentials;
  if (!credentials) {
    logger.info({ plan: planName }, "network pull skipped: credentials not configured");
    return null;
  }
  const { env: _env, credentials: _c, ...pullOptions } = options;
  void _env;
  void _c;
  const now = (pullOptions.now ?? (() => new Date()))();
  let total: PullSummary = { calls: 0, rows: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, recordIds: [] };
  let failure: unknown = null;
  for (const account of await networkAccounts(p.network, credentials, pullOptions.db)) {
    try {
      total = addSummaries(total, await p.run({ credentials: credentials as never, account, now, job: planName, options: pullOptions }));
    } catch (error) {
      logger.warn({ err: error, plan: planName, account }, "network pull failed");
      failure ??= error;
    }
  }
  if (failure) throw failure;
  logger.info({ plan: planName, calls: total.calls, rows: total.rows, inserted: total.inserted, updated: total.updated }, "network pull done");
  return total;
}

/** The `network.pull` job: payload {network, plan}. */
export const networkPullJob: JobHandler = async (job, context) => {
  const planName = String(job.payload.plan ?? "");
  if (!isNetwork(job.payload.network) || !PULL_PLANS[planName]) throw new Error(`network.pull : charge utile invalide (${planName})`);
  await runNetworkPull(planName, { signal: context.signal });
};
