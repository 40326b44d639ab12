import type { Route } from "./+types/page.$slug";
import { ConceptPage } from "~/components/concept-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageArticle } from "~/components/page-article";
import { getEnv } from "~/lib/env.server";
import { seo } from "~/lib/seo";
import { conceptPath } from "~/lib/site";
import { getPublishedPage } from "~/modules/content/pages.server";

/** /pourquoi-{product} (concept page), else a published admin page at /{slug}. */
export async function loader({ params }: Route.LoaderArgs) {
  const { SITE_NAME } = getEnv();
  if (`/${params.slug}` === conceptPath(SITE_NAME)) {
    return { kind: "concept" as const, siteName: SITE_NAME };
  }
  const page = await getPublishedPage(params.slug);
  if (!page) throw new Response("Not Found", { status: 404 });
  return {
    kind: "page" as const,
    title: page.title,
    content: page.content,
    metaDescription: page.metaDescription,
    updatedAt: page.updatedAt.toISOString(),
  };
}

export const meta: Route.MetaFunction = ({ data, matches, params }) => {
  if (!data) return [];
  if (data.kind === "concept") {
    return seo(
      {
        title: `Pourquoi ${data.siteName} ?`,
        description: `Le concept ${data.siteName} : des codes promo vérifiés, des deals du jour et bientôt du cashback sur tes marques beauté, mode et sport.`,
        path: `/${params.slug}`,
      },
      matches,
    );
  }
  return seo(
    { title: data.title, description: data.metaDescription ?? data.title, path: `/${params.slug}` },
    matches,
  );
};

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "concept") return <ConceptPage siteName={loaderData.siteName} />;
  return <PageArticle title={loaderData.title} html={loaderData.content} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
