/**
 * Awin publisher API (ADR 016 §Per-network reference): GET /publishers/{publisherId}/transactions/
 * with startDate/endDate (UTC), dateType transaction|validation|amendment,
 * at most 31 days per call (longer windows are split), Bearer token,
 * 20 calls per minute per user (calls with one token spaced 3 s apart in this
 * process), 429 → Retry-After.
 * Also `?ids=` to confirm pushed transactions.
 */
import { formatDate, joinUrl, PullSession, sha256, splitWindows, type PullOptions, type PullSummary } from "#app/modules/networks/pull.server";

const AWIN_BASE_URL = "https://api.awin.com";
const AWIN_MAX_WINDOW_DAYS = 31;
const AWIN_MIN_INTERVAL_MS = 3000;

export interface AwinCredentials {
  token: string;
}

type AwinDateType = "transaction" | "validation" | "amendment";

export interface AwinPullParams {
  publisherId: string;
  dateType: AwinDateType;
  start: Date;
  end: Date;
  job: string;
}

const session = (creds: AwinCredentials, options: PullOptions) => ({
  session: new PullSession(options, AWIN_MIN_INTERVAL_MS, `awin:${sha256(creds.token).slice(0, 16)}`),
  base: options.baseUrl ?? AWIN_BASE_URL,
  headers: { Authorization: `Bearer ${creds.token}`, Accept: "application/json" },
});

export async function pullAwin(creds: AwinCredentials, params: AwinPullParams, options: PullOptions = {}): Promise<PullSummary> {
  const { session: s, base, headers } = session(creds, options);
  for (const window of splitWindows(params.start, params.end, AWIN_MAX_WINDOW_DAYS)) {
    const url = joinUrl(base, `/publishers/${encodeURIComponent(params.publisherId)}/transactions/`, {
      startDate: formatDate.isoLocal(window.start),
      endDate: formatDate.isoLocal(window.end),
      timezone: "UTC",
      dateType: params.dateType,
    });
    await s.fetchAndImport(
      { network: "awin", networkAccountId: params.publisherId, job: params.job, windowStart: window.start, windowEnd: window.end, dateType: params.dateType },
      url,
      { headers },
    );
  }
  return s.summary;
}

/** GET ?ids=… for transactions announced by a push (batched, ≤ 100 ids a call). */
export async function confirmAwinTransactions(
  creds: AwinCredentials,
  params: { publisherId: string; ids: string[]; job?: string },
  options: PullOptions = {},
): Promise<PullSummary> {
  const { session: s, base, headers } = session(creds, options);
  for (let i = 0; i < params.ids.length; i += 100) {
    const ids = params.ids.slice(i, i + 100);
    const url = joinUrl(base, `/publishers/${encodeURIComponent(params.publisherId)}/transactions/`, { ids: ids.join(",") });
    await s.fetchAndImport({ network: "awin", networkAccountId: params.publisherId, job: params.job ?? "awin.push.confirm", dateType: "ids" }, url, { headers });
  }
  return s.summary;
}
