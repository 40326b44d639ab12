import { data, redirect } from "react-router";
import { requestNow } from "#app/lib/clock.server";
import { isInSchedule } from "#app/modules/schedule/schedule";
import { forwardLoaderCacheControl } from "#app/lib/cache-control";
import type { Route } from "./+types/page.$slug";
import { ConceptPage } from "#app/components/concept-page";
import { ContentBlocks } from "#app/components/content-blocks";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { PageArticle } from "#app/components/page-article";
import { getSessionUser } from "#app/lib/auth.server";
import { getEnv } from "#app/lib/env.server";
import { can } from "#app/lib/permissions";
import { errorSeo, seo } from "#app/lib/seo";
import { conceptPath } from "#app/lib/site";
import { PAGE_DRAFT_NOTICE } from "#app/modules/content/pages";
import { listDisplayedBlocks } from "#app/modules/content/page-blocks.server";
import { getViewablePage } from "#app/modules/content/pages.server";
import { currentSlug } from "#app/modules/slug-redirects/slug-redirects.server";
import { hostingPhrase } from "#app/modules/legal/identity";
import { getSetting } from "#app/modules/settings/settings.server";

/**
 * /pourquoi-{product} (concept page), else an admin page at /{slug}: published
 * pages for everyone; a draft is 404 except for those who manage the pages
 * ("catalogue": editors and admins), who see it marked as a draft, never
 * indexed and never stored by any cache. A page's old slug answers 301 to its
 * current slug.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { SITE_NAME } = getEnv();
  if (`/${params.slug}` === conceptPath(SITE_NAME)) {
    const [hosting, blocks, launched] = await Promise.all([getSetting("legal_hosting_region"), listDisplayedBlocks(params.slug), getSetting("cashback_launched")]);
    return { kind: "concept" as const, siteName: SITE_NAME, hosting: hostingPhrase(hosting), blocks, launched };
  }
  const user = await getSessionUser(request);
  const now = requestNow(request);
  const page = await getViewablePage(params.slug, { isAdmin: user ? can(user.role, "catalogue") : false }, now);
  if (!page) {
    // a renamed page: its old slug answers 301 to the current one
    const moved = await currentSlug("page", params.slug);
    if (moved) throw redirect(`/${moved}`, 301);
    throw new Response("Not Found", { status: 404 });
  }
  // outside its schedule (ADR 030) only its editors see it, marked like a draft
  const draft = !page.published || !isInSchedule(page, now);
  const blocks = await listDisplayedBlocks(page.slug);
  return data(
    {
      kind: "page" as const,
      title: page.title,
      content: page.content,
      metaDescription: page.metaDescription,
      updatedAt: page.updatedAt.toISOString(),
      draft,
      blocks,
    },
    draft ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

/** The loader's Cache-Control (a draft's "private, no-store") reaches the response. */
export const headers: Route.HeadersFunction = forwardLoaderCacheControl;

export const meta: Route.MetaFunction = ({ data, matches, params, error, location }) => {
  if (!data) return errorSeo({ error, location, matches });
  if (data.kind === "concept") {
    return seo(
      {
        title: `Pourquoi ${data.siteName} ?`,
        description: `Le concept ${data.siteName} : des codes promo vérifiés, des deals du jour et ${data.launched ? "du cashback" : "le cashback à venir"} sur tes marques beauté, mode et sport.`,
        path: `/${params.slug}`,
      },
      matches,
    );
  }
  return seo(
    { title: data.title, description: data.metaDescription ?? data.title, path: `/${params.slug}`, noIndex: data.draft },
    matches,
  );
};

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "concept") return <ConceptPage siteName={loaderData.siteName} hosting={loaderData.hosting} blocks={loaderData.blocks} launched={loaderData.launched} />;
  return (
    <>
      {loaderData.draft ? (
        <p role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm font-semibold text-amber-900">
          {PAGE_DRAFT_NOTICE}
        </p>
      ) : null}
      <PageArticle title={loaderData.title} html={loaderData.content} />
      <ContentBlocks blocks={loaderData.blocks} className="mx-auto mb-12 max-w-3xl px-4" />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
