import { data, redirect } from "react-router";
import type { Route } from "./+types/cashback.activate";
import { getSessionUser } from "#app/lib/auth.server";
import { NO_STORE_HEADERS } from "#app/lib/cache-control";
import { requestNow } from "#app/lib/clock.server";
import { clientIp, hitRateLimit } from "#app/lib/rate-limit.server";
import { signInHref } from "#app/lib/safe-redirect.server";
import { activationSearch, activeProgramBrand, PROGRAM_GONE, CLICK_SESSION_LIMIT, CLICK_SESSION_LIMIT_MESSAGE, ClickOutError, startClickSession } from "#app/modules/cashback/click-out.server";
import { asUuid } from "#app/modules/tracking/tracking.server";


/**
 * "Activer le cashback" (issue #12 item 2): a member's click records a click
 * session and answers 302 straight to the network's tracking URL; a visitor is
 * sent to sign in and comes back, through /cashback/activer/:programId/suite, to this very
 * activation, which then sends them on (issue #34 item 2: one more step, never a dead end).
 * Plain GET: works without JS.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const programId = asUuid(params.programId);
  if (!programId) throw data("Ce programme de cashback n'existe pas.", { status: 404, headers: NO_STORE_HEADERS });
  const rawDeal = url.searchParams.get("deal");
  const rawCode = url.searchParams.get("code");
  const dealId = rawDeal === null ? null : asUuid(rawDeal);
  const promoCodeId = rawCode === null ? null : asUuid(rawCode);
  if ((rawDeal !== null && !dealId) || (rawCode !== null && !promoCodeId) || (dealId && promoCodeId)) {
    throw data("Ce lien d'activation n'est pas valide.", { status: 400, headers: NO_STORE_HEADERS });
  }

  const user = await getSessionUser(request);
  if (!user) {
    if (!(await activeProgramBrand(programId))) throw data(PROGRAM_GONE, { status: 404, headers: NO_STORE_HEADERS });
    // back through a page of ours (cashback.activate.continue.tsx), not straight here: the sign-in form's answer
    // would otherwise chain redirects to the network's host, which the CSP's form-action refuses without JavaScript
    throw redirect(signInHref(`${url.pathname}/suite${activationSearch(url)}`), { headers: NO_STORE_HEADERS });
  }

  const limit = await hitRateLimit(CLICK_SESSION_LIMIT, user.id);
  if (!limit.allowed) {
    throw data(CLICK_SESSION_LIMIT_MESSAGE, { status: 429, headers: { ...NO_STORE_HEADERS, "Retry-After": String(limit.retryAfter) } });
  }
  try {
    const click = await startClickSession({
      userId: user.id,
      programId,
      dealId,
      promoCodeId,
      sourcePath: sameSiteReferrerPath(request),
      ip: clientIp(context),
      userAgent: request.headers.get("user-agent"),
      now: requestNow(request),
    });
    throw redirect(click.url, { headers: { ...NO_STORE_HEADERS, "Referrer-Policy": "no-referrer" } });
  } catch (error) {
    if (error instanceof ClickOutError) throw data(error.messageFr, { status: error.status, headers: NO_STORE_HEADERS });
    throw error;
  }
}

/** The page the member clicked from, when it is one of ours (path only). */
function sameSiteReferrerPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const from = new URL(referer);
    return from.origin === new URL(request.url).origin ? from.pathname : null;
  } catch {
    return null;
  }
}
