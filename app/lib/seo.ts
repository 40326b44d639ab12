import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { DEFAULT_SITE_NAME } from "./site";

export interface RootSeoData {
  siteName: string;
  siteUrl: string;
}

export interface SeoInput {
  title: string;
  description: string;
  /** path of the canonical URL, e.g. "/marques" */
  path: string;
  image?: string;
  type?: "website" | "article";
  jsonLd?: Record<string, unknown> | Array<Record<string, unknown>>;
  noIndex?: boolean;
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** Site name and URL from the root loader, available to every route's meta. */
export function rootSeoData(matches: readonly MatchLike[] | undefined): RootSeoData {
  const root = matches?.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as Partial<RootSeoData> | undefined;
  return {
    siteName: data?.siteName ?? DEFAULT_SITE_NAME,
    siteUrl: data?.siteUrl ?? "http://localhost:3000",
  };
}

/** A link for crawlers and JSON-LD: a site path made absolute on the site's URL, an http(s) URL kept as it is. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl}`;
}

/** The one SEO helper: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function seo(input: SeoInput, matches?: readonly MatchLike[]): MetaDescriptor[] {
  const { siteName, siteUrl } = rootSeoData(matches);
  const title = input.title.includes(siteName) ? input.title : `${input.title} | ${siteName}`;
  const canonical = `${siteUrl}${input.path === "/" ? "/" : input.path.replace(/\/+$/, "")}`;
  const image = absoluteUrl(siteUrl, input.image ?? "/og-image.png");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.noIndex) tags.push({ name: "robots", content: "noindex, nofollow" });
  // one <script type="application/ld+json"> per object
  const jsonLd = Array.isArray(input.jsonLd) ? input.jsonLd : input.jsonLd ? [input.jsonLd] : [];
  for (const item of jsonLd) tags.push({ "script:ld+json": item as never });
  return tags;
}

/**
 * Tags of a page whose loader failed: a 404 reads "Page introuvable", any other error
 * "Erreur", both with a French description and never indexed.
 */
export function errorSeo({ error, location, matches }: { error?: unknown; location: { pathname: string }; matches?: readonly MatchLike[] }): MetaDescriptor[] {
  const notFound = error === undefined || (isRouteErrorResponse(error) && error.status === 404);
  return seo(
    notFound
      ? {
          title: "Page introuvable",
          description: "Cette page n'existe pas ou plus. Retrouve nos codes promo vérifiés et les bons plans du jour sur la page d'accueil.",
          path: location.pathname,
          noIndex: true,
        }
      : {
          title: "Erreur",
          description: "Une erreur s'est produite. Essaie de rafraîchir la page ou reviens plus tard.",
          path: location.pathname,
          noIndex: true,
        },
    matches,
  );
}

/** schema.org BreadcrumbList from (name, path) pairs, with absolute URLs. */
export function breadcrumbJsonLd(siteUrl: string, items: Array<{ name: string; path: string }>): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: `${siteUrl}${item.path}`,
    })),
  };
}
