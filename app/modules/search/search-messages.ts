/** The search's French copy (issue #14). */
export const SEARCH_MESSAGES = {
  label: "Rechercher sur Crevarde",
  placeholder: "Marque, produit, code promo…",
  submit: "Rechercher",
  title: "Recherche",
  noResult: "Aucun résultat",
  noResultHint: "Essaie avec d'autres mots, ou parcours les marques et les deals du jour.",
  didYouMean: "Tu voulais dire",
  correctedPrefix: "Résultats pour",
  emptyQuery: "Tape un mot pour chercher une marque, un produit, un code promo, un deal ou un article.",
  suggestions: "Suggestions",
} as const;
