// Constants and copy of the deals pages, free of zod so public pages do not ship it.
export const DEAL_SOURCES = ["temu", "shein", "aliexpress"] as const;
export type DealSource = (typeof DEAL_SOURCES)[number];
/** A source as its brand writes its name: the back office's « Source » filter and list. */
const DEAL_SOURCE_LABELS: Record<DealSource, string> = { temu: "Temu", shein: "Shein", aliexpress: "AliExpress" };
/** A deal's source (free text in the form) by its brand name when it is a known one. */
export function dealSourceLabel(source: string): string {
  const key = source.trim().toLowerCase();
  return Object.hasOwn(DEAL_SOURCE_LABELS, key) ? DEAL_SOURCE_LABELS[key as DealSource] : source;
}
/** The back office's « Source » filter. */
export const DEAL_SOURCE_OPTIONS = DEAL_SOURCES.map((s) => ({ value: s, label: DEAL_SOURCE_LABELS[s] }));
export const DEALS_PAGE_SIZE = 24;
export const DEALS_SKELETON_COUNT = 6;
export const FEATURED_DEALS_LIMIT = 3;
/** "Pertinence" ranks the newest matches only (ADR 019 §Measurements: ranking every match of a common word at a million deals takes 1.25 s). */
export const RELEVANCE_WINDOW = 500;

export const DEAL_MESSAGES = {
  errorTitle: "Oups, une erreur s'est produite lors du chargement des deals.",
  errorHint: "Essaie de rafraîchir la page ou reviens plus tard.",
  emptyTitle: "Aucun deal ne correspond à ta recherche.",
  emptyHint: "Essaie avec d'autres termes ou filtre.",
  homeEmpty: "Aucun deal disponible pour le moment.",
  searchPlaceholder: "Recherche par nom ou description...",
} as const;

/** A deal's cta_text is a code (copied, members only) when it looks like one; otherwise it labels the link. */
export const isDealCode = (cta: string) => /^[A-Z0-9_-]{3,30}$/.test(cta);

/**
 * The deals page's tabs (?tab=): « Les plus hot » (published, not expired, by
 * hot score), « Nouveaux » (by publication date), and the default list (the
 * chosen sort). A tab's order wins over the sort; the words and filters apply.
 */
export const DEAL_TABS = ["tous", "hot", "nouveaux", "commentes"] as const;
export type DealTab = (typeof DEAL_TABS)[number];
export const DEAL_TAB_LABELS: Record<DealTab, string> = { tous: "Tous les deals", hot: "Les plus hot", nouveaux: "Nouveaux", commentes: "Commentés" };
