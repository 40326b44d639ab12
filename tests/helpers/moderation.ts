import { loader as moderationLoader } from "#app/routes/admin/moderation";
import type { ModerationTab } from "#app/modules/notices/moderation-desk";
import { req } from "./auth";
import { callRoute } from "./route";

type DeskData = Extract<Awaited<ReturnType<typeof moderationLoader>>, { tab: unknown }>;

/**
 * Every page of one tab of /admin/moderation, merged: a test finds its own
 * rows whatever the other tests left in the queue (a tab shows one page).
 */
export async function moderationTab(cookie: string, tab: ModerationTab): Promise<DeskData> {
  const first = await callRoute(moderationLoader, req(`/admin/moderation?onglet=${tab}`, { cookie }));
  const merged = { ...(first.data as DeskData) };
  for (let page = 2; page <= merged.pager.pageCount; page++) {
    const next = (await callRoute(moderationLoader, req(`/admin/moderation?onglet=${tab}&page=${page}`, { cookie }))).data as DeskData;
    for (const key of ["pending", "pendingDeals", "pendingComments", "reportedComments", "reportedDeals", "blocked", "appeals", "stillValid"] as const) {
      (merged[key] as unknown[]) = [...(merged[key] as unknown[]), ...(next[key] as unknown[])];
    }
  }
  return merged;
}
