import { BadgePercent, PiggyBank, ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { ContentBlocks } from "~/components/content-blocks";
import { Button } from "~/components/ui/button";
import type { DisplayedBlock } from "~/modules/content/page-blocks";

const POINTS = [
  {
    icon: BadgePercent,
    title: "Des codes promo qui marchent",
    text: "On teste et on date chaque code. Fini les codes expirés qui te font perdre dix minutes au moment de payer.",
  },
  {
    icon: Sparkles,
    title: "Le Coup de Crevarde du jour",
    text: "Chaque jour, des deals repérés sur les marketplaces, avec notre avis honnête : prix cassé, qualité à risque ou pur plaisir.",
  },
  {
    icon: PiggyBank,
    title: "Du cashback, bientôt",
    text: "Sur nos marques partenaires, une partie de ton achat te revient. Versé dès 10€ cumulés, directement sur ton compte bancaire.",
  },
  {
    icon: ShieldCheck,
    title: "Zéro spam, zéro revente",
    text: "Tes données restent chez nous, hébergées en France, et tu te désinscris en un clic.",
  },
];

export function ConceptPage({ siteName, blocks = [] }: { siteName: string; blocks?: DisplayedBlock[] }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">Le concept</p>
        <h1 className="mt-2 text-4xl font-black tracking-tight sm:text-5xl">Pourquoi {siteName} ?</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-neutral-600">
          Parce que se faire plaisir et faire attention à son budget, ce n'est pas contradictoire. {siteName}, c'est le
          club des acheteuses malignes qui ne paient jamais le prix fort.
        </p>
      </header>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {POINTS.map((p) => (
          <li key={p.title} className="rounded-2xl border border-neutral-200 p-6">
            <p.icon className="size-8 text-brand-600" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-bold">{p.title}</h2>
            <p className="mt-2 text-neutral-600">{p.text}</p>
          </li>
        ))}
      </ul>
      <ContentBlocks blocks={blocks} className="mx-auto mt-12 max-w-3xl" />
      <div className="mt-12 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/auth?tab=signup">Deviens une crevarde</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/coup-de-crevarde">Voir les deals du jour</Link>
        </Button>
      </div>
    </div>
  );
}
