import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import { memberBalances, type MemberBalances } from "#app/modules/ledger/ledger.server";
import { affiliatePrograms, brands, cashbackEmailOptOuts, clickSessions, conversions, ledgerAccounts, memberCashbackEvents, memberCashbacks } from "#db/schema";
import { purchaseAnchor } from "./member-cashback.schema";
import { CASHBACK_EMAIL_KINDS, type CashbackEmailKind } from "./statuses";
import { CASHBACK_AWAITING, memberCashbackStatus } from "#db/states/member-cashback-status";

/** Lines per page of /mon-cashback: a member with 1,000 purchases gets 20 pages, each one indexed query. */
export const MEMBER_CASHBACK_PAGE_SIZE = 50;

interface MemberCashbackTimelineStep {
  /** "click" | "detected" | a member_cashbacks status */
  step: string;
  at: string;
}

export interface MemberCashbackLine {
  id: string;
  merchant: string;
  /** when the purchase was made (the network's transaction time) */
  purchasedAt: string;
  /** the network's amount spent, exact numeric text, or null when the network does not give it */
  saleAmount: string | null;
  currency: string;
  amountCents: number;
  status: string;
  expectedValidationAt: string | null;
  reasonTextFr: string | null;
  timeline: MemberCashbackTimelineStep[];
}

export interface MemberCashbackPage {
  lines: MemberCashbackLine[];
  page: number;
  pageCount: number;
  total: number;
}

/** The member's purchases that are shown (a push-only detection never confirmed is hidden). */
const visibleOf = (userId: string) => and(eq(memberCashbacks.userId, userId), isNull(memberCashbacks.hiddenAt));

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * One page of the member's purchases, newest first (index member_cashbacks_user_idx),
 * hidden ones left out, in one query: the page's lines joined to their conversion,
 * programme, brand and click, with the member's count (computed once, not per line)
 * and each line's timeline events (index member_cashback_events_cashback_idx). A page
 * past the last has no line to carry the count: it is then counted apart.
 */
export async function listMemberCashbacks(userId: string, page = 1): Promise<MemberCashbackPage> {
  const db = await getDb();
  const current = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const rows = await db
    .select({
      id: memberCashbacks.id,
      merchant: sql<string | null>`coalesce(${brands.name}, ${affiliatePrograms.networkProgramId})`,
      transactionAt: conversions.transactionAt,
      saleAmount: conversions.saleAmount,
      currency: conversions.currency,
      amountCents: memberCashbacks.amountCents,
      status: memberCashbacks.status,
      expectedValidationAt: memberCashbacks.expectedValidationAt,
      reasonTextFr: memberCashbacks.reasonTextFr,
      clickedAt: clickSessions.createdAt,
      // a window count would join every purchase of the member, not just the page
      total: sql<number>`(select count(*) from ${memberCashbacks} where ${visibleOf(userId)})`.mapWith(Number),
      events: sql<Array<{ at: string; toStatus: string }>>`(
        select coalesce(json_agg(json_build_object('at', e.at, 'toStatus', e.to_status) order by e.at, e.id), '[]'::json)
        from ${memberCashbackEvents} e where e.member_cashback_id = ${memberCashbacks.id})`,
    })
    .from(memberCashbacks)
    .innerJoin(conversions, eq(conversions.id, memberCashbacks.conversionId))
    .leftJoin(affiliatePrograms, eq(affiliatePrograms.id, conversions.programId))
    .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .leftJoin(clickSessions, eq(clickSessions.id, memberCashbacks.clickSessionId))
    .where(visibleOf(userId))
    .orderBy(desc(memberCashbacks.createdAt), desc(memberCashbacks.id))
    .limit(MEMBER_CASHBACK_PAGE_SIZE)
    .offset((current - 1) * MEMBER_CASHBACK_PAGE_SIZE);
  const total = rows[0]?.total ?? (current > 1 ? await countMemberCashbacks(userId) : 0);

  return {
    page: current,
    total,
    pageCount: Math.max(1, Math.ceil(total / MEMBER_CASHBACK_PAGE_SIZE)),
    lines: rows.map((r) => ({
      id: r.id,
      merchant: r.merchant ?? "Marchand",
      purchasedAt: new Date(r.transactionAt).toISOString(),
      saleAmount: r.saleAmount,
      currency: r.currency,
      amountCents: r.amountCents,
      status: r.status,
      expectedValidationAt: iso(r.expectedValidationAt),
      reasonTextFr: r.reasonTextFr,
      timeline: timeline(r.clickedAt, r.transactionAt, r.events),
    })),
  };
}

