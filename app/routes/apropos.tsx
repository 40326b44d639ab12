import { Link } from "react-router";
import type { Route } from "./+types/apropos";
import { ContentBlocks } from "#app/components/content-blocks";
import { Button } from "#app/components/ui/button";
import { seo } from "#app/lib/seo";
import { EARNINGS_PATH } from "#app/modules/content/earnings";
import { listDisplayedBlocks } from "#app/modules/content/page-blocks.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { useRootData } from "#app/root";

/** The "about" content blocks of the content manager are shown here, with the contact address of the mentions légales. */
export async function loader() {
  const [contactEmail, blocks] = await Promise.all([getSetting("legal_email"), listDisplayedBlocks("about")]);
  // the contact address of the mentions légales (a site setting), never a second, hard-coded one
  return { contactEmail: contactEmail.trim() || null, blocks };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "À propos", description: "Qui sommes-nous ? Une petite équipe qui chasse les bons plans et refuse de payer le prix fort.", path: "/apropos" }, matches);

export default function About({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const siteName = root?.siteName ?? "Crevarde";
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-black">À propos de {siteName}</h1>
      <div className="prose-content mt-6">
        <p>
          {siteName} est né d'un constat simple : la beauté coûte cher, et les bons plans sont éparpillés partout. Nous sommes
          une petite équipe française passionnée de cosmétiques, de mode et de sport, qui passe ses journées à
          dénicher les vrais bons prix.
        </p>
        <p>
          Nos codes promo sont vérifiés régulièrement, chaque Coup de Crevarde est accompagné d'un avis honnête, et notre blog
          décrypte ce qui se cache derrière les prix.{" "}
          {root?.cashbackLaunched
            ? "Et avec le cashback, tu récupères une partie de tes achats chez nos marques partenaires."
            : "Le cashback, qui te fera récupérer une partie de tes achats chez nos marques partenaires, n'est pas encore ouvert."}
        </p>
        <p>
          Le site est gratuit pour toi : il est financé par les commissions que nous versent certains marchands quand tu achètes
          via nos liens affiliés, sans surcoût pour toi et sans effet sur l'ordre des bons plans.{" "}
          <Link to={EARNINGS_PATH}>Comment nous gagnons de l'argent</Link>.
        </p>
        <p>
          Une question, une idée de partenariat ?{" "}
          {loaderData.contactEmail ? (
            <>
              Écris-nous à <a href={`mailto:${loaderData.contactEmail}`}>{loaderData.contactEmail}</a>.
            </>
          ) : (
            <>
              Nos coordonnées sont dans les <Link to="/legal/mentions-legales">mentions légales</Link>.
            </>
          )}
        </p>
      </div>
      <ContentBlocks blocks={loaderData.blocks} className="mt-8" />
      <Button asChild className="mt-8">
        <Link to="/pourquoi">Lire notre manifeste</Link>
      </Button>
    </div>
  );
}
