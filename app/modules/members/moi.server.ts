import { and, eq, inArray } from "drizzle-orm";
import { crevardeDeals, promoCodes } from "#db/schema";
import type { SessionUser } from "#app/lib/auth.server";
import { displayName, initials } from "#app/modules/accounts/display";
import { digestKey } from "#app/lib/data-cache.server";
import { getDb } from "#app/lib/db.server";
import { withCashbackLinks } from "#app/modules/cashback/click-out.server";
import type { MemberVote } from "#app/modules/deals/deal-votes.server";
import { isDealCode } from "#app/modules/deals/deals.constants";
import { publicDeal } from "#app/modules/deals/deals.server";
import type { NoReason } from "#app/modules/promo-codes/code-feedback";
import { listMemberCodes } from "#app/modules/promo-codes/promo-codes.server";
import { scheduledRead, scheduleOpen } from "#app/modules/schedule/schedule.server";
import { getSetting } from "#app/modules/settings/settings.server";
import type { Role } from "#db/constants";
import type { MoiQuery } from "./moi.schema";
import { memberMarks } from "./member-state.server";
import { can } from "#app/lib/permissions";
import { memberComments, hasReportedDeal, type MemberComments } from "#app/modules/deals/deal-comments.server";
import { viewerFlags } from "#app/modules/deals/deal-expiry.server";
import { TEMPERATURE_TIER_LABELS, temperatureTier, visibleTemperature } from "#app/modules/deals/deal-rules";

/**
 * What a shared page (ADR 048) shows of the signed-in member, for the ids it shows: the header's pseudo,
 * avatar and badge, their votes, saved deals and codes, « Ça a marché ? » answers, and what a visitor
 * does not see of a deal (its code, the tracked cashback link). A visitor's answer is ANONYMOUS_MOI.
 */
export interface Moi {
  user: { displayName: string; initials: string; avatarUrl: string | null; dealsUsed: number; role: Role } | null;
  votes: Record<string, MemberVote>;
  savedDeals: string[];
  savedCodes: string[];
  feedback: Record<string, { mine: boolean; reason: NoReason | null }>;
  /** the code of each shown code deal: masked in the shared page */
  dealCodes: Record<string, string>;
  /** the code of each shown published promo code (live, or expired on /codes-promo): masked in the shared page */
  promoCodes: Record<string, string>;
  /** the member's tracked link of each shown deal and code whose brand has a programme, once cashback is launched */
  cashback: Record<string, string>;
  /** the deal page's own parts (`deal=<id>`), for a deal anyone may see */
  deal: DealMoi | null;
}

export const ANONYMOUS_MOI: Moi = { user: null, votes: {}, savedDeals: [], savedCodes: [], feedback: {}, dealCodes: {}, promoCodes: {}, cashback: {}, deal: null };

/**
 * The member's own state for these ids, built from their session (kept in memory, ADR 032), their marks (kept in
 * memory per member, member-state.server.ts) and the shown items' public parts (the data cache): no database read
 * once these are warm. A member whose marks are not kept is read from the database for these ids.
 */
