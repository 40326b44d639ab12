import { asc, eq, sql } from "drizzle-orm";
import { analyticsEvents, brands, conversions, ledgerAccounts, newsletterSubscribers, pages, promoCodes, user } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { expiryWhere } from "./list-query.server";
import { toCents } from "#app/modules/ledger/ledger";

/** Change between two counts as "+12%" / "-5%"; "—" when there is nothing to compare with. */
export function percentChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "0%" : "—";
  const change = Math.round(((current - previous) / previous) * 100);
  return `${change > 0 ? "+" : ""}${change}%`;
}

type Row = { day: string; n: number };

async function daily(table: "user" | "newsletter" | "clicks"): Promise<Row[]> {
  const db = await getDb();
  const q =
    table === "user"
      ? sql`select to_char(date_trunc('day', ${user.createdAt}), 'YYYY-MM-DD') as day, count(*)::int as n from ${user} where ${user.createdAt} >= now() - interval '30 days' group by 1`
      : table === "newsletter"
        ? sql`select to_char(date_trunc('day', ${newsletterSubscribers.createdAt}), 'YYYY-MM-DD') as day, count(*)::int as n from ${newsletterSubscribers} where ${newsletterSubscribers.createdAt} >= now() - interval '30 days' group by 1`
        : sql`select to_char(date_trunc('day', ${analyticsEvents.occurredAt}), 'YYYY-MM-DD') as day, count(*)::int as n from ${analyticsEvents} where ${analyticsEvents.event} = 'click_out' and ${analyticsEvents.occurredAt} >= now() - interval '30 days' group by 1`;
  const result = (await db.execute(q)) as unknown as { rows: Row[] };
  return result.rows;
}

export async function dashboardStats(now = new Date()) {
  const db = await getDb();
  const one = async (q: ReturnType<typeof sql>) => Number(((await db.execute(q)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  const [pagesCount, users, usersThisMonth, usersLastMonth, brandsCount, brandsThisMonth, signups, newsletter, clicks] = await Promise.all([
    one(sql`select count(*)::int as n from ${pages}`),
    one(sql`select count(*)::int as n from ${user}`),
    one(sql`select count(*)::int as n from ${user} where ${user.createdAt} >= date_trunc('month', now())`),
    one(sql`select count(*)::int as n from ${user} where ${user.createdAt} >= date_trunc('month', now()) - interval '1 month' and ${user.createdAt} < date_trunc('month', now())`),
    one(sql`select count(*)::int as n from ${brands}`),
    one(sql`select count(*)::int as n from ${brands} where ${brands.createdAt} >= date_trunc('month', now())`),
    daily("user"),
    daily("newsletter"),
    daily("clicks"),
  ]);
  const days: string[] = [];
  for (let i = 29; i >= 0; i--) {
    const d = new Date(now.getTime() - i * 86400e3);
    days.push(d.toISOString().slice(0, 10));
  }
  const series = (rows: Row[]) => {
    const m = new Map(rows.map((r) => [r.day, Number(r.n)]));
    return days.map((d) => m.get(d) ?? 0);
  };
  return {
    pages: pagesCount,
    users,
    usersChange: percentChange(usersThisMonth, usersLastMonth),
    brands: brandsCount,
    brandsThisMonth,
    chart: { days, signups: series(signups), newsletter: series(newsletter), clicks: series(clicks) },
  };
}

/** At most this many codes on the dashboard's « Codes qui expirent bientôt » (the list's link shows them all). */
const EXPIRING_CODES_LIMIT = 20;

/**
 * « Codes qui expirent bientôt » (issue #17 item 4): the codes whose expiry falls within the
 * next EXPIRING_SOON_DAYS (the lists' « soon » filter, same rule), not already expired,
 * soonest first (promo_codes_expires_idx). `total` counts them all.
 */
export async function expiringCodes(now = new Date()) {
  const db = await getDb();
  const where = expiryWhere(promoCodes.expiresAt, "soon", now);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: promoCodes.id, code: promoCodes.code, brandName: brands.name, expiresAt: promoCodes.expiresAt })
      .from(promoCodes)
      .innerJoin(brands, eq(brands.id, promoCodes.brandId))
      .where(where)
      .orderBy(asc(promoCodes.expiresAt), asc(promoCodes.code))
      .limit(EXPIRING_CODES_LIMIT),
    db.select({ n: sql<number>`count(*)::int` }).from(promoCodes).where(where),
  ]);
  return { total: counted?.n ?? 0, codes: rows.map((r) => ({ ...r, expiresAt: r.expiresAt!.toISOString() })) };
}

