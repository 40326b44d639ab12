import { Link } from "react-router";
import type { Route } from "./+types/deals-soon";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Deals cashback", description: "Les deals cashback arrivent bientôt.", path: "/deals" }, matches);

export default function DealsSoon() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-4xl font-black">Les deals cashback</h1>
      <p className="mt-4 text-neutral-600">
        Bientôt, tu pourras activer ton cashback sur les offres de nos marques partenaires directement depuis cette page.
      </p>
      <Button size="lg" className="mt-8" disabled>
        Bientôt disponible
      </Button>
      <p className="mt-6">
        <Link to="/coup-de-crevarde" className="font-semibold text-brand-700 hover:underline">
          En attendant, découvre les Coups de Crevarde du jour
        </Link>
      </p>
    </div>
  );
}
