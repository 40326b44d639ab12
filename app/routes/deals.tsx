import { Link } from "react-router";
import type { Route } from "./+types/deals";
import { Button } from "#app/components/ui/button";
import { seo } from "#app/lib/seo";
import { getSetting } from "#app/modules/settings/settings.server";

/**
 * /deals (the spec: a disabled button « coming soon »; ADR 006). Written for both states of
 * `cashback_launched` (issue #34 item 4): before the launch, the spec's disabled button; once launched,
 * no « bientôt »: the page sends the shopper to the brands, where cashback is activated.
 */
export async function loader() {
  return { launched: await getSetting("cashback_launched") };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo(
    {
      title: "Deals cashback",
      description: data?.launched
        ? "Le cashback est ouvert : active-le sur la page de ta marque partenaire avant de commander."
        : "Les deals cashback arrivent bientôt.",
      path: "/deals",
    },
    matches,
  );

export default function DealsSoon({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-4xl font-black">Les deals cashback</h1>
      {loaderData.launched ? (
        <>
          <p className="mt-4 text-neutral-600">
            Le cashback est ouvert sur nos marques partenaires : choisis ta marque, active le cashback sur sa page, puis commande comme
            d'habitude.
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/marques">Voir les marques partenaires</Link>
          </Button>
        </>
      ) : (
        <>
          <p className="mt-4 text-neutral-600">
            Bientôt, tu pourras activer ton cashback sur les offres de nos marques partenaires directement depuis cette page.
          </p>
          <Button size="lg" className="mt-8" disabled>
            Bientôt disponible
          </Button>
        </>
      )}
      <p className="mt-6">
        <Link to="/coup-de-crevarde" className="font-semibold text-brand-700 hover:underline">
          {loaderData.launched ? "Et découvre les Coups de Crevarde du jour" : "En attendant, découvre les Coups de Crevarde du jour"}
        </Link>
      </p>
    </div>
  );
}
