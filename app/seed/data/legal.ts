export interface LegalPageSeed {
  slug: string;
  title: string;
  metaDescription: string;
  content: (siteName: string) => string;
}

const CGV_ARTICLES: Array<[string, string]> = [
  ["Objet", "<p>Les présentes conditions générales régissent l'utilisation du site {site} et de ses services : consultation de codes promo, de deals, d'articles et, lorsqu'il sera disponible, le programme de cashback.</p>"],
  ["Éditeur du site", "<p>Le site {site} est édité par la société identifiée dans les <a href=\"/legal/mentions-legales\">mentions légales</a>, avec ses coordonnées.</p>"],
  ["Accès au site et inscription", "<p>La consultation du site est libre et gratuite. L'accès aux codes promo complets et au cashback nécessite la création d'un compte membre avec une adresse e-mail valide, confirmée par un lien envoyé par e-mail.</p>"],
  ["Compte membre", "<p>Tu es responsable de la confidentialité de ton mot de passe. Tu peux modifier ton profil ou supprimer ton compte à tout moment depuis ton espace membre.</p>"],
  ["Codes promo et deals", "<p>Les codes promo et deals sont fournis à titre informatif. Nous les vérifions régulièrement, mais leur validité dépend des marchands, qui peuvent les modifier ou les retirer sans préavis. Les deals issus de places de marché tierces sont présentés sans garantie de qualité des produits.</p>"],
  ["Fonctionnement du cashback", "<p>Le cashback est calculé sur le montant hors taxes, hors frais de livraison et avant application des codes promo. Il est validé généralement 30 à 90 jours après l'achat, une fois la période de retour du marchand écoulée.</p>"],
  ["Versement du cashback", "<p>Le cashback validé est versé directement sur le compte bancaire du membre dès que 10 euros ont été cumulés. Un montant minimum de retrait s'applique ; il est indiqué dans l'espace membre.</p>"],
  ["Prix des services", "<p>L'inscription et l'utilisation des services de base sont gratuites. Tout service payant éventuel sera clairement signalé, avec son prix toutes taxes comprises, avant sa souscription.</p>"],
  ["Droit de rétractation", "<p>Pour les services payants, tu disposes d'un délai de rétractation de 14 jours à compter de la souscription, conformément au Code de la consommation.</p>"],
  ["Responsabilité", "<p>Nous ne sommes pas partie aux contrats de vente conclus avec les marchands. Les litiges relatifs à une commande (livraison, retour, qualité) relèvent du marchand concerné.</p>"],
  ["Données personnelles", "<p>Le traitement de tes données est décrit dans notre politique de confidentialité. Tu disposes d'un droit d'accès, de rectification, d'effacement et de portabilité.</p>"],
  ["Propriété intellectuelle", "<p>Les contenus du site (textes, visuels, logo) sont protégés. Toute reproduction sans autorisation est interdite.</p>"],
  ["Droit applicable et litiges", "<p>Les présentes conditions sont soumises au droit français. En cas de litige, tu peux recourir gratuitement à un médiateur de la consommation avant toute action devant les tribunaux compétents.</p>"],
];

/** The texts the legal_pages_data migration also writes into existing databases (keep them equal). */
const AFFILIATE_SUFFIX =
  ' Ces liens portent la mention « lien affilié ». <a href="/legal/comment-nous-gagnons-de-l-argent">Comment nous gagnons de l\'argent</a>';
const PRIVACY_EXTRA =
  "<h2>Sécurité</h2>\n<p>Ton mot de passe est conservé haché, jamais en clair. L'adresse IP de tes sessions de connexion est tronquée, et la mesure d'audience ne conserve aucune adresse IP.</p>";
const ANALYTICS_COOKIE_FREE =
  "Notre mesure d'audience est interne, anonyme et sert uniquement à produire des statistiques. Conformément aux recommandations de la CNIL, elle est exemptée de consentement. Elle ne dépose aucun cookie : elle compte les visites avec un identifiant haché, sans conserver ton adresse IP ; ses statistiques sont gardées 13 mois.";

