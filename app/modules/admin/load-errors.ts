/** The back office's load-failure messages, in the product spec's words (ADR 006, Home sections), shown as an "Erreur" toast inside the admin layout. */
export const ADMIN_LOAD_ERRORS = {
  promoCodes: "Impossible de récupérer les codes promo.",
  brands: "Impossible de récupérer les marques.",
  offers: "Impossible de récupérer les offres.",
  deals: "Impossible de récupérer les coups de crevarde.",
  categories: "Impossible de charger les catégories.",
  contentBlocks: "Impossible de charger les blocs de contenu.",
  pages: "Impossible de charger les pages.",
  blog: "Impossible de charger les articles du blog.",
  users: "Impossible de charger les utilisateurs.",
  conversions: "Impossible de charger les conversions.",
  payouts: "Impossible de charger les paiements.",
  treasury: "Impossible de charger la trésorerie.",
  referrals: "Impossible de charger les parrainages à vérifier.",
  claims: "Impossible de charger les réclamations.",
  history: "Impossible de charger l'historique.",
  prices: "Impossible de charger l'historique des prix.",
} as const;

/** Body of the 503 a list loader throws when a query fails: which message to show. */
export interface AdminLoadErrorData {
  loadError: string;
}

export function isAdminLoadError(value: unknown): value is AdminLoadErrorData {
  return typeof value === "object" && value !== null && typeof (value as { loadError?: unknown }).loadError === "string";
}
