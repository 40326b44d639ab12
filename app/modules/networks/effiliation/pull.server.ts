/**
 * Effiliation API v2 (ADR 016 §Per-network reference): GET /apiv2/transaction.csv?key=&start=dd/MM/yyyy&end=dd/MM/yyyy&type=date|datevalidation.
 * No documented limit: calls are still spaced 1 s apart.
 */
import { formatDate, joinUrl, PullError, PullSession, type PullOptions, type PullSummary } from "#app/modules/networks/pull.server";

const EFFILIATION_BASE_URL = "https://apiv2.effiliation.com";

export interface EffiliationCredentials {
  key: string;
}

export interface EffiliationPullParams {
  networkAccountId: string | null;
  type: "date" | "datetran" | "datevalidation";
  start: Date;
  end: Date;
  job: string;
}

export async function pullEffiliation(creds: EffiliationCredentials, params: EffiliationPullParams, options: PullOptions = {}): Promise<PullSummary> {
  const s = new PullSession(options, 1000, "effiliation");
  const url = joinUrl(options.baseUrl ?? EFFILIATION_BASE_URL, "/apiv2/transaction.csv", {
    key: creds.key,
    start: formatDate.dmy(params.start),
    end: formatDate.dmy(params.end),
    type: params.type,
  });
  const meta = { network: "effiliation" as const, networkAccountId: params.networkAccountId, job: params.job, windowStart: params.start, windowEnd: params.end, dateType: params.type };
  const page = await s.request(meta, url, { headers: { Accept: "text/csv" } });
  // the API answers errors in a 200 with a short text instead of the CSV header
  if (!page.text.trim().toLowerCase().startsWith("id_transaction") && page.text.trim() !== "" && !page.text.includes("|")) {
    await s.failFetch(page.fetchId, "réponse inattendue (pas un CSV de transactions)");
    throw new PullError("effiliation : réponse inattendue (pas un CSV de transactions)");
  }
  await s.importPage(page.fetchId, meta, page.text);
  return s.summary;
}
