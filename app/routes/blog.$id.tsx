import { ArrowLeft } from "lucide-react";
import { formatParis } from "#app/modules/settings/paris-time";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/blog.$id";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Badge } from "#app/components/ui/badge";
import { getSessionUser } from "#app/lib/auth.server";
import { forwardLoaderCacheControl } from "#app/lib/cache-control";
import { requestNow } from "#app/lib/clock.server";
import { getEnv } from "#app/lib/env.server";
import { can } from "#app/lib/permissions";
import { absoluteUrl, errorSeo, seo } from "#app/lib/seo";
import { ARTICLE_PREVIEW_NOTICE } from "#app/modules/blog/blog";
import { byline } from "#app/modules/blog/byline";
import { getViewableArticle } from "#app/modules/blog/blog.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { currentSlug } from "#app/modules/slug-redirects/slug-redirects.server";

/**
 * A published article inside its window (ADR 030) for everyone; a draft or a
 * scheduled article is a 404, except for the blog's editors ("catalogue"), for
 * whom this page is the preview: marked, never indexed, never stored by a
 * cache. An article's old slug answers 301 to its current one.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const [launched, now] = [await getSetting("cashback_launched"), requestNow(request)];
  // a published article is the same page for everyone (ADR 048): the session is read only for an editor's preview
  let article = await getViewableArticle(params.id, { isStaff: false }, launched, now);
  if (!article) {
    const user = await getSessionUser(request);
    if (user && can(user.role, "catalogue")) article = await getViewableArticle(params.id, { isStaff: true }, launched, now);
  }
  if (!article) {
    const moved = await currentSlug("blog", params.id);
    if (moved) throw redirect(`/blog/${moved}`, 301);
    throw new Response("Not Found", { status: 404 });
  }
  const { SITE_URL, SITE_NAME } = getEnv();
  return data(
    {
      article: {
        ...article,
        publishedAt: article.publishedAt.toISOString(),
        date: formatParis(article.publishedAt, "d MMMM yyyy"),
      },
      siteUrl: SITE_URL,
      siteName: SITE_NAME,
    },
    article.draft ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

/** The loader's Cache-Control (a preview's "private, no-store") reaches the response. */
export const headers: Route.HeadersFunction = forwardLoaderCacheControl;

export const meta: Route.MetaFunction = ({ data, matches, error, location }) =>
  data
    ? seo(
        {
          title: data.article.seoTitle ?? data.article.title,
          description: data.article.seoDescription ?? data.article.excerpt,
          path: `/blog/${data.article.id}`,
          noIndex: data.article.draft,
          image: data.article.imageUrl,
          type: "article",
          jsonLd: {
            "@context": "https://schema.org",
            "@type": "Article",
            headline: data.article.title,
            datePublished: data.article.publishedAt,
            author: { "@type": "Person", name: data.article.author },
            publisher: { "@type": "Organization", name: data.siteName },
            image: absoluteUrl(data.siteUrl, data.article.imageUrl),
            inLanguage: "fr-FR",
          },
        },
        matches,
      )
    : errorSeo({ error, location, matches });

export default function Article({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <>
      {article.draft ? (
        <p role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-sm font-semibold text-amber-900">
          {ARTICLE_PREVIEW_NOTICE}
        </p>
      ) : null}
      <article className="mx-auto max-w-3xl px-4 py-10">
        <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" /> Retour au blog
        </Link>
        <p className="mt-6 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-500">
          <Badge>{article.category}</Badge>
          <time dateTime={article.publishedAt}>{article.date}</time>
          <span>· {byline(article.author)}</span>
        </p>
        <h1 className="mt-3 text-3xl font-black leading-tight sm:text-4xl">{article.title}</h1>
        <img src={article.imageUrl} alt="" width={800} height={420} className="mt-6 aspect-[40/21] w-full rounded-2xl object-cover" />
        <p className="mt-6 text-lg font-medium text-neutral-700">{article.excerpt}</p>
        <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: article.body }} />
      </article>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
