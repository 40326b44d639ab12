import type { Route } from "./+types/api.moi";
import { getSessionUser } from "#app/lib/auth.server";
import { requestNow } from "#app/lib/clock.server";
import { MOI_MESSAGES, parseMoiQuery } from "#app/modules/members/moi.schema";
import { moiFor } from "#app/modules/members/moi.server";

/** Personal: never kept by any cache, and never answered from one for another cookie. */
const MOI_HEADERS = { "Cache-Control": "private, no-store", Vary: "Cookie" } as const;

/**
 * GET /api/moi?deals=<ids>&codes=<ids> (ADR 048): the signed-in member's own state for the ids a shared
 * page shows, fetched once the page is hydrated; a visitor's answer holds nobody's data.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseMoiQuery(new URL(request.url).searchParams);
  if (!query) return Response.json({ message: MOI_MESSAGES.invalid }, { status: 400, headers: MOI_HEADERS });
  const user = await getSessionUser(request);
  return Response.json(await moiFor(user, query, requestNow(request)), { headers: MOI_HEADERS });
}