export async function moiFor(user: SessionUser | null, query: MoiQuery, now = new Date()): Promise<Moi> {
  if (!user) return ANONYMOUS_MOI;
  const db = await getDb();
  const { deals } = query;
  const codes = await withListedCodes(query, now);
  const [marks, dealRows, codeRows, launched, dealPage] = await Promise.all([
    memberMarks(user.id, deals, codes),
    // only deals anyone may see: an id of a draft or a removed deal gives nothing away. The same for every
    // member: kept in the data cache until a write or a schedule boundary (ADR 030), as the page's own reads
    deals.length
      ? scheduledRead(digestKey("moi:deal-cta", deals), ["crevarde_deals"], now, () =>
          db.select({ id: crevardeDeals.id, ctaText: crevardeDeals.ctaText }).from(crevardeDeals).where(and(inArray(crevardeDeals.id, deals), publicDeal(now))),
        )
      : [],
    // only published codes, as a member sees them on the page: the live ones, and the expired ones /codes-promo lists apart
    codes.length
      ? scheduledRead(digestKey("moi:code", codes), ["promo_codes"], now, () =>
          db.select({ id: promoCodes.id, code: promoCodes.code }).from(promoCodes).where(and(inArray(promoCodes.id, codes), scheduleOpen(promoCodes, now))),
        )
      : [],
    getSetting("cashback_launched"),
    query.deal ? memberDealPage(user, query.deal, now) : null,
  ]);
  const links = [...(await withCashbackLinks(dealRows, "deal", launched)), ...(await withCashbackLinks(codeRows, "code", launched))];
  const name = displayName(user);
  return {
    user: { displayName: name, initials: initials(name), avatarUrl: user.avatarUrl, dealsUsed: user.dealsUsed, role: user.role },
    votes: marks.votes,
    savedDeals: marks.savedDeals,
    savedCodes: marks.savedCodes,
    feedback: Object.fromEntries(Object.entries(marks.answers).map(([id, a]) => [id, { mine: a.worked, reason: a.reason }])),
    dealCodes: Object.fromEntries(dealRows.filter((d) => isDealCode(d.ctaText)).map((d) => [d.id, d.ctaText])),
    promoCodes: Object.fromEntries(codeRows.map((c) => [c.id, c.code])),
    cashback: Object.fromEntries(links.filter((d) => d.cashbackHref).map((d) => [d.id, d.cashbackHref!])),
    deal: dealPage,
  };
}

/* ------------------------------ the deal page ------------------------------ */

/**
 * What the shared deal page (ADR 048) does not show of the member: their vote and « Sauvegarder », whether the deal
 * is theirs (no vote, « Marquer comme expiré », its temperature while it is new), whether they may moderate
 * (« Réactiver le deal »), their « Expiré ? » flags, their report of the deal, and their part in its comments.
 */
export interface DealMoi {
  id: string;
  vote: Moi["votes"][string] | null;
  saved: boolean;
  isAuthor: boolean;
  canModerate: boolean;
  /** the temperature of their own deal, which others do not see while it is new; null when not theirs */
  heat: { isNew: boolean; temperature: number | null; tier: string | null } | null;
  flags: Awaited<ReturnType<typeof viewerFlags>>;
  reported: boolean;
  comments: MemberComments;
}

/** The member's own parts of a deal page, for a deal anyone may see (else null): up to eight small indexed reads. */
export async function memberDealPage(user: SessionUser, dealId: string, now = new Date()): Promise<DealMoi | null> {
  const db = await getDb();
  const [row] = await db
    .select({ authorId: crevardeDeals.authorId, temperature: crevardeDeals.temperature, publishedAt: crevardeDeals.publishedAt })
    .from(crevardeDeals)
    .where(and(eq(crevardeDeals.id, dealId), publicDeal(now)));
  if (!row) return null;
  const [marks, flags, reported, comments] = await Promise.all([
    memberMarks(user.id, [dealId], []),
    viewerFlags(user.id, dealId),
    hasReportedDeal(user.id, dealId),
    memberComments(user.id, dealId, now),
  ]);
  const isAuthor = row.authorId === user.id;
  const shown = visibleTemperature(row, user.id, now);
  return {
    id: dealId,
    vote: marks.votes[dealId] ?? null,
    saved: marks.savedDeals.length > 0,
    isAuthor,
    canModerate: can(user.role, "moderation"),
    heat: isAuthor ? { ...shown, tier: shown.temperature === null ? null : TEMPERATURE_TIER_LABELS[temperatureTier(shown.temperature)] } : null,
    flags,
    reported,
    comments,
  };
}

/** The codes asked about, and with `liste=codes-promo` every code of that page's list (live and expired), read as the page reads it. */
async function withListedCodes(query: MoiQuery, now: Date): Promise<string[]> {
  if (query.liste !== "codes-promo") return query.codes;
  const listed = await listMemberCodes(query.categorie || null, null, now);
  return [...new Set([...query.codes, ...listed.live.map((c) => c.id), ...listed.expired.map((c) => c.id)])];
}
