import { ArrowLeft } from "lucide-react";
import { formatParis } from "~/modules/settings/paris-time";
import { Link } from "react-router";
import type { Route } from "./+types/blog.$id";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { getEnv } from "~/lib/env.server";
import { absoluteUrl, errorSeo, seo } from "~/lib/seo";
import { byline } from "~/modules/blog/byline";
import { getArticle } from "~/modules/blog/blog.server";
import { getSetting } from "~/modules/settings/settings.server";

export async function loader({ params }: Route.LoaderArgs) {
  const article = await getArticle(params.id, await getSetting("cashback_launched"));
  if (!article) throw new Response("Not Found", { status: 404 });
  const { SITE_URL, SITE_NAME } = getEnv();
  return {
    article: { ...article, publishedAt: article.publishedAt.toISOString(), date: formatParis(article.publishedAt, "d MMMM yyyy") },
    siteUrl: SITE_URL,
    siteName: SITE_NAME,
  };
}

export const meta: Route.MetaFunction = ({ data, matches, error, location }) =>
  data
    ? seo(
        {
          title: data.article.title,
          description: data.article.excerpt,
          path: `/blog/${data.article.id}`,
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
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
