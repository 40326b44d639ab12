export interface OfferSeed {
  brandSlug: string;
  name: string;
  regularPrice: string;
  cashbackPercent: number;
  category: string;
  tag: string | null;
  isFeatured: boolean;
}

export const OFFERS: OfferSeed[] = [
  { brandSlug: "caudalie", name: "Sérum Vinoperfect éclat", regularPrice: "54,90€", cashbackPercent: 10, category: "Soin du visage", tag: "CULTE", isFeatured: true },
  { brandSlug: "nuxe", name: "Huile Prodigieuse 100 ml", regularPrice: "32,90€", cashbackPercent: 9, category: "Corps & bain", tag: "CULTE", isFeatured: true },
  { brandSlug: "lancome", name: "La Vie est Belle, eau de parfum 50 ml", regularPrice: "89,00€", cashbackPercent: 13, category: "Parfum", tag: null, isFeatured: true },
  { brandSlug: "typology", name: "Sérum niacinamide 12%", regularPrice: "19,90€", cashbackPercent: 12, category: "Soin du visage", tag: "NOUVEAU", isFeatured: true },
  { brandSlug: "kerastase", name: "Masque Elixir Ultime", regularPrice: "46,50€", cashbackPercent: 15, category: "Cheveux", tag: null, isFeatured: true },
  { brandSlug: "sephora-collection", name: "Mascara Size Up", regularPrice: "14,99€", cashbackPercent: 8, category: "Maquillage", tag: "TOP VENTE", isFeatured: true },
  { brandSlug: "lululemon", name: "Legging Align 63 cm", regularPrice: "98,00€", cashbackPercent: 11, category: "Sport", tag: null, isFeatured: false },
  { brandSlug: "sezane", name: "Pull Gaspard", regularPrice: "120,00€", cashbackPercent: 7, category: "Mode", tag: "CULTE", isFeatured: false },
  { brandSlug: "clarins", name: "Double Serum 50 ml", regularPrice: "92,00€", cashbackPercent: 11, category: "Soin du visage", tag: null, isFeatured: false },
];
