import { getEnv } from "#app/lib/env.server";
import { requestNow } from "#app/lib/clock.server";
import { renderSitemap, sitemapEntries } from "#app/modules/seo/sitemap.server";

export async function loader({ request }: { request: Request }) {
  const env = getEnv();
  const xml = renderSitemap(env.SITE_URL, await sitemapEntries(env.SITE_NAME, requestNow(request)));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
