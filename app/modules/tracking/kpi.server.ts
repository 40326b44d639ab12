import type { SessionUser } from "#app/lib/auth.server";
import { shouldRecordClick } from "./click-limits.server";
import { validateDestination } from "./destination";
import { allowedHosts, publishedMemberDealHost, recordEventInBackground, visitorHash } from "./tracking.server";

/** What /kpi answers: home (no destination), a refusal, a 302, or the spinner page (`js=1`). */
export type KpiAnswer =
  | { kind: "home" }
  | { kind: "refused" }
  | { kind: "redirect"; destination: string }
  | { kind: "page"; destination: string; host: string; action: string; label: string | null };

export interface KpiVisitor {
  ip: string;
  userAgent: string | null;
  /** read only when the click is recorded (most requests are repeats or bots) */
  sessionUser: () => Promise<Pick<SessionUser, "id"> | null>;
}

/** A published member deal's own link, when `deal=` names that deal and the destination is on its host. */
async function memberDealDestination(raw: string, dealId: string | null): Promise<string | null> {
  const host = await publishedMemberDealHost(dealId);
  return host ? validateDestination(raw, new Set([host])) : null;
}

/** `js=1` asks for the spinner page that fires the data-layer events before leaving. */
export const wantsKpiPage = (params: URLSearchParams) => params.get("js") === "1";

/**
 * A tracked click-out. No destination: home. A destination outside the allow-list:
 * refused, nothing recorded. Otherwise the click is recorded in the background (bots,
 * repeats within a minute and floods from one IP are not) and the visitor leaves.
 * Shared by the route's loader and the server's redirect path (`server/app.ts`), which
 * answers the plain redirect without rendering the document.
 */
export async function answerKpi(url: URL, visitor: KpiVisitor): Promise<KpiAnswer> {
  const params = url.searchParams;
  const raw = params.get("destination");
  if (!raw) return { kind: "home" };
  const destination = validateDestination(raw, await allowedHosts()) ?? (await memberDealDestination(raw, params.get("deal")));
  if (!destination) return { kind: "refused" };
  const action = params.get("action")?.slice(0, 100) || "click";
  const label = params.get("label")?.slice(0, 200) || null;
  const visitorId = visitorHash(visitor.ip, visitor.userAgent ?? "");
  const host = new URL(destination).hostname;
  if (shouldRecordClick({ ip: visitor.ip, userAgent: visitor.userAgent, visitorHash: visitorId, destination })) {
    const user = await visitor.sessionUser();
    recordEventInBackground({
      event: "click_out",
      path: "/kpi",
      action,
      label,
      destinationHost: host,
      dealId: params.get("deal"),
      promoCodeId: params.get("code"),
      brandId: params.get("brand"),
      userId: user?.id ?? null,
      visitorHash: visitorId,
    });
  }
  if (!wantsKpiPage(params)) return { kind: "redirect", destination };
  return { kind: "page", destination, host, action, label };
}

/** Headers of the 302: never stored, and the partner learns only our origin. */
export const KPI_REDIRECT_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "origin" } as const;

/**
 * What the server bundle's entry exports for the server's /kpi redirect path: the
 * server (`server/*`) and the app bundle load modules separately, and going through
 * the bundle keeps one copy of the click counters and the allowed hosts' cache.
 */
export interface KpiEntry {
  answerKpi: typeof answerKpi;
  wantsKpiPage: typeof wantsKpiPage;
  kpiRedirectHeaders: typeof KPI_REDIRECT_HEADERS;
  sessionUserOf: (headers: Headers) => Promise<Pick<SessionUser, "id"> | null>;
}
