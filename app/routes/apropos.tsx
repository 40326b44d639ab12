import { Link } from "react-router";
import type { Route } from "./+types/apropos";
import { ContentBlocks } from "~/components/content-blocks";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { listDisplayedBlocks } from "~/modules/content/page-blocks.server";
import { useRootData } from "~/root";

/** The "about" content blocks of the content manager are shown here. */
export async function loader() {
  return { blocks: await listDisplayedBlocks("about") };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "À propos", description: "Qui sommes-nous ? Une équipe de chasseuses de bons plans qui refusent de payer le prix fort.", path: "/apropos" }, matches);

export default function About({ loaderData }: Route.ComponentProps) {
  const siteName = useRootData()?.siteName ?? "Crevarde";
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-black">À propos de {siteName}</h1>
      <div className="prose-content mt-6">
        <p>
          {siteName} est né d'un constat simple : la beauté coûte cher, et les bons plans sont éparpillés partout. Nous sommes
          une petite équipe française de passionnées de cosmétiques, de mode et de sport, qui passe ses journées à
          dénicher les vrais bons prix.
        </p>
        <p>
          Chaque code promo est vérifié, chaque Coup de Crevarde est accompagné d'un avis honnête, et notre blog décrypte
          ce qui se cache derrière les prix. Bientôt, le cashback te permettra de récupérer une partie de tes achats chez nos
          marques partenaires.
        </p>
        <p>Une question, une idée de partenariat ? Écris-nous à bonjour@crevarde.fr.</p>
      </div>
      <ContentBlocks blocks={loaderData.blocks} className="mt-8" />
      <Button asChild className="mt-8">
        <Link to="/pourquoi">Lire notre manifeste</Link>
      </Button>
    </div>
  );
}
