import { Link } from "react-router";
import { FEATURED_DEALS_LIMIT, RELEVANCE_WINDOW } from "#app/modules/deals/deals.constants";
import { FEATURED_CODES_LIMIT } from "#app/modules/promo-codes/promo-codes";
import { FAILING_CONSECUTIVE_NO, FAILING_MAX_RATE, FAILING_MIN_ANSWERS, FEEDBACK_WINDOW_DAYS } from "#app/modules/promo-codes/code-feedback";

/** How « Ça a marché ? » orders codes of the same expiry, and which codes sink (code-feedback.ts). */
const CODE_FEEDBACK_ORDER = `à date égale, les codes les mieux confirmés par les membres d'abord (borne basse à 95 % de Wilson du taux de « Oui » à « Ça a marché ? » sur ${FEEDBACK_WINDOW_DAYS} jours), puis par ordre alphabétique du code. Les codes qui échouent (${FAILING_CONSECUTIVE_NO} derniers avis « Non », ou moins de ${Math.round(FAILING_MAX_RATE * 100)} % de réussite sur au moins ${FAILING_MIN_ANSWERS} avis) passent à la fin`;
import { AffiliateMention } from "#app/components/catalogue/affiliate-link";
import { NEW_DEAL_WINDOW_MS } from "#app/modules/deals/deal-rules";
import { MAX_ACCOUNTS_PER_VISITOR_HASH, MAX_NEW_ACCOUNT_VOTES_PER_HOUR, NEW_ACCOUNT_DAYS } from "#app/modules/deals/deal-votes";

/**
 * How each list of the site is ordered (Code de la consommation L111-7 II): the ORDER BY of the
 * queries in app/modules/{deals,promo-codes,brands,offers}. Change this text with them; the
 * integration test "the ranking page states the order of each list" checks it against the code.
 */
export const RANKINGS: Array<{ list: string; order: string }> = [
  { list: "Coup de Crevarde (liste des deals)", order: `Du plus récent au plus ancien, selon la date de publication. Les filtres par source et par marque réduisent la liste sans changer l'ordre. Avec une recherche, le tri par défaut est « Pertinence » : parmi les ${RELEVANCE_WINDOW} deals les plus récents qui contiennent tous les mots cherchés, ceux où les mots sont dans le titre passent avant ceux où ils sont dans la description, puis les plus récents d'abord. « Prix croissant » classe par prix, les deals sans prix lisible à la fin. Aucun deal n'est classé contre paiement.` },
  {
    list: "Onglets « Les plus hot », « Nouveaux » et « Commentés » (deals de la communauté)",
    order: `« Nouveaux » : du plus récemment publié au plus ancien. « Commentés » : du deal qui compte le plus de commentaires visibles au moins commenté (les commentaires en attente de modération ou retirés ne comptent pas). « Les plus hot » : les deals non expirés, classés par un score qui combine la température (l'ordre de grandeur des votes, 10° valent 1 point, 100° valent 2 points) et la fraîcheur (chaque tranche de 12,5 heures depuis la publication vaut 1 point) : un deal récent et bien voté passe devant un deal ancien. La température est la somme des votes 🔥 (+) et ❄️ (−), chacun pesant de 1 à 3 selon l'ancienneté et la fiabilité du membre (« Poids de vote » sur sa page publique) ; elle reste cachée pendant les ${NEW_DEAL_WINDOW_MS / 60_000} premières minutes. Les votes d'un même navigateur au-delà de ${MAX_ACCOUNTS_PER_VISITOR_HASH} comptes, ou de plus de ${MAX_NEW_ACCOUNT_VOTES_PER_HOUR} comptes de moins de ${NEW_ACCOUNT_DAYS} jours en une heure, comptent pour 0°. Un deal expiré (date de fin passée ou signalé par les membres) quitte « Les plus hot » et reste visible avec la mention « Expiré ». Aucun deal n'est classé contre paiement ; un contenu payé par un marchand porterait la mention « Sponsorisé ».`,
  },
  { list: "Recherche (page Recherche)", order: "Marques, codes promo, deals et articles qui contiennent tous les mots cherchés, les plus pertinents d'abord (mots dans le nom ou le titre avant la description), six au plus par groupe. Aucun résultat n'est classé contre paiement." },
  { list: "Deals du jour (page d'accueil)", order: `Les ${FEATURED_DEALS_LIMIT} deals « en vedette » les plus récents.` },
  { list: "Codes promo (page d'accueil)", order: `Les ${FEATURED_CODES_LIMIT} codes « mis en avant » encore valables, ceux qui expirent le plus tôt d'abord ; ${CODE_FEEDBACK_ORDER}.` },
  { list: "Codes promo (Mes codes promo, pages marques et catégories)", order: `Les codes valables d'abord : ceux qui expirent le plus tôt d'abord, les codes sans date limite à la fin ; ${CODE_FEEDBACK_ORDER}. Les codes expirés sont regroupés à part, les plus récemment expirés d'abord.` },
  { list: "Marques", order: "Par ordre alphabétique." },
  { list: "Offres cashback", order: "Page d'accueil : les offres « mises en avant » ; page d'une marque : toutes ses offres. Par ordre alphabétique du produit." },
];

