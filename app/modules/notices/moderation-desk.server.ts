import { countPendingAppeals, listPendingAppeals } from "#app/modules/deals/appeals.server";
import { countPendingComments, countReportedTargets, pendingCommentsPage, reportQueuePage } from "#app/modules/deals/deal-comments.server";
import { countStillValidReports, listStillValidReports } from "#app/modules/deals/deal-expiry.server";
import { listDampedVotes } from "#app/modules/deals/deal-votes.server";
import { countPendingDeals, dealModerationQueue } from "#app/modules/deals/posting.server";
import { countBlockedMembers, listBlockedMembers } from "#app/modules/members/member-blocks.server";
import { MODERATION_PAGE_SIZE, MODERATION_TABS, type ModerationTab } from "./moderation-desk";
import { countPendingNotices, moderationOverview } from "./notices.server";

/**
 * /admin/moderation (issue #37 item 6): every tab's count (what waits), and
 * the data of the active tab only, one page of its queue (ADR 038 §Moderation desk).
 */

/** What waits in each tab: the number on its label. */
export async function moderationCounts(now = new Date()): Promise<Record<ModerationTab, number>> {
  const [illicites, deals, commentaires, signalements, membres, contestations, signaux] = await Promise.all([
    countPendingNotices(),
    countPendingDeals(),
    countPendingComments(),
    countReportedTargets(),
    countBlockedMembers(now),
    countPendingAppeals(),
    countStillValidReports(),
  ]);
  const counts = { illicites, deals, commentaires, signalements, membres, contestations, signaux };
  return Object.fromEntries(MODERATION_TABS.map((t) => [t, counts[t]])) as Record<ModerationTab, number>;
}

const EMPTY = {
  pending: [] as Awaited<ReturnType<typeof moderationOverview>>["pending"],
  decided: [] as Awaited<ReturnType<typeof moderationOverview>>["decided"],
  pendingDeals: [] as Awaited<ReturnType<typeof dealModerationQueue>>["pendingDeals"],
  publishedDeals: [] as Awaited<ReturnType<typeof dealModerationQueue>>["publishedDeals"],
  pendingComments: [] as Awaited<ReturnType<typeof pendingCommentsPage>>,
  reportedComments: [] as Awaited<ReturnType<typeof reportQueuePage>>["reportedComments"],
  reportedDeals: [] as Awaited<ReturnType<typeof reportQueuePage>>["reportedDeals"],
  blocked: [] as Awaited<ReturnType<typeof listBlockedMembers>>,
  appeals: [] as Awaited<ReturnType<typeof listPendingAppeals>>,
  stillValid: [] as Awaited<ReturnType<typeof listStillValidReports>>,
  damped: [] as Awaited<ReturnType<typeof listDampedVotes>>,
};

/** The page asked for, clamped into 1..pageCount of `total` rows (as paginate does), and its window. */
function pageWindow(requested: number, total: number) {
  const pageCount = Math.max(1, Math.ceil(total / MODERATION_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount);
  return { pager: { page, pageCount, total, pageSize: MODERATION_PAGE_SIZE }, limit: MODERATION_PAGE_SIZE, offset: (page - 1) * MODERATION_PAGE_SIZE };
}

/**
 * One page of the tab's queue (`total` is the tab's count, the page clamped
 * to what exists), with the tab's side lists (last decisions, last published
 * member deals, damped votes); the other tabs' lists stay empty, unread.
 */
export async function moderationTabData(tab: ModerationTab, requested: number, total: number, now = new Date()) {
  const { pager, limit, offset } = pageWindow(requested, total);
  switch (tab) {
    case "illicites":
      return { pager, ...EMPTY, ...(await moderationOverview(limit, offset)) };
    case "deals":
      return { pager, ...EMPTY, ...(await dealModerationQueue(limit, offset)) };
    case "commentaires":
      return { pager, ...EMPTY, pendingComments: await pendingCommentsPage(limit, offset) };
    case "signalements":
      return { pager, ...EMPTY, ...(await reportQueuePage(limit, offset)) };
    case "membres":
      return { pager, ...EMPTY, blocked: await listBlockedMembers(now, limit, offset) };
    case "contestations":
      return { pager, ...EMPTY, appeals: await listPendingAppeals(limit, offset) };
    case "signaux": {
      const [stillValid, damped] = await Promise.all([listStillValidReports(limit, offset), listDampedVotes()]);
      return { pager, ...EMPTY, stillValid, damped };
    }
  }
}
