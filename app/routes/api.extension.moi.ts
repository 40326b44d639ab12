import type { Route } from "./+types/api.extension.moi";
import { getSessionUser } from "#app/lib/auth.server";
import { extensionMoi } from "#app/modules/extension/extension-codes.server";

/** Personal: never kept by any cache, and never answered from one for another cookie. */
const HEADERS = { "Cache-Control": "private, no-store", Vary: "Cookie" } as const;

/** GET /api/extension/moi (issue #40 item 7, ADR 050): the popup's member and balances; a visitor's answer holds nobody's data. */
export async function loader({ request }: Route.LoaderArgs) {
  return Response.json(await extensionMoi(await getSessionUser(request)), { headers: HEADERS });
}
