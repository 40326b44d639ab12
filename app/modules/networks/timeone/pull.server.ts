/**
 * TimeOne (Public-Idées) sub-id API (ADR 016 §Per-network reference, ADR 017): GET subid.php5?p=&k=&dd=YYYY-MM-DD&df=YYYY-MM-DD
 * → XML. At most 3 calls per 900 s: one window per run (every 30 minutes),
 * rotating so the recent days come back every other run and older ones in
 * turn. "You reached the limit of 3 call(s)…" → the job is retried in 15 minutes.
 */
import { daysAgo, formatDate, joinUrl, NetworkRateLimitedError, PullError, PullSession, type PullOptions, type PullSummary } from "#app/modules/networks/pull.server";
import { readNetworkState, watermarkKey, writeNetworkState } from "#app/modules/networks/state.server";

const TIMEONE_BASE_URL = "https://api.publicidees.com";
const TIMEONE_RETRY_SECONDS = 15 * 60;
/** [from, to] in days before today; the recent window every other run */
const TIMEONE_WINDOWS: ReadonlyArray<readonly [number, number]> = [
  [7, 0],
  [37, 7],
  [7, 0],
  [67, 37],
  [7, 0],
  [97, 67],
];

export interface TimeOneCredentials {
  partnerId: string;
  key: string;
}

export const timeOneWatermarkKey = (partnerId: string) => watermarkKey("timeone", `${partnerId}:window`);

export async function pullTimeOne(creds: TimeOneCredentials, params: { job: string }, options: PullOptions = {}): Promise<PullSummary> {
  const s = new PullSession(options, 0, `timeone:${creds.partnerId}`);
  const now = s.deps.now();
  const key = timeOneWatermarkKey(creds.partnerId);
  const stored = Number(await readNetworkState<number>(key, options.db));
  const index = Number.isInteger(stored) && stored >= 0 ? stored % TIMEONE_WINDOWS.length : 0;
  const [fromDays, toDays] = TIMEONE_WINDOWS[index];
  const start = daysAgo(now, fromDays);
  const end = daysAgo(now, toDays);
  const meta = { network: "timeone" as const, networkAccountId: creds.partnerId, job: params.job, windowStart: start, windowEnd: end, dateType: "action" };
  const url = joinUrl(options.baseUrl ?? TIMEONE_BASE_URL, "/subid.php5", { p: creds.partnerId, k: creds.key, dd: formatDate.ymd(start), df: formatDate.ymd(end) });
  const page = await s.request(meta, url);
  if (page.text.includes("reached the limit")) {
    await s.failFetch(page.fetchId, "limite de 3 appels par 15 minutes atteinte, nouvel essai dans 15 minutes");
    throw new NetworkRateLimitedError("timeone", TIMEONE_RETRY_SECONDS, "3 appels / 15 min");
  }
  if (/Wrong information on parameter/i.test(page.text)) {
    await s.failFetch(page.fetchId, "identifiants refusés (paramètres p, k)");
    throw new PullError("timeone : identifiants refusés (paramètres p, k)");
  }
  await s.importPage(page.fetchId, meta, page.text);
  await writeNetworkState(key, (index + 1) % TIMEONE_WINDOWS.length, options.db);
  return s.summary;
}
