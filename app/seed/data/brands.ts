export interface BrandSeed {
  name: string;
  slug: string;
  category: string;
  description: string;
  websiteUrl: string;
  maxDiscountPercent: number;
}

/** 29 partner brands: beauty first, then fashion and sport. */
export const BRANDS: BrandSeed[] = [
  { name: "La Roche-Posay", slug: "la-roche-posay", category: "Soin du visage", description: "Des soins dermatologiques recommandés par les dermatologues, pour les peaux sensibles comme pour les plus réactives.", websiteUrl: "https://www.laroche-posay.fr", maxDiscountPercent: 20 },
  { name: "Caudalie", slug: "caudalie", category: "Soin du visage", description: "La vigne au service de ta peau : des soins naturels et efficaces nés dans le Bordelais.", websiteUrl: "https://fr.caudalie.com", maxDiscountPercent: 25 },
  { name: "Nuxe", slug: "nuxe", category: "Corps & bain", description: "L'iconique Huile Prodigieuse et des soins aux textures sensorielles, formulés en France.", websiteUrl: "https://fr.nuxe.com", maxDiscountPercent: 30 },
  { name: "Typology", slug: "typology", category: "Soin du visage", description: "Des formules courtes et transparentes, des actifs dosés avec précision, fabriqués en France.", websiteUrl: "https://www.typology.com", maxDiscountPercent: 15 },
  { name: "Avène", slug: "avene", category: "Soin du visage", description: "L'eau thermale d'Avène apaise et protège les peaux sensibles depuis plus de 30 ans.", websiteUrl: "https://www.eau-thermale-avene.fr", maxDiscountPercent: 20 },
  { name: "Bioderma", slug: "bioderma", category: "Soin du visage", description: "La biologie au service de la dermatologie, avec la célèbre Sensibio H2O.", websiteUrl: "https://www.bioderma.fr", maxDiscountPercent: 25 },
  { name: "Clarins", slug: "clarins", category: "Soin du visage", description: "Le savoir-faire des plantes et plus de 65 ans d'expertise en soins de beauté.", websiteUrl: "https://www.clarins.fr", maxDiscountPercent: 30 },
  { name: "Sephora Collection", slug: "sephora-collection", category: "Maquillage", description: "Du maquillage et des soins tendance à petits prix, pour oser toutes les couleurs.", websiteUrl: "https://www.sephora.fr", maxDiscountPercent: 35 },
  { name: "Yves Rocher", slug: "yves-rocher", category: "Corps & bain", description: "La cosmétique végétale depuis 1959, cultivée en Bretagne.", websiteUrl: "https://www.yves-rocher.fr", maxDiscountPercent: 35 },
  { name: "L'Occitane en Provence", slug: "loccitane-en-provence", category: "Corps & bain", description: "Le karité, la lavande et l'immortelle de Provence dans des soins gourmands.", websiteUrl: "https://fr.loccitane.com", maxDiscountPercent: 25 },
  { name: "The Ordinary", slug: "the-ordinary", category: "Soin du visage", description: "Des actifs cliniques à prix honnêtes : niacinamide, acide hyaluronique, rétinoïdes.", websiteUrl: "https://theordinary.com/fr-fr", maxDiscountPercent: 15 },
  { name: "Lancôme", slug: "lancome", category: "Parfum", description: "La haute parfumerie et les soins de luxe à la française, de Génifique à La Vie est Belle.", websiteUrl: "https://www.lancome.fr", maxDiscountPercent: 25 },
  { name: "Kiehl's", slug: "kiehls", category: "Soin du visage", description: "L'apothicaire new-yorkais depuis 1851 et ses soins pour tous les types de peau.", websiteUrl: "https://www.kiehls.fr", maxDiscountPercent: 20 },
  { name: "Garancia", slug: "garancia", category: "Soin du visage", description: "Des soins au nom ensorcelant, inventés par une pharmacienne passionnée.", websiteUrl: "https://www.garancia.fr", maxDiscountPercent: 30 },
  { name: "Respire", slug: "respire", category: "Corps & bain", description: "Des déodorants et soins naturels, clean et fabriqués en France.", websiteUrl: "https://www.respire.co", maxDiscountPercent: 20 },
  { name: "Aroma-Zone", slug: "aroma-zone", category: "Cheveux", description: "Huiles essentielles, actifs cosmétiques et recettes pour faire tes soins toi-même.", websiteUrl: "https://www.aroma-zone.com", maxDiscountPercent: 10 },
  { name: "Kérastase", slug: "kerastase", category: "Cheveux", description: "Les soins capillaires professionnels des salons, à la maison.", websiteUrl: "https://www.kerastase.fr", maxDiscountPercent: 20 },
  // fashion
  { name: "Sézane", slug: "sezane", category: "Mode", description: "La mode parisienne intemporelle, pensée à Paris et produite de façon responsable.", websiteUrl: "https://www.sezane.com", maxDiscountPercent: 15 },
  { name: "Jules", slug: "jules", category: "Mode", description: "Le vestiaire masculin décontracté, du jean au costume.", websiteUrl: "https://www.jules.com", maxDiscountPercent: 35 },
  { name: "Promod", slug: "promod", category: "Mode", description: "Des collections féminines colorées et accessibles, renouvelées chaque semaine.", websiteUrl: "https://www.promod.fr", maxDiscountPercent: 30 },
  { name: "Etam", slug: "etam", category: "Mode", description: "Lingerie, pyjamas et prêt-à-porter féminin depuis 1916.", websiteUrl: "https://www.etam.com", maxDiscountPercent: 30 },
  { name: "Sandro", slug: "sandro", category: "Mode", description: "Le chic parisien à la fois rock et romantique.", websiteUrl: "https://fr.sandro-paris.com", maxDiscountPercent: 25 },
  { name: "Kiabi", slug: "kiabi", category: "Mode", description: "La mode à petits prix pour toute la famille.", websiteUrl: "https://www.kiabi.com", maxDiscountPercent: 35 },
  { name: "Veja", slug: "veja", category: "Mode", description: "Des baskets en matières écologiques, fabriquées dans des conditions équitables.", websiteUrl: "https://www.veja-store.com", maxDiscountPercent: 10 },
  // sport
  { name: "Decathlon", slug: "decathlon", category: "Sport", description: "Tout le sport au meilleur prix, du yoga à la randonnée.", websiteUrl: "https://www.decathlon.fr", maxDiscountPercent: 20 },
  { name: "Nike", slug: "nike", category: "Sport", description: "Chaussures, vêtements et équipements pour bouger comme une athlète.", websiteUrl: "https://www.nike.com", maxDiscountPercent: 30 },
  { name: "Adidas", slug: "adidas", category: "Sport", description: "Les trois bandes, des running aux classiques lifestyle.", websiteUrl: "https://www.adidas.fr", maxDiscountPercent: 30 },
  { name: "Lululemon", slug: "lululemon", category: "Sport", description: "Leggings et tenues techniques pour le yoga, la course et l'entraînement.", websiteUrl: "https://www.eu.lululemon.com", maxDiscountPercent: 15 },
  { name: "Asics", slug: "asics", category: "Sport", description: "Des chaussures de running pensées pour le confort et la performance.", websiteUrl: "https://www.asics.com", maxDiscountPercent: 25 },
];