export const LEGAL_PAGES: LegalPageSeed[] = [
  {
    slug: "mentions-legales",
    title: "Mentions légales",
    metaDescription: "Mentions légales du site : éditeur, directeur de la publication, hébergement et contact.",
    // publisher, publication director and host are rendered above this text from the site settings (ADR 011)
    content: (site) => `<h2>Propriété intellectuelle</h2>
<p>L'ensemble des contenus du site est protégé par le droit d'auteur. Les marques citées appartiennent à leurs propriétaires respectifs.</p>
<h2>Liens d'affiliation</h2>
<p>Certains liens vers des marchands sont des liens d'affiliation : ${site} peut percevoir une commission lorsque tu effectues un achat, sans surcoût pour toi.${AFFILIATE_SUFFIX}</p>`,
  },
  {
    slug: "cgv",
    title: "Conditions générales de vente",
    metaDescription: "Conditions générales de vente et d'utilisation : codes promo, deals, cashback, compte membre et droit de rétractation.",
    content: (site) =>
      CGV_ARTICLES.map(([title, body], i) => `<h2>Article ${i + 1} – ${title}</h2>\n${body.replaceAll("{site}", site)}`).join("\n"),
  },
  {
    slug: "politique-confidentialite",
    title: "Politique de confidentialité",
    metaDescription: "Comment nous collectons, utilisons et protégeons tes données personnelles, et comment exercer tes droits.",
    // controller, purposes, recipients, transfers, durations and rights are rendered above this text
    // from the site settings and RETENTION (ADR 011); the stored page only adds to them
    content: () => PRIVACY_EXTRA,
  },
  {
    slug: "cookies",
    title: "Politique de cookies",
    metaDescription: "Les cookies utilisés sur le site, leur finalité, leur durée, et comment gérer ton consentement.",
    content: (site) => `<h2>Qu'est-ce qu'un cookie ?</h2>
<p>Un cookie est un petit fichier déposé sur ton appareil lors de ta visite. ${site} en utilise le moins possible.</p>
<h2>Cookies strictement nécessaires</h2>
<p>Le cookie de session (connexion à ton compte, 30 jours), le cookie qui mémorise tes choix de consentement (6 mois) et le cookie d'appareil (13 mois), déposé à l'inscription et à la connexion : un identifiant aléatoire qui sert à sécuriser les connexions et à repérer le parrainage de soi-même. Ils ne nécessitent pas ton accord.</p>
<h2>Mesure d'audience anonyme</h2>
<p>${ANALYTICS_COOKIE_FREE}</p>
<h2>Cookies soumis à ton consentement</h2>
<p>Google Analytics et les cookies publicitaires ne sont déposés que si tu les acceptes. Tu peux tout accepter, tout refuser, ou choisir finalité par finalité : refuser est aussi simple qu'accepter.</p>
<h2>Changer d'avis</h2>
<p>Ton choix est conservé 6 mois. Tu peux le modifier à tout moment grâce au lien « Gérer les cookies » en bas de chaque page.</p>`,
  },
];

/** Demo values of the legal identity settings (fictitious company; 01 99 00 xx xx is an ARCEP range reserved for fiction). */
export const DEMO_LEGAL_IDENTITY = {
  legal_publisher_name: "Crevarde SAS",
  legal_company_form: "Société par actions simplifiée (SAS)",
  legal_capital: "10 000 €",
  legal_address: "12 rue des Économes, 75011 Paris",
  legal_registration: "RCS Paris 912 345 678",
  legal_phone: "01 99 00 12 34",
  legal_email: "bonjour@crevarde.fr",
  legal_publication_director: "Camille Martin, présidente",
  legal_host_name: "Nuagine SAS",
  legal_host_address: "18 avenue des Serveurs, 59100 Roubaix",
  legal_host_phone: "01 99 00 56 78",
  legal_hosting_region: "france",
} as const;
