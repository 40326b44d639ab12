import { Link } from "react-router";
import { formatParis } from "#app/modules/settings/paris-time";
import type { Route } from "./+types/blog";
import { ContentBlocks } from "#app/components/content-blocks";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Badge } from "#app/components/ui/badge";
import { requestNow } from "#app/lib/clock.server";
import { seo } from "#app/lib/seo";
import { byline } from "#app/modules/blog/byline";
import { listArticles } from "#app/modules/blog/blog.server";
import { listDisplayedBlocks } from "#app/modules/content/page-blocks.server";

export async function loader({ request }: Route.LoaderArgs) {
  const [articles, blocks] = await Promise.all([listArticles(requestNow(request)), listDisplayedBlocks("blog")]);
  return {
    articles: articles.map((a) => ({ ...a, date: formatParis(a.publishedAt, "d MMMM yyyy"), publishedAt: a.publishedAt.toISOString() })),
    blocks,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Le Mag : conseils beauté et bons plans", description: "Décryptages, dupes, routines et conseils pour payer ta beauté moins cher.", path: "/blog" }, matches);

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-black">Le Blog</h1>
      <p className="mt-2 text-neutral-600">Nos décryptages, bons plans et conseils pour économiser sans renoncer à rien.</p>
      <ContentBlocks blocks={loaderData.blocks} className="mt-8" />
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.articles.map((a, i) => (
          <li key={a.id}>
            <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white">
              <img
                src={a.imageUrl}
                alt=""
                width={800}
                height={420}
                loading={i < 3 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
                className="aspect-[40/21] w-full object-cover"
              />
              <div className="flex flex-1 flex-col gap-2 p-5">
                <p className="flex items-center gap-2 text-xs text-neutral-500">
                  <Badge>{a.category}</Badge>
                  <time dateTime={a.publishedAt}>{a.date}</time>
                </p>
                <h2 className="text-lg font-bold leading-snug">
                  <Link to={`/blog/${a.id}`} className="hover:underline">
                    {a.title}
                  </Link>
                </h2>
                <p className="text-sm text-neutral-600">{a.excerpt}</p>
                <p className="mt-auto text-xs text-neutral-500">{byline(a.author)}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-neutral-500">Plus d'articles bientôt...</p>
      <p className="mt-4 flex justify-center gap-6 text-sm">
        <Link to="/categories" className="font-semibold text-brand-700 hover:underline">
          Toutes les catégories
        </Link>
        <Link to="/marques" className="font-semibold text-brand-700 hover:underline">
          Nos marques partenaires
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
