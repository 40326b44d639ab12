import type { Route } from "./+types/search.suggestions";
import { requestNow } from "#app/lib/clock.server";
import { normalizeQuery } from "#app/modules/search/search.schema";
import { suggest } from "#app/modules/search/site-search.server";

/** GET /recherche/suggestions?q=: the header combobox's suggestions, as JSON (issue #14). */
export async function loader({ request }: Route.LoaderArgs) {
  const q = normalizeQuery(new URL(request.url).searchParams.get("q"));
  const suggestions = await suggest(q, requestNow(request));
  return Response.json(
    { suggestions },
    { headers: { "Cache-Control": "public, max-age=60", "X-Robots-Tag": "noindex" } },
  );
}
