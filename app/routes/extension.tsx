import { Link } from "react-router";
import type { Route } from "./+types/extension";
import { seo } from "#app/lib/seo";
import { useRootData } from "#app/root";
import { RUN_RESUME_MS } from "../../extension/kept-runs";
import { ACTIVATION_RETURN_MS, DISMISSAL_MS } from "../../extension/reminder";
import { SHOP_LIST_TTL_MS } from "../../extension/shop-list";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    {
      title: "L'extension pour ton navigateur : ce qu'elle lit et ce qu'elle envoie",
      description: "L'extension Crevarde te rappelle le cashback sur les boutiques partenaires. Ce qu'elle lit, ce qu'elle envoie, ce qu'elle ne fait jamais.",
      path: "/extension",
    },
    matches,
  );

/** « une heure », « 24 heures », « 15 minutes » */
function duration(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours === 1) return "une heure";
  return Number.isInteger(hours) ? `${hours} heures` : `${ms / 60_000} minutes`;
}

/**
 * What the browser extension reads, keeps and sends, in words for its users (issue #40 item 9,
 * ADR 050). Its durations come from the extension's own constants.
 */
export default function ExtensionPage() {
  const root = useRootData();
  const siteName = root?.siteName ?? "Crevarde";
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-black">L'extension {siteName} pour ton navigateur</h1>
      <div className="prose-content mt-6">
        <p>
          Sur une boutique partenaire, l'extension affiche un petit encadré : le taux de cashback de la boutique, le nombre de codes
          promo sur {siteName} et un bouton « Activer le cashback ». Sur la page de paiement de certaines boutiques, un bouton « Tester
          les codes » essaie pour toi les codes promo de {siteName} et garde le meilleur. Rien ne se passe sans ton clic.
        </p>
        {root?.cashbackLaunched ? null : <p>Le cashback n'est pas encore ouvert : tant qu'il ne l'est pas, l'extension n'affiche aucun encadré.</p>}

        <h2>Ce qu'elle lit</h2>
        <ul>
          <li>L'adresse de la page ouverte, pour la comparer, dans ton navigateur, à la liste des boutiques partenaires.</li>
          <li>
            Sur la page de paiement d'une boutique partenaire, et seulement après ton clic sur « Tester les codes » : le champ du code
            promo, le bouton qui l'applique, le total de la commande, le message d'erreur de la boutique et, si elle cumule les codes, le
            bouton qui en retire un, pour y saisir chaque code, lire le total obtenu et retirer le code testé avant le suivant.
          </li>
          <li>Rien d'autre de la page : ni son contenu, ni tes autres saisies, ni le détail de ton panier.</li>
        </ul>

        <h2>Ce qu'elle envoie</h2>
        <ul>
          <li>
            À {siteName}, la liste des boutiques partenaires, la même pour tout le monde, demandée sans cookie, et de nouveau au plus
            tôt après {duration(SHOP_LIST_TTL_MS)}.
          </li>
          <li>
            Après ton clic sur « Tester les codes », avec ta session {siteName} : la demande des codes de la boutique (réservés aux
            membres, comme sur le site), puis, pour chaque code, s'il a baissé le total ou si la boutique l'a refusé. Ce résultat compte
            comme ta réponse à « Ça a marché ? » sur le site. Sans session ouverte, aucun code n'est testé et rien n'est enregistré.
            Ni le montant de ta commande ni le contenu de ton panier ne sont envoyés.
          </li>
          <li>
            Quand tu ouvres sa fenêtre, avec ta session {siteName} : la demande de tes soldes « Disponible » et « En attente », et des
            codes de la boutique de l'onglet ouvert.
          </li>
          <li>Ton historique de navigation ne quitte jamais ton navigateur : la comparaison se fait sur place.</li>
          <li>
            Quand tu cliques sur « Activer le cashback », ton navigateur ouvre la page d'activation de {siteName}, avec ta session, comme
            depuis le site : sans session ouverte, le site te demande d'abord de te connecter.
          </li>
        </ul>

        <h2>Ce qu'elle garde, dans ton navigateur seulement</h2>
        <ul>
          <li>La liste des boutiques partenaires, pendant {duration(SHOP_LIST_TTL_MS)}.</li>
          <li>Les boutiques où l'encadré s'est déjà affiché : une fois par boutique, jusqu'à la fermeture du navigateur.</li>
          <li>La boutique partenaire de chaque onglet, pour que sa fenêtre te la montre, jusqu'à la fermeture du navigateur.</li>
          <li>Les encadrés que tu as fermés : pendant {duration(DISMISSAL_MS)}, il ne revient pas sur cette boutique.</li>
          <li>
            Tes clics sur « Activer le cashback », pendant {duration(ACTIVATION_RETURN_MS)}, pour te dire « Cashback activé » à ton retour
            sur la boutique.
          </li>
          <li>
            Pendant un test des codes, les codes à tester et les résultats déjà obtenus, jusqu'à {duration(RUN_RESUME_MS)} après chaque
            code : si la boutique recharge sa page à chaque code, le test continue sur la page suivante. Il s'efface à la fin du test.
          </li>
        </ul>

        <h2>Ce qu'elle ne fait jamais</h2>
        <ul>
          <li>Te rediriger, changer un lien de la page, saisir un code ou poser un cookie sans ton clic.</li>
          <li>
            Remplacer le lien d'un autre partenaire : quand l'adresse de la page montre que tu arrives par le lien d'un autre site partenaire,
            l'encadré indique « Un autre lien partenaire est déjà actif » et ne propose pas d'activer le cashback.
          </li>
        </ul>

        <h2>Les autorisations qu'elle demande</h2>
        <ul>
          <li>Le stockage, pour garder ce qui est listé plus haut.</li>
          <li>L'accès au site {siteName}, pour demander la liste des boutiques partenaires, les codes et tes soldes, et envoyer les résultats des codes.</li>
          <li>
            L'accès aux pages que tu ouvres, que ton navigateur présente comme la lecture de tes données sur tous les sites : c'est ce
            qui lui permet de reconnaître une boutique partenaire sans envoyer ton historique. Elle n'y lit que l'adresse.
          </li>
        </ul>
        <p>
          Une question ? Consulte notre <Link to="/legal/politique-confidentialite">politique de confidentialité</Link> ou{" "}
          <Link to="/contact">écris-nous</Link>.
        </p>
      </div>
    </div>
  );
}
