/**
 * Impact partner API (ADR 016 §Per-network reference): GET /Mediapartners/{AccountSid}/Actions with
 * ActionDateStart/End (or LockingDateStart/End), PageSize, Basic auth
 * (AccountSid:AuthToken), JSON. Windows of at most 45 days (longer ones are
 * split); pages follow "@nextpageuri" (a path on the same host, never another).
 */
import { formatDate, joinUrl, PullError, PullSession, splitWindows, type PullOptions, type PullSummary } from "#app/modules/networks/pull.server";

const IMPACT_BASE_URL = "https://api.impact.com";
const IMPACT_MAX_WINDOW_DAYS = 45;
const IMPACT_PAGE_SIZE = 20_000;
const IMPACT_MAX_PAGES = 500;

export interface ImpactCredentials {
  accountSid: string;
  authToken: string;
}

export interface ImpactPullParams {
  /** which dates the window applies to */
  dateField: "ActionDate" | "LockingDate";
  start: Date;
  end: Date;
  job: string;
}

export async function pullImpact(creds: ImpactCredentials, params: ImpactPullParams, options: PullOptions = {}): Promise<PullSummary> {
  const s = new PullSession(options, 1000, `impact:${creds.accountSid}`);
  const base = options.baseUrl ?? IMPACT_BASE_URL;
  const origin = new URL(base).origin;
  const headers = {
    Authorization: `Basic ${Buffer.from(`${creds.accountSid}:${creds.authToken}`).toString("base64")}`,
    Accept: "application/json",
  };
  for (const window of splitWindows(params.start, params.end, IMPACT_MAX_WINDOW_DAYS)) {
    const meta = {
      network: "impact" as const,
      networkAccountId: creds.accountSid,
      job: params.job,
      windowStart: window.start,
      windowEnd: window.end,
      dateType: params.dateField,
    };
    let url: string | null = joinUrl(base, `/Mediapartners/${encodeURIComponent(creds.accountSid)}/Actions`, {
      [`${params.dateField}Start`]: formatDate.isoZ(window.start),
      [`${params.dateField}End`]: formatDate.isoZ(window.end),
      PageSize: IMPACT_PAGE_SIZE,
    });
    for (let pages = 0; url; pages++) {
      if (pages >= IMPACT_MAX_PAGES) throw new PullError(`impact : plus de ${IMPACT_MAX_PAGES} pages`);
      const page = await s.request(meta, url, { headers });
      const json = await s.json<{ "@nextpageuri"?: string }>(page.fetchId, meta, page.text);
      await s.importPage(page.fetchId, meta, page.text);
      const next = typeof json["@nextpageuri"] === "string" ? json["@nextpageuri"].trim() : "";
      if (!next) {
        url = null;
      } else if (!next.startsWith("/") || next.startsWith("//")) {
        throw new PullError("impact : @nextpageuri hors de l'API, ignoré");
      } else {
        url = new URL(next, origin).toString();
      }
    }
  }
  return s.summary;
}
