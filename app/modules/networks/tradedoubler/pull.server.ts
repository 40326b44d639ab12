/**
 * Tradedoubler Connect API (ADR 016 §Per-network reference): an OAuth2 bearer from /uaa/oauth/token
 * (client id and secret in Basic; password grant when a user is given, else
 * client credentials), then GET /publisher/report/transactions?reportCurrencyCode=EUR
 * &fromDate=YYYYMMDD&toDate=YYYYMMDD&limit=100&offset=… until a page has fewer
 * than 100 items. 60 requests per minute (calls spaced 1 s apart); longer
 * periods are cut into 31-day slices.
 */
import { formatDate, joinUrl, PullError, PullSession, splitWindows, type PullOptions, type PullSummary } from "#app/modules/networks/pull.server";

const TRADEDOUBLER_BASE_URL = "https://connect.tradedoubler.com";
const TRADEDOUBLER_PAGE_SIZE = 100;
const TRADEDOUBLER_MAX_PAGES = 1000;

export interface TradedoublerCredentials {
  clientId: string;
  clientSecret: string;
  username?: string;
  password?: string;
}

export interface TradedoublerPullParams {
  networkAccountId: string | null;
  start: Date;
  end: Date;
  job: string;
}

/** The bearer token (not logged in network_fetches: it is not a data call). */
async function tradedoublerToken(creds: TradedoublerCredentials, options: PullOptions = {}): Promise<string> {
  const body = new URLSearchParams(
    creds.username && creds.password ? { grant_type: "password", username: creds.username, password: creds.password } : { grant_type: "client_credentials" },
  );
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(joinUrl(options.baseUrl ?? TRADEDOUBLER_BASE_URL, "/uaa/oauth/token"), {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      redirect: "error",
    });
  } catch (error) {
    throw new PullError(`tradedoubler : jeton OAuth2 impossible à obtenir (${String((error as Error)?.message ?? error)})`);
  }
  const json = (await response.json().catch(() => null)) as { access_token?: string } | null;
  if (!response.ok || !json?.access_token) throw new PullError(`tradedoubler : jeton OAuth2 refusé (HTTP ${response.status})`, response.status);
  return json.access_token;
}

export async function pullTradedoubler(creds: TradedoublerCredentials, params: TradedoublerPullParams, options: PullOptions = {}): Promise<PullSummary> {
  const token = await tradedoublerToken(creds, options);
  const s = new PullSession(options, 1000, "tradedoubler");
  const base = options.baseUrl ?? TRADEDOUBLER_BASE_URL;
  for (const window of splitWindows(params.start, params.end, 31)) {
    const meta = { network: "tradedoubler" as const, networkAccountId: params.networkAccountId, job: params.job, windowStart: window.start, windowEnd: window.end };
    for (let offset = 0, pages = 0; ; offset += TRADEDOUBLER_PAGE_SIZE, pages++) {
      if (pages >= TRADEDOUBLER_MAX_PAGES) throw new PullError(`tradedoubler : plus de ${TRADEDOUBLER_MAX_PAGES} pages`);
      const url = joinUrl(base, "/publisher/report/transactions", {
        reportCurrencyCode: "EUR",
        fromDate: formatDate.compact(window.start),
        toDate: formatDate.compact(window.end),
        limit: TRADEDOUBLER_PAGE_SIZE,
        offset,
      });
      const page = await s.request(meta, url, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
      const json = await s.json<{ items?: unknown[] }>(page.fetchId, meta, page.text);
      if (!Array.isArray(json.items)) {
        await s.failFetch(page.fetchId, "réponse sans liste items");
        throw new PullError("tradedoubler : réponse sans liste items");
      }
      await s.importPage(page.fetchId, meta, page.text);
      if (json.items.length < TRADEDOUBLER_PAGE_SIZE) break;
    }
  }
  return s.summary;
}
