import { Link } from "react-router";
import type { Route } from "./+types/pourquoi";
import { Button } from "#app/components/ui/button";
import { seo } from "#app/lib/seo";
import { useRootData } from "#app/root";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    {
      title: "On ne naît pas crevarde",
      description: "Notre manifeste : payer le juste prix, partager les bons plans et ne plus jamais culpabiliser.",
      path: "/pourquoi",
    },
    matches,
  );

const missions = (cashbackLaunched: boolean) => [
  {
    title: "Dénicher le juste prix",
    text: "On compare, on vérifie les codes et on chasse les promos pour que tu ne paies jamais plein pot tes produits préférés.",
  },
  {
    title: "Partager sans filtre",
    text: "Un deal douteux ? On te le dit. Un dupe bluffant ? On te le montre. Notre avis reste libre, même avec les marchands qui nous versent une commission.",
  },
  {
    title: "Te rendre ton argent",
    text: cashbackLaunched
      ? "Avec le cashback, une partie de tes achats chez nos marques partenaires te revient. Dès 10€ cumulés, c'est viré sur ton compte."
      : "Le cashback arrive : une partie de tes achats chez nos marques partenaires te reviendra, virée sur ton compte dès 10€ cumulés.",
  },
];

export default function Manifesto() {
  const root = useRootData();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-center text-4xl font-black tracking-tight sm:text-5xl">On ne naît pas crevarde</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-neutral-600">
        On le devient, un code promo après l'autre. Être crevarde, c'est refuser de payer trop cher sans renoncer à ce qu'on
        aime.
      </p>
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {missions(Boolean(root?.cashbackLaunched)).map((m, i) => (
          <li key={m.title} className="rounded-2xl bg-brand-50 p-6">
            <span className="text-3xl font-black text-brand-600" aria-hidden="true">
              {i + 1}
            </span>
            <h2 className="mt-2 text-lg font-bold">{m.title}</h2>
            <p className="mt-2 text-neutral-700">{m.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-12 text-center">
        <Button asChild size="lg">
          <Link to="/">Découvrir les deals</Link>
        </Button>
      </div>
    </div>
  );
}
