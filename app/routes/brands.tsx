import { Link } from "react-router";
import type { Route } from "./+types/brands";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { listBrands } from "~/modules/brands/brands.server";

export async function loader() {
  return { brands: await listBrands() };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(
    {
      title: "Nos marques partenaires",
      description: "29 marques beauté, mode et sport partenaires : codes promo, deals et bientôt du cashback jusqu'à 15%.",
      path: "/marques",
      jsonLd: data
        ? {
            "@context": "https://schema.org",
            "@type": "ItemList",
            itemListElement: data.brands.map((b, i) => ({ "@type": "ListItem", position: i + 1, url: `/marques/${b.slug}`, name: b.name })),
          }
        : undefined,
    },
    matches,
  );

export default function Brands({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-black">Nos marques partenaires</h1>
      <p className="mt-2 text-neutral-600">Beauté d'abord, mode et sport ensuite : {loaderData.brands.length} marques pour économiser.</p>
      <p className="mt-6 rounded-2xl bg-amber-50 p-4 text-center font-semibold text-amber-900" role="note">
        Cashback bientôt disponible
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Marques">
        {loaderData.brands.map((b, i) => (
          <li key={b.id} className="flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white">
            <div className="relative flex items-center gap-4 p-5">
              {b.imageUrl ? (
                <img src={b.imageUrl} alt="" width={64} height={64} loading={i < 6 ? "eager" : "lazy"} className="size-16 rounded-2xl object-cover" />
              ) : null}
              <div className="min-w-0">
                <Badge variant="success">CASHBACK (bientôt)</Badge>
                <h2 className="mt-1 truncate text-lg font-bold">
                  <Link to={`/marques/${b.slug}`} className="hover:underline">
                    {b.name}
                  </Link>
                </h2>
                <p className="text-sm text-neutral-500">{b.category}</p>
              </div>
            </div>
            <p className="px-5 text-sm text-neutral-700">{b.description}</p>
            <div className="mt-auto flex items-center justify-between gap-2 p-5">
              <div className="text-sm">
                <p className="font-bold text-brand-700">Jusqu'à -{b.maxDiscountPercent}%</p>
                <p className="text-neutral-500">
                  {b.activeDeals} {b.activeDeals > 1 ? "deals actifs" : "deal actif"}
                </p>
              </div>
              <Button size="sm" disabled>
                Voir les deals
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
