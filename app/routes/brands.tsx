import type { Route } from "./+types/brands";
import { requestNow } from "~/lib/clock.server";
import { BrandCard } from "~/components/catalogue/brand-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { seo } from "~/lib/seo";
import { listBrands } from "~/modules/brands/brands.server";
import { getSetting } from "~/modules/settings/settings.server";

export async function loader({ request }: Route.LoaderArgs) {
  const [brands, launched] = await Promise.all([listBrands({ now: requestNow(request) }), getSetting("cashback_launched")]);
  return { brands, launched };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(
    {
      title: "Nos marques partenaires",
      description: `${data ? `${data.brands.length} marques` : "Nos marques"} beauté, mode et sport partenaires : codes promo, deals et ${data?.launched ? "cashback" : "bientôt du cashback"}.`,
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
      {loaderData.launched ? null : (
        <p className="mt-6 rounded-2xl bg-amber-50 p-4 text-center font-semibold text-amber-900" role="note">
          Cashback bientôt disponible
        </p>
      )}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Marques">
        {loaderData.brands.map((b, i) => (
          <li key={b.id}>
            <BrandCard brand={b} eager={i < 6} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
