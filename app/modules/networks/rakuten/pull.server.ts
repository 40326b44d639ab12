/**
 * Rakuten Advertising Events API (ADR 016 §Per-network reference, ADR 017): GET /events/1.0/transactions
 * ?process_date_start=&process_date_end=&limit=&page= with a Bearer token, a
 * bare JSON array per page, pages until one is shorter than the limit. Every
 * 15 minutes from the stored process-date watermark minus 30 minutes (late
 * events), to now; the watermark moves only after every page was imported.
 */
import { daysAgo, formatDate, joinUrl, PullError, PullSession, type PullOptions, type PullSummary } from "#app/modules/networks/pull.server";
import { readNetworkState, watermarkKey, writeNetworkState } from "#app/modules/networks/state.server";

const RAKUTEN_BASE_URL = "https://api.rakutenmarketing.com";
export const RAKUTEN_PAGE_SIZE = 1000;
const RAKUTEN_MAX_PAGES = 500;
const RAKUTEN_OVERLAP_MS = 30 * 60_000;
/** first run, or a watermark older than what the Events API keeps */
const RAKUTEN_MAX_LOOKBACK_DAYS = 7;

export interface RakutenCredentials {
  token: string;
}

export interface RakutenPullParams {
  networkAccountId: string | null;
  job: string;
}

export const rakutenWatermarkKey = (account: string | null) => watermarkKey("rakuten", `${account ?? "default"}:processDate`);

export async function pullRakutenEvents(creds: RakutenCredentials, params: RakutenPullParams, options: PullOptions = {}): Promise<PullSummary> {
  const s = new PullSession(options, 1000, "rakuten");
  const now = s.deps.now();
  const key = rakutenWatermarkKey(params.networkAccountId);
  const stored = await readNetworkState<string>(key, options.db);
  const floor = daysAgo(now, RAKUTEN_MAX_LOOKBACK_DAYS);
  const fromWatermark = stored ? new Date(new Date(stored).getTime() - RAKUTEN_OVERLAP_MS) : floor;
  const start = Number.isNaN(fromWatermark.getTime()) || fromWatermark < floor ? floor : fromWatermark;
  const meta = { network: "rakuten" as const, networkAccountId: params.networkAccountId, job: params.job, windowStart: start, windowEnd: now, dateType: "process_date" };
  for (let pageNumber = 1; ; pageNumber++) {
    if (pageNumber > RAKUTEN_MAX_PAGES) throw new PullError(`rakuten : plus de ${RAKUTEN_MAX_PAGES} pages`);
    const url = joinUrl(options.baseUrl ?? RAKUTEN_BASE_URL, "/events/1.0/transactions", {
      process_date_start: formatDate.ymdHms(start),
      process_date_end: formatDate.ymdHms(now),
      limit: RAKUTEN_PAGE_SIZE,
      page: pageNumber,
    });
    const page = await s.request(meta, url, { headers: { Authorization: `Bearer ${creds.token}`, Accept: "application/json" } });
    const json = await s.json<unknown>(page.fetchId, meta, page.text);
    if (!Array.isArray(json)) {
      await s.failFetch(page.fetchId, "réponse qui n'est pas une liste d'événements");
      throw new PullError("rakuten : réponse qui n'est pas une liste d'événements");
    }
    await s.importPage(page.fetchId, meta, page.text);
    if (json.length < RAKUTEN_PAGE_SIZE) break;
  }
  await writeNetworkState(key, now.toISOString(), options.db);
  return s.summary;
}
