/**
 * CJ commissions GraphQL API (ADR 016 §Per-network reference): POST /query with a Bearer personal
 * access token; publisherCommissions(forPublishers, sincePostingDate,
 * beforePostingDate, sinceCommissionId) → {count, payloadComplete,
 * maxCommissionId, records}. While payloadComplete is false the next call
 * starts after maxCommissionId. The 30-minute pull keeps that id as its
 * watermark; the daily safety net re-reads the last 31 days by posting date.
 */
import { formatDate, joinUrl, PullError, PullSession, type PullOptions, type PullSummary } from "#app/modules/networks/pull.server";
import { readNetworkState, watermarkKey, writeNetworkState } from "#app/modules/networks/state.server";

const CJ_BASE_URL = "https://commissions.api.cj.com";
/** guard against a network that never says payloadComplete */
const CJ_MAX_CALLS = 200;

export interface CjCredentials {
  token: string;
}

export interface CjPullParams {
  /** our CJ company id (CID) */
  companyId: string;
  start: Date;
  end: Date;
  /** "watermark": start after the stored maxCommissionId and store the new one */
  useWatermark: boolean;
  job: string;
}

export const cjWatermarkKey = (companyId: string) => watermarkKey("cj", `${companyId}:maxCommissionId`);

const RECORD_FIELDS = `commissionId actionStatus actionType advertiserId advertiserName orderId shopperId eventDate postingDate lockingDate clickDate
      saleAmountPubCurrency pubCommissionAmountPubCurrency pubCommissionAmountUsd original originalActionId correctionReason validationStatus websiteId coupon
      items { commissionItemId sku quantity perItemSaleAmountPubCurrency totalCommissionPubCurrency }`;

function cjQuery(companyId: string, start: Date, end: Date, sinceCommissionId: string | null): string {
  const args = [
    `forPublishers: [${JSON.stringify(companyId)}]`,
    `sincePostingDate: ${JSON.stringify(formatDate.isoZ(start))}`,
    `beforePostingDate: ${JSON.stringify(formatDate.isoZ(end))}`,
    ...(sinceCommissionId ? [`sinceCommissionId: ${JSON.stringify(sinceCommissionId)}`] : []),
  ];
  return `{ publisherCommissions(${args.join(", ")}) { count payloadComplete maxCommissionId records { ${RECORD_FIELDS} } } }`;
}

interface CjEnvelope {
  data?: { publisherCommissions?: { count?: number; payloadComplete?: boolean; maxCommissionId?: string | number | null } | null } | null;
  errors?: Array<{ message?: string }>;
}

const bigger = (a: string | null, b: string | null) => {
  if (!a) return b;
  if (!b) return a;
  return BigInt(a) >= BigInt(b) ? a : b;
};

export async function pullCj(creds: CjCredentials, params: CjPullParams, options: PullOptions = {}): Promise<PullSummary> {
  const s = new PullSession(options, 1000, `cj:${params.companyId}`);
  const url = joinUrl(options.baseUrl ?? CJ_BASE_URL, "/query");
  const key = cjWatermarkKey(params.companyId);
  const stored = params.useWatermark ? await readNetworkState<string>(key, options.db) : null;
  let since: string | null = stored ? String(stored) : null;
  let highest: string | null = since;
  const meta = {
    network: "cj" as const,
    networkAccountId: params.companyId,
    job: params.job,
    windowStart: params.start,
    windowEnd: params.end,
    dateType: "posting",
  };
  for (let call = 0; ; call++) {
    if (call >= CJ_MAX_CALLS) throw new PullError(`cj : plus de ${CJ_MAX_CALLS} pages sans payloadComplete`);
    const page = await s.request(meta, url, {
      method: "POST",
      headers: { Authorization: `Bearer ${creds.token}`, Accept: "application/json" },
      body: cjQuery(params.companyId, params.start, params.end, since),
    });
    const envelope = await s.json<CjEnvelope>(page.fetchId, meta, page.text);
    if (envelope.errors?.length || !envelope.data?.publisherCommissions) {
      const message = `erreur GraphQL : ${String(envelope.errors?.[0]?.message ?? "réponse sans publisherCommissions").slice(0, 300)}`;
      await s.failFetch(page.fetchId, message);
      throw new PullError(`cj : ${message}`);
    }
    await s.importPage(page.fetchId, meta, page.text);
    const result = envelope.data.publisherCommissions;
    const max = result.maxCommissionId === null || result.maxCommissionId === undefined ? null : String(result.maxCommissionId);
    highest = bigger(highest, max && /^\d+$/.test(max) ? max : null);
    if (result.payloadComplete !== false) break;
    if (!max || max === since) throw new PullError("cj : payloadComplete=false sans maxCommissionId nouveau");
    since = max;
  }
  if (params.useWatermark && highest && highest !== stored) await writeNetworkState(key, highest, options.db);
  return s.summary;
}