/** Clic → Achat détecté → each later status change (the first detection is the purchase itself). */
function timeline(clickedAt: Date | null, transactionAt: Date, events: { at: Date | string; toStatus: string }[]): MemberCashbackTimelineStep[] {
  const steps: MemberCashbackTimelineStep[] = [];
  if (clickedAt) steps.push({ step: "click", at: new Date(clickedAt).toISOString() });
  const firstDetection = events.find((e) => (CASHBACK_AWAITING as readonly string[]).includes(e.toStatus));
  steps.push({ step: "detected", at: new Date(firstDetection?.at ?? transactionAt).toISOString() });
  for (const e of events) {
    if (e === firstDetection || e.toStatus === memberCashbackStatus.is.tracked) continue;
    const last = steps.at(-1);
    if (last && last.step === e.toStatus) continue;
    steps.push({ step: e.toStatus, at: new Date(e.at).toISOString() });
  }
  return steps;
}

async function countMemberCashbacks(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(memberCashbacks)
    .where(visibleOf(userId));
  return row?.n ?? 0;
}

/**
 * Where the member sees the purchase of a conversion on /mon-cashback: its line's anchor on the
 * page that lists it (same order as listMemberCashbacks), or the purchases' heading when the
 * line is hidden or not there yet.
 */
export async function purchaseHref(userId: string, conversionId: string): Promise<string> {
  const db = await getDb();
  const [line] = await db
    .select({
      id: memberCashbacks.id,
      // the lines listed before it: newer, or as new with a greater id (compared in the database, to the microsecond)
      before: sql<number>`(select count(*) from ${memberCashbacks} m where m.user_id = ${userId} and m.hidden_at is null
        and (m.created_at, m.id) > (${memberCashbacks.createdAt}, ${memberCashbacks.id}))`.mapWith(Number),
    })
    .from(memberCashbacks)
    .where(and(visibleOf(userId), eq(memberCashbacks.conversionId, conversionId)))
    .limit(1);
  if (!line) return "/mon-cashback#purchases";
  const page = Math.floor(line.before / MEMBER_CASHBACK_PAGE_SIZE) + 1;
  return `/mon-cashback${page > 1 ? `?page=${page}` : ""}#${purchaseAnchor(line.id)}`;
}

/** The four balances of "Mon cashback", from the ledger (ADR 013). */
export async function memberCashbackBalances(userId: string): Promise<Pick<MemberBalances, "pending" | "available" | "inPayout" | "paid">> {
  const { pending, available, inPayout, paid } = await memberBalances(userId);
  return { pending, available, inPayout, paid };
}

/**
 * « Cashback validé » (issue #34 item 8, ADR 037): what a member has earned for good, from the ledger: what is
 * available, being paid and paid, i.e. the sum of those three cards of /mon-cashback. The one figure of a
 * member's gains, on /profile and in the back office's list of users; pending cashback is not in it.
 */
const VALIDATED_CASHBACK_KINDS = ["available", "in_payout", "paid"] as const;

export function validatedCashbackCents(balances: Pick<MemberBalances, "available" | "inPayout" | "paid">): number {
  return balances.available + balances.inPayout + balances.paid;
}

/** Each member's « Cashback validé » in cents (validatedCashbackCents), in one query; members without ledger accounts are absent. */
export async function validatedCashbackByMember(userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ userId: ledgerAccounts.userId, cents: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, "member"), inArray(ledgerAccounts.userId, [...userIds]), inArray(ledgerAccounts.kind, [...VALIDATED_CASHBACK_KINDS])))
    .groupBy(ledgerAccounts.userId);
  return new Map(rows.map((r) => [r.userId!, Number(r.cents)]));
}

/** Which cashback e-mails the member receives (all of them unless switched off). */
export async function cashbackEmailPreferences(userId: string): Promise<Record<CashbackEmailKind, boolean>> {
  const db = await getDb();
  const off = await db.select({ kind: cashbackEmailOptOuts.kind }).from(cashbackEmailOptOuts).where(eq(cashbackEmailOptOuts.userId, userId));
  const offKinds = new Set(off.map((r) => r.kind));
  return Object.fromEntries(CASHBACK_EMAIL_KINDS.map((k) => [k, !offKinds.has(k)])) as Record<CashbackEmailKind, boolean>;
}

/** Save the member's choices: one opt-out row per e-mail type switched off. */
export async function setCashbackEmailPreferences(userId: string, wanted: Record<CashbackEmailKind, boolean>): Promise<void> {
  const db = await getDb();
  const off = CASHBACK_EMAIL_KINDS.filter((k) => !wanted[k]);
  const on = CASHBACK_EMAIL_KINDS.filter((k) => wanted[k]);
  await db.transaction(async (tx) => {
    if (on.length) await tx.delete(cashbackEmailOptOuts).where(and(eq(cashbackEmailOptOuts.userId, userId), inArray(cashbackEmailOptOuts.kind, on)));
    if (off.length) await tx.insert(cashbackEmailOptOuts).values(off.map((kind) => ({ userId, kind }))).onConflictDoNothing();
  });
}