/** A commission total in EUR, as exact numeric text ("17.833000"). */
interface CashbackStatusTotals {
  count: number;
  commissionEur: string;
}

export interface CashbackDashboard {
  byStatus: Record<"pending" | "approved" | "declined", CashbackStatusTotals>;
  unattributed: number;
  /** conversions in another currency still waiting for an admin's EUR decision */
  awaitingFx: number;
  /** members' pending + available + in-payout balances, in cents */
  owedToMembersCents: number;
  /** approved commissions the networks have not paid yet, in EUR (exact numeric text) */
  receivableEur: string;
  /** receivable minus owed, in EUR (exact numeric text; negative when we owe more than we expect) */
  marginEur: string;
  /**
   * the two platform accounts of the ledger (ADR 013), in cents, as the amounts they mirror (−balance):
   * the members' share of commissions not validated yet (= their « En attente »), and the validated
   * cashback credited to members net of reversals
   */
  ledger: { commissionsReceivableCents: number; memberLiabilitiesCents: number };
}

/** EUR commission of a conversion: its own amount in EUR, else the admin's FX decision (null until decided). */
const commissionEur = sql`case when ${conversions.currency} = 'EUR' then ${conversions.commissionAmount} else ${conversions.fxCommissionEur} end`;

/**
 * The dashboard's cashback section: conversions by status with their EUR
 * commissions, and what members are owed (their ledger balances) against
 * what the networks owe us (approved, not yet paid).
 */
export async function cashbackDashboard(): Promise<CashbackDashboard> {
  const db = await getDb();
  const statuses = (await db.execute(sql`
    select ${conversions.status} as status, count(*)::int as n, coalesce(sum(${commissionEur}), 0)::text as eur
    from ${conversions} group by 1`)) as unknown as { rows: Array<{ status: string; n: number; eur: string }> };
  const [counts] = (
    (await db.execute(sql`
      select
        (count(*) filter (where ${conversions.userId} is null))::int as unattributed,
        (count(*) filter (where ${conversions.currency} <> 'EUR' and ${conversions.fxCommissionEur} is null))::int as awaiting_fx,
        coalesce(sum(${commissionEur}) filter (where ${conversions.status} = 'approved' and not ${conversions.networkPaid}), 0)::text as receivable
      from ${conversions}`)) as unknown as { rows: Array<{ unattributed: number; awaiting_fx: number; receivable: string }> }
  ).rows;
  const [ledger] = (
    (await db.execute(sql`
      select
        coalesce(sum(${ledgerAccounts.balanceCents}) filter (where ${ledgerAccounts.owner} = 'member' and ${ledgerAccounts.kind} in ('pending', 'available', 'in_payout')), 0)::text as owed,
        coalesce(sum(${ledgerAccounts.balanceCents}) filter (where ${ledgerAccounts.owner} = 'platform' and ${ledgerAccounts.kind} = 'commissions_receivable'), 0)::text as receivable,
        coalesce(sum(${ledgerAccounts.balanceCents}) filter (where ${ledgerAccounts.owner} = 'platform' and ${ledgerAccounts.kind} = 'member_liabilities'), 0)::text as liabilities
      from ${ledgerAccounts}`)) as unknown as { rows: Array<{ owed: string; receivable: string; liabilities: string }> }
  ).rows;
  const owed = toCents(ledger?.owed);
  const receivableEur = counts?.receivable ?? "0";
  const [margin] = ((await db.execute(sql`select ((${receivableEur}::numeric - ${owed}::numeric / 100)::numeric(20, 6))::text as margin`)) as unknown as { rows: Array<{ margin: string }> }).rows;
  const byStatus = { pending: { count: 0, commissionEur: "0" }, approved: { count: 0, commissionEur: "0" }, declined: { count: 0, commissionEur: "0" } };
  for (const r of statuses.rows) {
    if (r.status in byStatus) byStatus[r.status as keyof typeof byStatus] = { count: Number(r.n), commissionEur: r.eur };
  }
  return {
    byStatus,
    unattributed: Number(counts?.unattributed ?? 0),
    awaitingFx: Number(counts?.awaiting_fx ?? 0),
    owedToMembersCents: owed,
    receivableEur,
    marginEur: margin?.margin ?? "0",
    ledger: { commissionsReceivableCents: 0 - toCents(ledger?.receivable), memberLiabilitiesCents: 0 - toCents(ledger?.liabilities) },
  };
}
