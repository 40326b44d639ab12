import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/categories.$slug";
import { BrandCard } from "~/components/catalogue/brand-card";
import { DealCard } from "~/components/catalogue/deal-card";
import { PromoCodeCard } from "~/components/catalogue/promo-code-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getSessionUser } from "~/lib/auth.server";
import { breadcrumbJsonLd, rootSeoData, seo } from "~/lib/seo";
import { getCategoryPage } from "~/modules/categories/categories.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const page = await getCategoryPage(params.slug, Boolean(user));
  if (!page) throw new Response("Not Found", { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
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

      <section className="mt-10" aria-labelledby="category-codes">
        <h2 id="category-codes" className="text-2xl font-black">
          Codes promo {category.name}
        </h2>
        {codes.length === 0 ? (
          <p className="mt-4 text-neutral-600">Aucun code promo disponible</p>
        ) : (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {codes.map((c) => (
              <li key={c.id}>
                <PromoCodeCard code={c} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {deals.length > 0 ? (
        <section className="mt-10" aria-labelledby="category-deals">
          <h2 id="category-deals" className="text-2xl font-black">
            Deals {category.name}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {deals.map((d) => (
              <li key={d.id}>
                <DealCard deal={d} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
