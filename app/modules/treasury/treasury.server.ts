import { DomainError } from "#app/lib/errors";
import { desc, sql } from "drizzle-orm";
import { networkPayments } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { PG_ERROR, pgErrorCode } from "#app/lib/db-errors.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { toCents } from "#app/modules/ledger/ledger";
import { deletedMemberDebts } from "#app/modules/ledger/ledger.server";
import { solvencyAlert, solvencyFigures, TREASURY_MESSAGES, type NetworkPaymentInput } from "./treasury.schema";
import { conversionStatus } from "#db/states/conversion-status";

/**
 * Solvency view (ADR 037 §Treasury): what members are owed, from the ledger's
 * member accounts, against what the networks owe us and the cash they have
 * actually paid (entered by finance, one row per network payment).
 */

class TreasuryError extends DomainError {}

interface NetworkLine {
  network: string;
  /** approved commissions the network has not paid yet */
  receivableCents: number;
  cashReceivedCents: number;
}

export interface TreasuryOverview {
  members: { pendingCents: number; availableCents: number; inPayoutCents: number; paidCents: number; owedCents: number };
  /**
   * « Dettes de comptes supprimés » (ADR 013): debts left on the anonymised ledger accounts of deleted members;
   * `totalCents` is part of `members.owedCents`, `count` may exceed the rows listed
   */
  deletedDebts: { totalCents: number; count: number; rows: { ref: string; owedCents: number; deletedAt: string | null }[] };
  /** Σ member_liabilities + marketing (welcome bonuses, ADR 013): validated money credited to members, net of reversals (= available + in payout + paid − owed) */
  liabilitiesCents: number;
  receivableCents: number;
  cashReceivedCents: number;
  networks: NetworkLine[];
  /** « À verser aux membres » (available + in payout) and « Trésorerie restante » (cash received − paid): the cards the alert compares */
  toPayCents: number;
  cashLeftCents: number;
  alert: { exposedCents: number; cashCents: number } | null;
  payments: { id: string; network: string; amountCents: number; receivedAt: string; reference: string; note: string | null; createdAt: string }[];
}

/** EUR amount of a numeric(18,6) commission, floored to the cent, as SQL. */
const commissionCentsSql = sql`floor(coalesce(case when c.currency = 'EUR' then c.commission_amount else c.fx_commission_eur end, 0) * 100)`;

export async function treasuryOverview(): Promise<TreasuryOverview> {
  const db = await getDb();
  const [balances] = (
    await db.execute<{ pending: string | null; available: string | null; in_payout: string | null; paid: string | null; receivable: string | null; liabilities: string | null }>(sql`
      select
        sum(balance_cents) filter (where owner = 'member' and kind = 'pending') as pending,
        sum(balance_cents) filter (where owner = 'member' and kind = 'available') as available,
        sum(balance_cents) filter (where owner = 'member' and kind = 'in_payout') as in_payout,
        sum(balance_cents) filter (where owner = 'member' and kind = 'paid') as paid,
        sum(balance_cents) filter (where owner = 'member' and kind = 'receivable') as receivable,
        sum(balance_cents) filter (where owner = 'platform' and kind in ('member_liabilities', 'marketing')) as liabilities
      from ledger_accounts`)
  ).rows;
  // Commissions receivable from the networks: the full commission (our share and the member's)
  // of conversions the network has approved (status 'approved') and not yet paid to us
  // (network_paid false), in EUR (the admin's EUR decision for another currency, none while undecided).
  // Pending conversions are not counted: the network may still decline them.
  const receivable = (
    await db.execute<{ network: string; cents: string }>(sql`
      select c.network, sum(${commissionCentsSql})::bigint as cents
      from conversions c
      where c.status = ${conversionStatus.is.approved} and not c.network_paid
      group by c.network`)
  ).rows;
  const cash = (
    await db.execute<{ network: string; cents: string }>(sql`select network, sum(amount_cents)::bigint as cents from network_payments group by network`)
  ).rows;
  const deleted = await deletedMemberDebts(db);
  const payments = await db.select().from(networkPayments).orderBy(desc(networkPayments.receivedAt), desc(networkPayments.createdAt)).limit(50);

  const byNetwork = new Map<string, NetworkLine>();
  const line = (network: string) => {
    let l = byNetwork.get(network);
    if (!l) byNetwork.set(network, (l = { network, receivableCents: 0, cashReceivedCents: 0 }));
    return l;
  };
  for (const r of receivable) line(r.network).receivableCents += toCents(r.cents);
  for (const r of cash) line(r.network).cashReceivedCents += toCents(r.cents);
  const networks = [...byNetwork.values()].sort((a, b) => a.network.localeCompare(b.network));

  const members = {
    pendingCents: toCents(balances?.pending),
    availableCents: toCents(balances?.available),
    inPayoutCents: toCents(balances?.in_payout),
    paidCents: toCents(balances?.paid),
    // 0 − x, not −x: an empty account is 0,00 €, never « -0,00 € »
    owedCents: 0 - toCents(balances?.receivable),
  };
  const cashReceivedCents = networks.reduce((s, n) => s + n.cashReceivedCents, 0);
  const solvency = { availableCents: members.availableCents, inPayoutCents: members.inPayoutCents, cashReceivedCents, paidOutCents: members.paidCents };
  return {
    members,
    deletedDebts: {
      totalCents: deleted.totalCents,
      count: deleted.count,
      rows: deleted.debts.map((d) => ({ ref: d.ref, owedCents: d.owedCents, deletedAt: d.deletedAt?.toISOString() ?? null })),
    },
    liabilitiesCents: 0 - toCents(balances?.liabilities),
    receivableCents: networks.reduce((s, n) => s + n.receivableCents, 0),
    cashReceivedCents,
    networks,
    ...solvencyFigures(solvency),
    alert: solvencyAlert(solvency),
    payments: payments.map((p) => ({
      id: p.id,
      network: p.network,
      amountCents: p.amountCents,
      receivedAt: p.receivedAt.toISOString(),
      reference: p.reference,
      note: p.note,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

/** Record a payment received from a network, with its audit entry in the same transaction; a duplicate (network, reference) is a 409. */
export async function recordNetworkPayment(actor: { id: string; email: string }, input: Omit<NetworkPaymentInput, "intent">) {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(networkPayments)
        .values({ network: input.network, amountCents: input.amount, receivedAt: input.receivedAt, reference: input.reference, note: input.note, createdBy: actor.id })
        .returning();
      await recordAuditIn(tx, actor, { action: "create", entity: "network_payments", entityId: row.id, after: row });
      return row;
    });
  } catch (error) {
    if (pgErrorCode(error) === PG_ERROR.uniqueViolation) throw new TreasuryError(TREASURY_MESSAGES.duplicate, 409);
    throw error;
  }
}
