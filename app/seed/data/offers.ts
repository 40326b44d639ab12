export interface OfferSeed {
  brandSlug: string;
  name: string;
  regularPrice: string;
  category: string;
  tag: string | null;
  isFeatured: boolean;
  /** its product's page on the brand's website (a price history: OFFER_PRICE_HISTORY); without it, the brand's home page, no product */
  productPath?: string;
}

export const OFFERS: OfferSeed[] = [
  { brandSlug: "caudalie", name: "Sérum Vinoperfect éclat", regularPrice: "54,90€", category: "Soin du visage", tag: "CULTE", isFeatured: true },
  { brandSlug: "nuxe", name: "Huile Prodigieuse 100 ml", regularPrice: "32,90€", category: "Corps & bain", tag: "CULTE", isFeatured: true, productPath: "/huile-prodigieuse-100-ml" },
  { brandSlug: "lancome", name: "La Vie est Belle, eau de parfum 50 ml", regularPrice: "89,00€", category: "Parfum", tag: null, isFeatured: true },
  { brandSlug: "typology", name: "Sérum niacinamide 12%", regularPrice: "19,90€", category: "Soin du visage", tag: "NOUVEAU", isFeatured: true },
  { brandSlug: "kerastase", name: "Masque Elixir Ultime", regularPrice: "46,50€", category: "Cheveux", tag: null, isFeatured: true },
  { brandSlug: "sephora-collection", name: "Mascara Size Up", regularPrice: "14,99€", category: "Maquillage", tag: "TOP VENTE", isFeatured: true },
  { brandSlug: "lululemon", name: "Legging Align 63 cm", regularPrice: "98,00€", category: "Sport", tag: null, isFeatured: false },
  { brandSlug: "sezane", name: "Pull Gaspard", regularPrice: "120,00€", category: "Mode", tag: "CULTE", isFeatured: false },
  { brandSlug: "clarins", name: "Double Serum 50 ml", regularPrice: "92,00€", category: "Soin du visage", tag: null, isFeatured: false },
];
