import { HELP_ARTICLE_SLUGS } from "#app/modules/help/help.constants";
import type { HelpSection } from "#app/modules/help/help.constants";

/**
 * The help centre's first articles (issue #34 item 7): the questions shoppers
 * ask cashback sites most, answered with this site's own rules (ADR 023,
 * ADR 037). Seeded once by slug: an admin's edits are never undone.
 */
export interface HelpArticleSeed {
  slug: string;
  section: HelpSection;
  title: string;
  summary: string;
  body: string;
  position: number;
}

export const HELP_ARTICLES: HelpArticleSeed[] = [
  {
    slug: "comment-fonctionne-le-cashback",
    section: "cashback",
    position: 0,
    title: "Comment fonctionne le cashback ?",
    summary: "Tu passes par Crevarde avant d'acheter chez une marque partenaire, et une partie de ton achat te revient sur ton compte bancaire.",
    body: `<p>Quand tu achètes chez une marque partenaire en passant d'abord par Crevarde, la marque nous verse une commission. Nous t'en reversons la plus grande partie : c'est ton cashback.</p>
<h2>En 4 étapes</h2>
<ol>
<li><strong>Connecte-toi</strong> à ton compte Crevarde (c'est gratuit).</li>
<li>Sur la page de la marque, clique sur <strong>« Activer le cashback »</strong> : le site de la marque s'ouvre.</li>
<li>Fais tes achats <strong>dans la foulée</strong>, dans le même navigateur, sans repasser par un autre site de bons plans.</li>
<li>Ton achat apparaît dans <a href="/mon-cashback">Mon cashback</a>, d'abord « en attente », puis « validé » quand la marque le confirme.</li>
</ol>
<h2>Combien je récupère ?</h2>
<p>Le taux est affiché sur la page de chaque marque. C'est le taux en vigueur <strong>au moment de ton clic</strong> qui s'applique. Selon la marque, il se calcule sur le montant hors taxes et hors frais de livraison : c'est pour ça que nos estimations disent « environ ».</p>`,
  },
  {
    slug: HELP_ARTICLE_SLUGS.missingPurchase,
    section: "cashback",
    position: 1,
    title: "Pourquoi mon achat n'apparaît pas ?",
    summary: "Un achat met jusqu'à 72 heures à remonter. Au-delà, vérifie les causes fréquentes, puis signale-le entre 3 et 90 jours après ton clic.",
    body: `<p>Pas de panique : la plupart des achats apparaissent dans <a href="/mon-cashback">Mon cashback</a> en quelques heures, mais certaines marques nous les transmettent <strong>jusqu'à 72 heures</strong> après ta commande.</p>
<h2>Les causes les plus fréquentes</h2>
<ul>
<li><strong>Tu n'as pas cliqué sur « Activer le cashback »</strong> juste avant ta commande, ou tu as ouvert le site de la marque par un autre chemin (favori, appli, autre onglet).</li>
<li><strong>Un bloqueur de publicité ou de cookies</strong> a empêché le suivi. Désactive-le sur le site de la marque le temps de ta commande.</li>
<li><strong>Un autre site a pris le relais</strong> : un comparateur, un autre site de cashback ou de codes visité après ton clic. C'est lui que la marque a retenu.</li>
<li><strong>Tu as utilisé un code promo non publié sur Crevarde</strong> : certaines marques refusent alors le cashback.</li>
<li>Tu as payé avec une carte cadeau ou un avoir, que certaines marques excluent du cashback.</li>
</ul>
<h2>Signaler un achat manquant</h2>
<p>Si ton achat n'apparaît toujours pas, signale-le depuis <a href="/mon-cashback/reclamation">Signaler un achat manquant</a>, <strong>entre 3 et 90 jours après ton clic</strong>. Garde sous la main ta référence de commande, sa date et son montant ; une copie de la confirmation de commande (PDF ou image) aide beaucoup.</p>
<p>Nous vérifions ton clic, puis transmettons ta demande à la marque. La réponse peut prendre plusieurs semaines : tu suis l'avancement dans Mon cashback.</p>`,
  },
  {
    slug: "pourquoi-mon-cashback-est-en-attente",
    section: "cashback",
    position: 2,
    title: "Pourquoi mon cashback est-il « en attente » ?",
    summary: "La marque attend la fin du délai de retour avant de confirmer ton achat : en général 30 à 90 jours.",
    body: `<p>Un achat « en attente de validation » est bien enregistré. La marque attend simplement que le délai de retour ou d'annulation soit passé avant de nous confirmer la commande.</p>
<ul>
<li>Le délai moyen constaté pour chaque marque est affiché sur sa page (par exemple « Délai de validation constaté : 38 jours »).</li>
<li>Dans Mon cashback, chaque achat indique sa <strong>date de validation prévue</strong>.</li>
<li>Dès que la marque valide l'achat, ton cashback passe dans ton solde « Disponible » et tu reçois un e-mail.</li>
</ul>
<p>Si tu renvoies tout ou partie de ta commande, le cashback est recalculé ou annulé par la marque.</p>`,
  },
  {
    slug: "pourquoi-mon-cashback-a-ete-refuse",
    section: "cashback",
    position: 3,
    title: "Pourquoi mon cashback a-t-il été refusé ?",
    summary: "Commande annulée ou retournée, code promo non autorisé, conditions de la marque non remplies : la raison est indiquée sur ta ligne d'achat.",
    body: `<p>Quand une marque refuse un achat, nous t'indiquons toujours la raison, sur la ligne de l'achat dans <a href="/mon-cashback">Mon cashback</a> et dans l'e-mail que tu reçois.</p>
<h2>Les raisons les plus courantes</h2>
<ul>
<li>La commande a été <strong>annulée ou retournée</strong>.</li>
<li>Un <strong>code promo non autorisé</strong> par la marque a été utilisé.</li>
<li>L'achat ne remplissait pas les <strong>conditions de la marque</strong> (produits exclus, première commande seulement…).</li>
</ul>
<p>Si tu penses qu'il s'agit d'une erreur, <a href="/contact?sujet=cashback">écris-nous</a> avec ta référence de commande : nous vérifions avec la marque.</p>`,
  },
  {
    slug: "mon-code-promo-ne-marche-pas",
    section: "codes-promo",
    position: 0,
    title: "Mon code promo ne marche pas : que faire ?",
    summary: "Vérifie le montant minimum, les produits concernés et la date d'expiration, puis dis-le-nous avec « Ça a marché ? ».",
    body: `<p>Un code promo refusé, c'est agaçant. Avant de renoncer, vérifie ces points :</p>
<ul>
<li><strong>Le minimum d'achat</strong> : beaucoup de codes demandent un panier minimum (hors livraison).</li>
<li><strong>Les produits concernés</strong> : certains codes excluent les promotions en cours ou certaines gammes.</li>
<li><strong>La date d'expiration</strong>, affichée sur la carte du code.</li>
<li><strong>La saisie</strong> : copie le code avec le bouton « Copier » plutôt que de le retaper.</li>
</ul>
<p>Ensuite, réponds à « Ça a marché ? » sous le code : ton retour met à jour son taux de réussite et aide toute la communauté. Nous retirons les codes qui ne fonctionnent plus.</p>`,
  },
  {
    slug: "cumuler-code-promo-et-cashback",
    section: "codes-promo",
    position: 1,
    title: "Puis-je cumuler un code promo et le cashback ?",
    summary: "Oui avec les codes publiés sur Crevarde ; un code trouvé ailleurs peut faire refuser ton cashback.",
    body: `<p>Oui, dans la plupart des cas : les codes publiés sur Crevarde sont compatibles avec le cashback de la marque.</p>
<p>Attention en revanche aux codes trouvés ailleurs (réseaux sociaux, autres sites) : certaines marques refusent le cashback quand un code qu'elles ne nous ont pas confié est utilisé. Le cashback se calcule alors sur le montant payé, après réduction.</p>
<p>En cas de doute, la page de la marque indique ses conditions de cashback.</p>`,
  },
  {
    slug: "c-est-quoi-un-coup-de-crevarde",
    section: "deals",
    position: 0,
    title: "C'est quoi un Coup de Crevarde ?",
    summary: "Un bon plan repéré par l'équipe ou la communauté, noté par les votes : plus il est chaud, plus il plaît.",
    body: `<p>Les <a href="/coup-de-crevarde">Coups de Crevarde</a> sont des bons plans du moment : une promo, un prix cassé, un produit à ne pas rater. Ils sont publiés par l'équipe ou proposés par les membres, puis vérifiés avant publication.</p>
<h2>La température</h2>
<p>Chaque membre peut voter pour ou contre un deal. Les votes font monter ou descendre sa température : les deals les plus chauds remontent dans la liste.</p>
<h2>Un deal expiré ?</h2>
<p>Signale-le avec « Expiré ? » sur la page du deal : après plusieurs signalements, il est marqué comme expiré.</p>`,
  },
  {
    slug: "proposer-un-deal",
    section: "deals",
    position: 1,
    title: "Comment proposer un deal ?",
    summary: "Connecte-toi, clique sur « Proposer un deal » et donne le lien, le prix et une description : l'équipe le vérifie avant publication.",
    body: `<p>Tu as repéré un bon plan ? Partage-le avec la communauté :</p>
<ol>
<li>Connecte-toi à ton compte.</li>
<li>Va sur <a href="/coup-de-crevarde/proposer">Proposer un deal</a>.</li>
<li>Colle le lien du produit, indique le prix et le prix d'origine, et explique en quelques mots pourquoi c'est une bonne affaire.</li>
</ol>
<p>Chaque deal est relu par l'équipe avant publication. Les liens vers ton propre site ou ta propre boutique ne sont pas acceptés. Tu suis tes propositions dans <a href="/mes-deals">Mes deals proposés</a>.</p>`,
  },
  {
    slug: "je-n-ai-pas-recu-l-e-mail-de-confirmation",
    section: "compte",
    position: 0,
    title: "Je n'ai pas reçu l'e-mail de confirmation",
    summary: "Regarde dans tes courriers indésirables, puis redemande un lien : il est valable 24 heures.",
    body: `<p>Après ton inscription, nous t'envoyons un e-mail pour confirmer ton adresse. Le lien qu'il contient est valable <strong>24 heures</strong>.</p>
<ul>
<li>Regarde dans tes <strong>courriers indésirables</strong> ou l'onglet « Promotions ».</li>
<li>Vérifie l'adresse saisie : une faute de frappe arrive vite.</li>
<li>Le lien a expiré ? Connecte-toi : tu peux demander un nouvel e-mail.</li>
</ul>
<p>Toujours rien ? <a href="/contact?sujet=account">Écris-nous</a> depuis une autre adresse en indiquant celle de ton compte.</p>`,
  },
  {
    slug: "supprimer-mon-compte-ou-recuperer-mes-donnees",
    section: "compte",
    position: 1,
    title: "Comment supprimer mon compte ou récupérer mes données ?",
    summary: "Depuis ton profil, tu peux télécharger toutes tes données ou supprimer ton compte à tout moment.",
    body: `<p>Tout se passe dans <a href="/profile">ton profil</a> :</p>
<ul>
<li><strong>Télécharger mes données</strong> : tu obtiens un fichier avec tout ce que nous savons de ton compte.</li>
<li><strong>Supprimer mon compte</strong> : ton compte et tes données personnelles sont effacés. Pense à retirer ton cashback disponible avant : il ne peut plus être versé après la suppression.</li>
</ul>
<p>Pour en savoir plus, lis notre <a href="/legal/politique-confidentialite">politique de confidentialité</a>.</p>`,
  },
  {
    slug: HELP_ARTICLE_SLUGS.whenPaid,
    section: "paiements",
    position: 0,
    title: "Quand serai-je payé ?",
    summary: "Dès 10 € de cashback validé, tu demandes ton paiement : les virements partent chaque mardi et arrivent en général le jour ouvré suivant.",
    body: `<p>Ton cashback te revient en trois temps :</p>
<ol>
<li><strong>Validation</strong> : la marque confirme ton achat, en général 30 à 90 jours après la commande (la date prévue est indiquée dans <a href="/mon-cashback">Mon cashback</a>). Le montant passe dans ton solde « Disponible ».</li>
<li><strong>Demande de retrait</strong> : dès que ton solde disponible atteint <strong>10 €</strong>, demande un virement depuis <a href="/mon-cashback#retraits">Retirer mon cashback</a>. Il te faut un IBAN enregistré depuis plus de 72 heures.</li>
<li><strong>Virement</strong> : les virements partent <strong>chaque mardi</strong>. L'argent arrive en général le jour ouvré suivant ; la date d'arrivée prévue est affichée sur ta demande.</li>
</ol>
<p>Pour ta sécurité, un premier retrait, un montant important ou un IBAN tout juste changé passent par une vérification de l'équipe, ce qui peut ajouter quelques jours.</p>
<p>Un virement n'est pas arrivé une semaine après la date prévue ? <a href="/contact?sujet=payment">Écris-nous</a>.</p>`,
  },
  {
    slug: "ajouter-ou-changer-mon-iban",
    section: "paiements",
    position: 1,
    title: "Comment ajouter ou changer mon IBAN ?",
    summary: "Dans Mon cashback, « Mes coordonnées bancaires » : un nouvel IBAN peut recevoir un virement 72 heures après son ajout.",
    body: `<p>Ton cashback est versé par virement sur le compte bancaire de ton choix, à ton nom.</p>
<ol>
<li>Va dans <a href="/mon-cashback/coordonnees-bancaires">Mes coordonnées bancaires</a>.</li>
<li>Saisis le nom du titulaire et l'IBAN, puis confirme.</li>
</ol>
<p>Par sécurité, nous t'envoyons un e-mail à chaque ajout ou changement, et un nouvel IBAN ne peut recevoir de virement qu'<strong>après 72 heures</strong>. Si tu n'es pas à l'origine du changement, <a href="/contact?sujet=payment">préviens-nous</a> tout de suite.</p>
<p>Ton IBAN est stocké chiffré et n'apparaît jamais en entier sur le site.</p>`,
  },
];
