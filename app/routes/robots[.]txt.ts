import { getEnv } from "#app/lib/env.server";
import { renderRobots } from "#app/modules/seo/sitemap.server";

export function loader() {
  return new Response(renderRobots(getEnv().SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