/** "Comment nous gagnons de l'argent": affiliate links and how the lists are ranked (L111-7). */
export function EarningsPage({ siteName, cashbackLaunched }: { siteName: string; cashbackLaunched: boolean }) {
  return (
    <>
      <h2>{siteName} est gratuit pour toi</h2>
      <p>
        Tu ne paies rien pour utiliser {siteName} : ni pour voir les deals, ni pour les codes promo, ni pour ton compte. Le site vit des commissions que nous
        versent certains marchands.
      </p>

      <h2>Les liens affiliés</h2>
      <p>
        Les boutons et liens qui t'emmènent chez un marchand (« Voir le deal », « Aller sur le site de… », « Site de… », « J'en profite sur Temu ») sont des{" "}
        <strong>liens affiliés</strong>. Ils passent par notre page de redirection, puis t'envoient sur le site du marchand. Si tu achètes, le marchand ou la
        plateforme d'affiliation avec laquelle il travaille peut nous verser une commission.
      </p>
      <ul>
        <li>
          <strong>Le prix est le même pour toi</strong> : la commission est payée par le marchand, elle ne s'ajoute jamais à ton panier.
        </li>
        <li>
          Chaque lien affilié porte la mention <AffiliateMention /> à côté de lui.
        </li>
        <li>
          Nous comptons les clics sur ces liens, sans conserver ton adresse IP : le détail est dans la{" "}
          <Link to="/legal/politique-confidentialite">politique de confidentialité</Link>.
        </li>
        {cashbackLaunched ? (
          <li>
            Sur les marques qui ont un programme de cashback, une partie de la commission te revient : c'est ton cashback, que tu suis dans{" "}
            <Link to="/mon-cashback">Mon cashback</Link>.
          </li>
        ) : (
          <li>Le cashback n'est pas encore ouvert : le jour de son lancement, une partie de ces commissions te reviendra.</li>
        )}
      </ul>

      <h2>Comment les deals et les codes sont classés</h2>
      <p>
        Aucun classement du site ne dépend de la commission qu'un marchand nous verse, ni de l'existence d'un partenariat : aucune marque ne paie pour apparaître
        plus haut, être « en vedette » ou « mise en avant ». Ces mises en avant sont choisies par notre équipe, pour l'intérêt du bon plan. Le badge de
        chaque deal (prix cassé, qualité à risque, pur plaisir) donne notre avis, pas celui du marchand.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm" aria-label="Ordre des listes du site">
          <thead>
            <tr className="border-b border-neutral-300">
              <th scope="col" className="py-2 pr-4">
                Liste
              </th>
              <th scope="col" className="py-2">
                Ordre d'affichage
              </th>
            </tr>
          </thead>
          <tbody>
            {RANKINGS.map((r) => (
              <tr key={r.list} className="border-b border-neutral-200 align-top">
                <td className="py-2 pr-4">{r.list}</td>
                <td className="py-2">{r.order}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Nos relations avec les marchands</h2>
      <p>
        Nous avons des contrats d'affiliation avec des marchands et des plateformes d'affiliation ; nous ne sommes pas le vendeur des produits. Ta commande, sa
        livraison et ses retours relèvent du marchand (voir nos <Link to="/legal/cgv">CGV</Link>).
      </p>
    </>
  );
}
