import { ArrowLeft } from "lucide-react";
import { requestNow } from "#app/lib/clock.server";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/categories.$slug";
import { BrandCard } from "#app/components/catalogue/brand-card";
import { DealsSection, PromoCodesSection } from "#app/components/catalogue/listing-sections";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { breadcrumbJsonLd, errorSeo, rootSeoData, seo } from "#app/lib/seo";
import { getCategoryPage } from "#app/modules/categories/categories.server";
import { currentSlug } from "#app/modules/slug-redirects/slug-redirects.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  // a shared page (ADR 048): the same for everyone; a member's codes, links and answers come from /api/moi
  const page = await getCategoryPage(params.slug, null, requestNow(request));
  if (!page) {
    // a renamed category: its old slug answers 301 to the current one
    const moved = await currentSlug("category", params.slug);
    if (moved) throw redirect(`/categories/${moved}`, 301);
    throw new Response("Not Found", { status: 404 });
  }
  return page;
}

export const meta: Route.MetaFunction = ({ data, matches, error, location }) => {
  if (!data) return errorSeo({ error, location, matches });
  const { name, slug, description } = data.category;
  const path = `/categories/${slug}`;
  return seo(
    {
      title: `${name} : marques, codes promo et deals`,
      description: description ?? `Les marques, codes promo et deals ${name} repérés pour toi.`,
      path,
      image: data.category.imageUrl ?? undefined,
      jsonLd: breadcrumbJsonLd(rootSeoData(matches).siteUrl, [
        { name: "Accueil", path: "/" },
        { name: "Catégories", path: "/categories" },
        { name, path },
      ]),
    },
    matches,
  );
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, brands, codes, deals } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/categories" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Toutes les catégories
      </Link>
      <h1 className="mt-4 text-4xl font-black">{category.name}</h1>
      {category.description ? <p className="mt-2 max-w-3xl text-lg text-neutral-700">{category.description}</p> : null}

      <section className="mt-10" aria-labelledby="category-brands">
        <h2 id="category-brands" className="text-2xl font-black">
          Marques {category.name}
        </h2>
        {brands.length === 0 ? (
          <p className="mt-4 text-neutral-600">Aucune marque dans cette catégorie pour le moment.</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={`Marques ${category.name}`}>
            {brands.map((b, i) => (
              <li key={b.id}>
                <BrandCard brand={b} eager={i < 3} heading="h3" />
              </li>
            ))}
          </ul>
        )}
      </section>

      <PromoCodesSection id="category-codes" title={`Codes promo ${category.name}`} codes={codes} />

      <DealsSection id="category-deals" title={`Deals ${category.name}`} deals={deals} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
