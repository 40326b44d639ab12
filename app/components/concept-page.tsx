import { BadgePercent, PiggyBank, ShieldCheck, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { ContentBlocks } from "#app/components/content-blocks";
import { Button } from "#app/components/ui/button";
import { EARNINGS_PATH } from "#app/modules/content/earnings";
import type { DisplayedBlock } from "#app/modules/content/page-blocks";

/**
 * Every claim here agrees with the legal pages (ADR 011): codes are checked regularly but depend on
 * the merchants (CGV art. 5), cashback is described as it is (live, or to come: the `cashback_launched`
 * setting), affiliate commissions are disclosed, and the hosting location is the one of the mentions
 * légales (a site setting).
 */
const points = (hosting: string | null, launched: boolean) => [
  {
    icon: BadgePercent,
    title: "Des codes promo qui marchent",
    text: "On vérifie nos codes régulièrement et on affiche leur date de fin. Fini les codes expirés qui te font perdre dix minutes au moment de payer.",
  },
  {
    icon: Sparkles,
    title: "Le Coup de Crevarde du jour",
    text: "Chaque jour, des deals repérés sur les marketplaces, avec notre avis honnête : prix cassé, qualité à risque ou pur plaisir.",
  },
  launched
    ? {
        icon: PiggyBank,
        title: "Du cashback sur tes achats",
        text: "Sur nos marques partenaires, une partie de ton achat te revient : active le cashback sur la page de la marque avant de commander. Versé dès 10€ cumulés, directement sur ton compte bancaire.",
      }
    : {
        icon: PiggyBank,
        title: "Du cashback, bientôt",
        text: "Bientôt, sur nos marques partenaires, une partie de ton achat te reviendra. Versé dès 10€ cumulés, directement sur ton compte bancaire.",
      },
  {
    icon: ShieldCheck,
    title: "Zéro spam, zéro revente",
    text: `Tes données ne sont jamais vendues ni louées${hosting ? `, elles sont hébergées ${hosting}` : ""}, et tu te désinscris de la newsletter en un clic.`,
  },
];

export function ConceptPage({
  siteName,
  hosting,
  blocks = [],
  launched,
}: {
  siteName: string;
  hosting: string | null;
  blocks?: readonly DisplayedBlock[];
  launched: boolean;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">Le concept</p>
        <h1 className="mt-2 text-4xl font-black tracking-tight sm:text-5xl">Pourquoi {siteName} ?</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-neutral-600">
          Parce que se faire plaisir et faire attention à son budget, ce n'est pas contradictoire. {siteName}, c'est le
          club des bons plans pour ne plus jamais payer le prix fort.
        </p>
      </header>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {points(hosting, launched).map((p) => (
          <li key={p.title} className="rounded-2xl border border-neutral-200 p-6">
            <p.icon className="size-8 text-brand-600" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-bold">{p.title}</h2>
            <p className="mt-2 text-neutral-600">{p.text}</p>
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-neutral-600">
        {siteName} est gratuit : le site est financé par les commissions de certains marchands, sans surcoût pour toi.{" "}
        <Link to={EARNINGS_PATH} className="font-semibold text-brand-700 underline">
          Comment nous gagnons de l'argent
        </Link>
      </p>
      <ContentBlocks blocks={blocks} className="mx-auto mt-12 max-w-3xl" />
      <div className="mt-12 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/auth?tab=signup">Rejoins le club</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/coup-de-crevarde">Voir les deals du jour</Link>
        </Button>
      </div>
    </div>
  );
}
