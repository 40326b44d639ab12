/** Promo codes; `expiresInDays` is relative to the seed time (null = no expiry). */
export interface PromoCodeSeed {
  brandSlug: string;
  code: string;
  discountAmount: string;
  description: string | null;
  category: string | null;
  isFeatured: boolean;
  expiresInDays: number | null;
}

export const PROMO_CODES: PromoCodeSeed[] = [
  { brandSlug: "caudalie", code: "VINOGLOW15", discountAmount: "15%", description: "Sur toute la gamme Vinoperfect, dès 40€ d'achat.", category: "Soin du visage", isFeatured: true, expiresInDays: 3 },
  { brandSlug: "nuxe", code: "PRODIGIEUX20", discountAmount: "20%", description: "Sur l'Huile Prodigieuse et les coffrets.", category: "Corps & bain", isFeatured: true, expiresInDays: 12 },
  { brandSlug: "typology", code: "CREVARDE10", discountAmount: "10€", description: "Dès 50€ d'achat, hors coffrets.", category: "Soin du visage", isFeatured: true, expiresInDays: 25 },
  { brandSlug: "sephora-collection", code: "MAKEUP30", discountAmount: "30%", description: "Sur une sélection de rouges à lèvres.", category: "Maquillage", isFeatured: true, expiresInDays: 6 },
  { brandSlug: "la-roche-posay", code: "EFFACLAR12", discountAmount: "12%", description: "Sur la routine anti-imperfections Effaclar.", category: "Soin du visage", isFeatured: false, expiresInDays: 40 },
  { brandSlug: "avene", code: "THERMALE5", discountAmount: "5€", description: null, category: "Soin du visage", isFeatured: false, expiresInDays: null },
  { brandSlug: "clarins", code: "DOUBLESERUM", discountAmount: "25%", description: "Sur le Double Serum, format 50 ml.", category: "Soin du visage", isFeatured: false, expiresInDays: -5 },
  { brandSlug: "yves-rocher", code: "BRETAGNE40", discountAmount: "40%", description: "Sur le deuxième produit acheté.", category: "Corps & bain", isFeatured: false, expiresInDays: 2 },
  { brandSlug: "loccitane-en-provence", code: "KARITE15", discountAmount: "15%", description: "Sur la gamme Karité.", category: "Corps & bain", isFeatured: false, expiresInDays: -20 },
  { brandSlug: "lancome", code: "VIEBELLE", discountAmount: "20€", description: "Dès 100€ d'achat en parfumerie.", category: "Parfum", isFeatured: false, expiresInDays: 60 },
  { brandSlug: "kiehls", code: "ULTRAFACIAL", discountAmount: "15%", description: null, category: "Soin du visage", isFeatured: false, expiresInDays: null },
  { brandSlug: "garancia", code: "SORCIERE", discountAmount: "18%", description: "Sur les soins Diabolique Tomate.", category: null, isFeatured: false, expiresInDays: 15 },
  { brandSlug: "kerastase", code: "CHEVEUX20", discountAmount: "20%", description: "Sur les masques et sérums.", category: "Cheveux", isFeatured: false, expiresInDays: 5 },
  { brandSlug: "aroma-zone", code: "DIYBEAUTE", discountAmount: "10%", description: "Sur les actifs cosmétiques.", category: "Cheveux", isFeatured: false, expiresInDays: null },
  { brandSlug: "sezane", code: "PARISIENNE", discountAmount: "10%", description: "Sur la nouvelle collection.", category: "Mode", isFeatured: false, expiresInDays: 30 },
  { brandSlug: "etam", code: "LINGERIE25", discountAmount: "25%", description: "Sur la lingerie et les pyjamas.", category: "Mode", isFeatured: false, expiresInDays: -2 },
  { brandSlug: "kiabi", code: "FAMILLE15", discountAmount: "15%", description: null, category: "Mode", isFeatured: false, expiresInDays: 20 },
  { brandSlug: "decathlon", code: "RUNNING10", discountAmount: "10€", description: "Dès 60€ sur le running.", category: "Sport", isFeatured: false, expiresInDays: 9 },
  { brandSlug: "nike", code: "AIRMAX20", discountAmount: "20%", description: "Sur une sélection de baskets.", category: "Sport", isFeatured: false, expiresInDays: 1 },
  { brandSlug: "lululemon", code: "YOGAFLOW", discountAmount: "15%", description: "Sur les leggings Align.", category: "Sport", isFeatured: false, expiresInDays: null },
];
