import type { Route } from "./+types/api.extension.marchands";
import { requestNow } from "#app/lib/clock.server";
import { listExtensionShops, matchesEtag, shopListEtag } from "#app/modules/extension/extension-shops.server";

/** Public and the same for everyone: any cache may keep it a few minutes, then asks again with If-None-Match. */
const SHOP_LIST_HEADERS = { "Cache-Control": "public, max-age=300", "Content-Type": "application/json; charset=utf-8" } as const;

/**
 * GET /api/extension/marchands (issue #40 item 2, ADR 050): the partner shops the browser extension
 * matches locally, with an ETag; a copy the client already holds is answered 304.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const body = JSON.stringify(await listExtensionShops(requestNow(request)));
  const etag = shopListEtag(body);
  if (matchesEtag(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": SHOP_LIST_HEADERS["Cache-Control"] } });
  }
  return new Response(body, { headers: { ...SHOP_LIST_HEADERS, ETag: etag } });
}