/**
 * The colours of each demo brand's products in the generated demo images: the
 * body (bottle, tube, garment) and the caps, accents and ink.
 */
export const BRAND_COLOURS: Record<string, { primary: string; secondary: string }> = {
  "la-roche-posay": { primary: "#f6f7f9", secondary: "#1f5fae" },
  caudalie: { primary: "#f1e9dc", secondary: "#7c8f3a" },
  nuxe: { primary: "#e3a63b", secondary: "#c9a86a" },
  typology: { primary: "#ede8e1", secondary: "#2b2b2b" },
  avene: { primary: "#f5f8fb", secondary: "#5b9bd5" },
  bioderma: { primary: "#f6d3df", secondary: "#d1316d" },
  clarins: { primary: "#f7f2f0", secondary: "#b4142c" },
  "sephora-collection": { primary: "#151515", secondary: "#e8e8e8" },
  "yves-rocher": { primary: "#d9ead3", secondary: "#1f6b3a" },
  "loccitane-en-provence": { primary: "#f5c400", secondary: "#1d3c6e" },
  "the-ordinary": { primary: "#f3f1ec", secondary: "#4a4a48" },
  lancome: { primary: "#f2b8c6", secondary: "#1a1a1a" },
  kiehls: { primary: "#f3efe3", secondary: "#1d3557" },
  garancia: { primary: "#ead9f0", secondary: "#8e2a7b" },
  respire: { primary: "#fbe7a1", secondary: "#2f6f5e" },
  "aroma-zone": { primary: "#dfeccf", secondary: "#4a8b2c" },
  kerastase: { primary: "#1c1a17", secondary: "#c8a45a" },
  sezane: { primary: "#f2e6d6", secondary: "#1f2a44" },
  jules: { primary: "#2c4a6e", secondary: "#d9d2c3" },
  promod: { primary: "#e8606d", secondary: "#2b2b2b" },
  etam: { primary: "#e98aa5", secondary: "#7a1f3d" },
  sandro: { primary: "#1e1e1e", secondary: "#c9b8a6" },
  kiabi: { primary: "#0a74c4", secondary: "#ffd43b" },
  veja: { primary: "#f5f3ee", secondary: "#1f5c45" },
  decathlon: { primary: "#0082c3", secondary: "#1b2a4e" },
  nike: { primary: "#1c1c1c", secondary: "#ff6b1a" },
  adidas: { primary: "#f4f4f4", secondary: "#1a1a1a" },
  lululemon: { primary: "#d22030", secondary: "#1a1a1a" },
  asics: { primary: "#0b2a6f", secondary: "#e23b3b" },
};
