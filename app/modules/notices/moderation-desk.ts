/**
 * The moderation desk's tabs (issue #37 item 6), in the order a moderator
 * works: illegal-content notices first (legal deadlines), then the community
 * queues. Client-safe: the route and its links share it.
 */
export const MODERATION_TABS = ["illicites", "deals", "commentaires", "signalements", "membres", "contestations", "signaux"] as const;
export type ModerationTab = (typeof MODERATION_TABS)[number];

export const MODERATION_TAB_LABELS: Record<ModerationTab, string> = {
  illicites: "Contenus illicites (DSA)",
  deals: "Deals à valider",
  commentaires: "Commentaires",
  signalements: "Signalements",
  membres: "Membres bloqués",
  contestations: "Contestations",
  signaux: "Expirations et votes",
};

/** Rows per page of a tab's queue (each item carries its decision forms). */
export const MODERATION_PAGE_SIZE = 20;

/** The tab asked for in `?onglet=`; anything else is the first one. */
export function moderationTab(url: URL | string): ModerationTab {
  const raw = (typeof url === "string" ? new URL(url) : url).searchParams.get("onglet");
  return (MODERATION_TABS as readonly string[]).includes(raw ?? "") ? (raw as ModerationTab) : MODERATION_TABS[0];
}

/** The address of a tab's page: `?onglet=` always, `&page=` from 2 on. */
export function moderationHref(tab: ModerationTab, page = 1): string {
  const params = new URLSearchParams({ onglet: tab });
  if (page > 1) params.set("page", String(page));
  return `/admin/moderation?${params}`;
}
