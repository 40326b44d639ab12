import { TZDate } from "@date-fns/tz";

export interface ArticleSeed {
  id: string;
  title: string;
  category: "Décryptage" | "Bons plans" | "Science" | "Témoignage" | "Conseils" | "Guides";
  /** how many days before the seed's run the article was published: the seed's articles read as recent */
  daysAgo: number;
  author: string;
  excerpt: string;
  body: string;
}

export const ARTICLES: ArticleSeed[] = [
  {
    id: "skincare-chere",
    title: "Pourquoi ta skincare coûte si cher (et comment payer moins)",
    category: "Décryptage",
    daysAgo: 3,
    author: "Margaux, rédactrice beauté",
    excerpt: "Packaging, marketing, distribution : on a décortiqué le prix d'un sérum à 60€. Spoiler : les actifs comptent pour bien moins que tu ne le crois.",
    body: `<p>Tu as déjà regardé la composition d'un sérum à 60€ et celle d'un sérum à 12€ pour te rendre compte qu'elles se ressemblaient beaucoup ? Tu n'as pas rêvé. Dans le prix d'un soin, les actifs ne représentent souvent qu'une petite part.</p>
<h2>Où part ton argent</h2>
<p>Quand tu achètes un soin en parfumerie, tu paies d'abord la distribution : la marge du revendeur peut dépasser 40% du prix. Viennent ensuite le marketing (égéries, publicités, échantillons), le packaging (verre épais, pompes airless, coffrets) et enfin la formule elle-même.</p>
<ul><li><strong>Distribution :</strong> 35 à 50% du prix final ;</li><li><strong>Marketing et packaging :</strong> 20 à 30% ;</li><li><strong>Formule et fabrication :</strong> souvent moins de 15%.</li></ul>
<h2>Ce qui justifie vraiment un prix</h2>
<p>Certains actifs sont réellement coûteux : un rétinal stabilisé, une vitamine C pure bien protégée de l'oxydation ou des peptides brevetés. La recherche, les tests de tolérance et les études cliniques ont aussi un coût légitime.</p>
<h2>Comment payer moins sans rien sacrifier</h2>
<p>Compare les listes INCI : si les cinq premiers ingrédients sont identiques, la différence de prix se joue ailleurs. Guette les codes promo des marques que tu aimes déjà, achète les grands formats quand ils sont en promotion et méfie-toi des coffrets qui gonflent le panier avec des miniatures inutiles.</p>
<p>Et surtout : une routine courte et régulière fait plus pour ta peau qu'une étagère pleine de flacons entamés.</p>`,
  },
  {
    id: "dupes-2025",
    title: "Les meilleurs dupes beauté du moment",
    category: "Bons plans",
    daysAgo: 9,
    author: "Chloé, chasseuse de bons plans",
    excerpt: "Mascara, fond de teint, sérum, parfum : notre sélection des alternatives qui bluffent autant que les originaux, pour une fraction du prix.",
    body: `<p>Un dupe, c'est un produit qui reproduit l'effet d'un best-seller pour beaucoup moins cher. Cette année, on en a testé plus de quarante. Voici ceux qui ont vraiment tenu la comparaison.</p>
<h2>Teint : le fond de teint lumineux</h2>
<p>Les fonds de teint « glow » des marques de luxe ont trouvé des concurrents sérieux en grande surface. Même fini satiné, même couvrance modulable, et une tenue à peine inférieure sur une journée de huit heures.</p>
<h2>Soin : le sérum à la niacinamide</h2>
<p>À concentration égale, la niacinamide reste de la niacinamide. Les sérums à 10 ou 12% vendus moins de 20€ affichent des résultats très proches des versions premium sur les pores et l'éclat.</p>
<h2>Parfum : les notes gourmandes</h2>
<p>Les parfums dits « d'inspiration » se multiplient. La tenue est souvent plus courte, mais pour un usage quotidien, l'écart de prix (jusqu'à 80%) vaut largement une retouche l'après-midi.</p>
<h2>Notre règle d'or</h2>
<p>Un dupe n'est une bonne affaire que s'il te convient vraiment. Teste toujours sur une petite zone, garde ton ticket et n'hésite pas à revenir à l'original s'il fait mieux pour ta peau.</p>`,
  },
  {
    id: "actifs-efficaces",
    title: "Les actifs qui marchent vraiment : ce que dit la science",
    category: "Science",
    daysAgo: 17,
    author: "Dr Amélie Laurent, pharmacienne",
    excerpt: "Rétinol, vitamine C, acide hyaluronique, niacinamide : quels actifs ont fait leurs preuves, à quelle concentration et pour quels résultats ?",
    body: `<p>Chaque saison apporte son lot d'ingrédients miracles. Pourtant, quelques actifs seulement disposent d'études solides. Voici ceux qui méritent une place dans ta routine.</p>
<h2>Le rétinol et ses cousins</h2>
<p>Les rétinoïdes restent la référence contre les signes de l'âge et les imperfections. Commence doucement, deux soirs par semaine, avec une concentration faible, et protège ta peau du soleil le lendemain.</p>
<h2>La vitamine C</h2>
<p>Antioxydante et éclaircissante, la vitamine C est efficace entre 10 et 20%. Elle s'oxyde vite : choisis un flacon opaque et garde-le à l'abri de la chaleur.</p>
<h2>La niacinamide</h2>
<p>Polyvalente et bien tolérée, elle régule le sébum, resserre l'aspect des pores et renforce la barrière cutanée. Inutile de dépasser 10% : au-delà, le risque d'irritation augmente sans bénéfice prouvé.</p>
<h2>La crème solaire, l'actif oublié</h2>
<p>Aucun sérum ne compense l'absence de protection solaire. Un SPF 30 minimum, tous les jours, reste le geste anti-âge le plus efficace et le moins cher.</p>`,
  },
  {
    id: "temoignage-camille",
    title: "« J'ai économisé 400€ en un an sans me priver » : le témoignage de Camille",
    category: "Témoignage",
    daysAgo: 26,
    author: "Propos recueillis par Margaux",
    excerpt: "Camille, 29 ans, infirmière à Nantes, a divisé son budget beauté par deux. Elle nous raconte ses méthodes, ses erreurs et ses meilleures trouvailles.",
    body: `<p>Camille adore la beauté, mais son budget d'infirmière ne suivait plus. Il y a un an, elle a décidé de reprendre la main sans renoncer à ses produits préférés.</p>
<h2>Le déclic</h2>
<p>« J'ai fait le compte de mes achats de l'année et j'ai eu un choc : plus de 900€, dont une bonne partie en produits jamais finis. J'achetais sur un coup de tête, souvent au prix fort. »</p>
<h2>Sa méthode</h2>
<ul><li>Une liste de produits à racheter, et rien d'autre ;</li><li>Un code promo vérifié avant chaque commande ;</li><li>Les grands formats uniquement pendant les opérations spéciales ;</li><li>Un dupe testé à chaque fois qu'un produit culte se termine.</li></ul>
<h2>Le bilan</h2>
<p>« Un an plus tard, j'ai dépensé à peine 500€ et ma routine n'a jamais été aussi efficace. Le plus dur, c'est de ne pas craquer devant les nouveautés. Maintenant je me dis : si c'est encore là dans un mois, je le prendrai avec un code. »</p>
<p>Son conseil pour se lancer ? « Commence par vider tes placards. Tout ce que tu as déjà va te surprendre. »</p>`,
  },
  {
    id: "routine-minimaliste",
    title: "La routine minimaliste : 3 produits suffisent",
    category: "Conseils",
    daysAgo: 38,
    author: "Inès, esthéticienne",
    excerpt: "Nettoyer, hydrater, protéger. On t'explique pourquoi une routine courte est souvent plus efficace, et moins chère, qu'un rituel en dix étapes.",
    body: `<p>Les routines en dix étapes font rêver sur les réseaux sociaux. En réalité, la plupart des peaux se portent mieux avec trois gestes bien choisis.</p>
<h2>1. Nettoyer en douceur</h2>
<p>Un nettoyant doux, sans sulfates agressifs, matin et soir. Si tu te maquilles, ajoute un démaquillant huileux le soir, puis ton nettoyant habituel.</p>
<h2>2. Hydrater selon ta peau</h2>
<p>Une crème légère pour les peaux mixtes, plus riche pour les peaux sèches. Ton hydratant peut contenir un actif ciblé, comme la niacinamide, pour éviter d'empiler les flacons.</p>
<h2>3. Protéger, toujours</h2>
<p>Le SPF du matin, même en hiver, même derrière une fenêtre. C'est le geste qui fait la plus grande différence à long terme.</p>
<h2>Et le reste ?</h2>
<p>Un sérum ou un exfoliant peut s'ajouter si tu as un besoin précis. Mais commence par ces trois étapes pendant un mois : ta peau, et ton porte-monnaie, te diront merci.</p>`,
  },
  {
    id: "cashback-explique",
    title: "Le cashback expliqué simplement",
    category: "Guides",
    daysAgo: 52,
    author: "L'équipe Crevarde",
    excerpt: "Comment une partie de tes achats peut te revenir sur ton compte bancaire ? On t'explique le fonctionnement du cashback, étape par étape.",
    // Written for both states of the cashback_launched setting (issue #34 item 4): each <div data-cashback="…"> block
    // is shown only in its state (app/modules/blog/launch-blocks.ts), the rest in both.
    body: `<div data-cashback="soon"><p><strong>Le cashback n'est pas encore ouvert chez nous.</strong> Voici comment il fonctionnera le jour de son lancement.</p></div>
<div data-cashback="launched"><p><strong>Le cashback est ouvert sur nos marques partenaires.</strong> Voici comment en profiter.</p></div>
<p>Le principe est simple : quand tu achètes chez une marque partenaire en passant par notre site, la marque nous verse une commission, et on t'en reverse une partie.</p>
<h2>Comment ça marche</h2>
<ol><li>Tu actives le cashback sur la page de la marque, avec ton compte ;</li><li>Tu fais tes achats normalement sur le site de la marque ;</li><li>Ton achat est enregistré puis validé par la marque ;</li><li>Ton cashback est versé sur ton compte bancaire dès 10€ cumulés.</li></ol>
<h2>Sur quel montant ?</h2>
<p>Le cashback est calculé sur le montant hors taxes, hors frais de livraison et avant application des codes promo. La validation prend généralement de 30 à 90 jours après l'achat, le temps que le délai de retour soit passé.</p>
<h2>Pourquoi ce délai ?</h2>
<p>Si tu retournes un article, la marque annule la commission. Elle attend donc la fin de la période de retour avant de confirmer ton achat.</p>
<div data-cashback="soon"><h2>Quand est-ce que ça arrive ?</h2>
<p>Le lancement approche. Crée ton compte dès maintenant : il sera prêt le jour de l'ouverture, avec tes codes promo et tes deals sauvegardés.</p></div>
<div data-cashback="launched"><h2>Où suivre ton cashback ?</h2>
<p>Dans « Mon cashback » : chaque achat y apparaît dès que la marque nous le signale, avec son statut, jusqu'au virement.</p></div>`,
  },
];

/**
 * A seeded article's date: `daysAgo` days before `now`, at 08:00 Paris time,
 * and never before the present year's first day (the articles read as this
 * year's; their order is kept).
 */
export function seedArticleDate(daysAgo: number, now: Date): Date {
  const day = new TZDate(now.getTime() - daysAgo * 86_400_000, "Europe/Paris");
  const at = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), 8, 0, 0, "Europe/Paris");
  const firstDay = new TZDate(new TZDate(now.getTime(), "Europe/Paris").getFullYear(), 0, 1, 8, 0, 0, "Europe/Paris");
  const earliest = firstDay.getTime() + (365 - daysAgo) * 60_000;
  return new Date(Math.min(now.getTime(), Math.max(at.getTime(), earliest)));
}
