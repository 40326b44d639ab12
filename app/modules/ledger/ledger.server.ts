import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type Db } from "#app/lib/db.server";
import type { AuditEntity } from "#app/lib/permissions";
import { auditLog, ledgerAccounts, ledgerEntries, ledgerOperations, ledgerTransfers, LEDGER_MEMBER_ACCOUNT_KINDS, LEDGER_PLATFORM_ACCOUNT_KINDS } from "#db/schema";
import { PG_ERROR, pgErrorCode } from "#app/lib/db-errors.server";
import { assertCents, InsufficientFundsError, LedgerError, LedgerStateError, MemberMoneyOutstandingError, toCents } from "./ledger";

/**
 * Double-entry ledger (ADR 013). Every money change is an operation with a
 * deterministic idempotency key, made of transfers from one account to
 * another; each transfer writes two entries that sum to zero and carry the
 * account's balance and version after it. Accounts are locked in sorted id
 * order, so parallel operations on the same accounts never deadlock and
 * never lose an update. Transfers and entries are never updated or deleted.
 */

export type LedgerTx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A transaction, or the database itself for reads. */
export type LedgerExecutor = Db | LedgerTx;

export type MemberAccountKind = (typeof LEDGER_MEMBER_ACCOUNT_KINDS)[number];
export type PlatformAccountKind = (typeof LEDGER_PLATFORM_ACCOUNT_KINDS)[number];
type AccountRef = { userId: string; kind: MemberAccountKind } | { platform: PlatformAccountKind };

/** What each account's balance may be: member money never negative, a receivable (what the member owes) never positive. */
const MEMBER_SIGNS: Record<MemberAccountKind, "non_negative" | "non_positive"> = {
  pending: "non_negative",
  available: "non_negative",
  in_payout: "non_negative",
  paid: "non_negative",
  receivable: "non_positive",
};

type AccountRow = typeof ledgerAccounts.$inferSelect;

/** The platform accounts (created on first use). */
export async function ensurePlatformAccounts(tx: LedgerExecutor): Promise<Record<PlatformAccountKind, number>> {
  const platform = eq(ledgerAccounts.owner, "platform");
  let rows = await tx.select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind }).from(ledgerAccounts).where(platform);
  if (rows.length < LEDGER_PLATFORM_ACCOUNT_KINDS.length) {
    await tx
      .insert(ledgerAccounts)
      .values(LEDGER_PLATFORM_ACCOUNT_KINDS.map((kind) => ({ owner: "platform", kind, balanceSign: "any" })))
      .onConflictDoNothing();
    rows = await tx.select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind }).from(ledgerAccounts).where(platform);
  }
  return Object.fromEntries(rows.map((r) => [r.kind, r.id])) as Record<PlatformAccountKind, number>;
}

/** The member's five accounts (created on first use); the user must exist. */
export async function ensureMemberAccounts(tx: LedgerExecutor, userId: string): Promise<Record<MemberAccountKind, number>> {
  const mine = and(eq(ledgerAccounts.owner, "member"), eq(ledgerAccounts.userId, userId));
  let rows = await tx.select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind }).from(ledgerAccounts).where(mine);
  if (rows.length < LEDGER_MEMBER_ACCOUNT_KINDS.length) {
    await tx
      .insert(ledgerAccounts)
      .values(LEDGER_MEMBER_ACCOUNT_KINDS.map((kind) => ({ owner: "member", kind, userId, balanceSign: MEMBER_SIGNS[kind] })))
      .onConflictDoNothing()
      .catch((error: unknown) => {
        if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) throw new LedgerStateError(`no member ${userId}`);
        throw error;
      });
    rows = await tx.select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind }).from(ledgerAccounts).where(mine);
  }
  return Object.fromEntries(rows.map((r) => [r.kind, r.id])) as Record<MemberAccountKind, number>;
}

async function resolveAccount(tx: LedgerExecutor, ref: AccountRef): Promise<number> {
  if ("platform" in ref) return (await ensurePlatformAccounts(tx))[ref.platform];
  return (await ensureMemberAccounts(tx, ref.userId))[ref.kind];
}

/** One leg of an operation: `amountCents` from one account to another. */
export interface Move {
  /** appended to the operation key to form the transfer's own key ("" for the main transfer) */
  suffix: string;
  kind: string;
  from: number;
  to: number;
  amountCents: number;
  metadata?: Record<string, unknown>;
}

export interface OperationInput {
  /** deterministic idempotency key: the same key twice does nothing the second time */
  key: string;
  kind: string;
  actor: string;
  ref?: { type: string; id: string };
}

/** The locked accounts of an operation; balances follow the moves already applied. */
export interface LockedAccounts {
  balance(accountId: number): number;
}

export interface OperationResult {
  /** false when the key had already been applied (a replay) */
  applied: boolean;
  transferIds: number[];
}

/**
 * Run one ledger operation in `tx`: lock `accountIds` in sorted order, claim
 * the key (a replay stops here), then apply the moves `plan` returns from the
 * locked balances. A move that would break an account's sign throws
 * InsufficientFundsError before anything is written for it; the caller's
 * transaction must then be rolled back (it is, when the error escapes it).
 */
export async function runOperation(
  tx: LedgerTx,
  input: OperationInput,
  accountIds: number[],
  plan: (accounts: LockedAccounts) => Promise<Move[]> | Move[],
): Promise<OperationResult> {
  const ids = [...new Set(accountIds)].sort((a, b) => a - b);
  const locked = await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids)).orderBy(ledgerAccounts.id).for("update");
  const accounts = new Map<number, AccountRow>(locked.map((a) => [a.id, { ...a, balanceCents: toCents(a.balanceCents), version: toCents(a.version) }]));
  if (accounts.size !== ids.length) throw new LedgerError(`unknown ledger account among ${ids.join(", ")}`);

  const claimed = await tx
    .insert(ledgerOperations)
    .values({ idempotencyKey: input.key, kind: input.kind, actor: input.actor })
    .onConflictDoNothing()
    .returning({ key: ledgerOperations.idempotencyKey });
  if (claimed.length === 0) return { applied: false, transferIds: [] };

  const account = (id: number) => {
    const a = accounts.get(id);
    if (!a) throw new LedgerError(`ledger account ${id} was not locked by this operation`);
    return a;
  };
  const moves = await plan({ balance: (id) => account(id).balanceCents });
  const touched = new Set<number>();
  const transferIds: number[] = [];
  for (const move of moves) {
    assertCents(move.amountCents);
    if (move.from === move.to) throw new LedgerError("a transfer needs two different accounts");
    const from = account(move.from);
    const to = account(move.to);
    const fromAfter = from.balanceCents - move.amountCents;
    const toAfter = to.balanceCents + move.amountCents;
    if (!allowed(from, fromAfter)) throw new InsufficientFundsError(from.id, from.balanceCents, move.amountCents);
    if (!allowed(to, toAfter)) throw new InsufficientFundsError(to.id, to.balanceCents, move.amountCents);
    if (!Number.isSafeInteger(fromAfter) || !Number.isSafeInteger(toAfter)) throw new LedgerError("ledger balance out of range");
    const [transfer] = await tx
      .insert(ledgerTransfers)
      .values({
        idempotencyKey: input.key + move.suffix,
        operationKey: input.key,
        kind: move.kind,
        fromAccountId: from.id,
        toAccountId: to.id,
        amountCents: move.amountCents,
        refType: input.ref?.type ?? null,
        refId: input.ref?.id ?? null,
        actor: input.actor,
        metadata: move.metadata ?? null,
      })
      .returning({ id: ledgerTransfers.id });
    from.balanceCents = fromAfter;
    from.version += 1;
    to.balanceCents = toAfter;
    to.version += 1;
    await tx.insert(ledgerEntries).values([
      { transferId: transfer.id, accountId: from.id, amountCents: -move.amountCents, balanceAfterCents: fromAfter, accountVersion: from.version },
      { transferId: transfer.id, accountId: to.id, amountCents: move.amountCents, balanceAfterCents: toAfter, accountVersion: to.version },
    ]);
    touched.add(from.id).add(to.id);
    transferIds.push(transfer.id);
  }
  for (const id of [...touched].sort((a, b) => a - b)) {
    const a = account(id);
    await tx.update(ledgerAccounts).set({ balanceCents: a.balanceCents, version: a.version }).where(eq(ledgerAccounts.id, id));
  }
  return { applied: true, transferIds };
}

function allowed(account: AccountRow, balance: number): boolean {
  if (account.balanceSign === "non_negative") return balance >= 0;
  if (account.balanceSign === "non_positive") return balance <= 0;
  return true;
}

export interface TransferInput {
  key: string;
  kind: string;
  from: AccountRef;
  to: AccountRef;
  amountCents: number;
  ref?: { type: string; id: string };
  actor: string;
  metadata?: Record<string, unknown>;
}

/** A single transfer as its own idempotent operation. */
export async function transfer(tx: LedgerTx, input: TransferInput): Promise<OperationResult> {
  assertCents(input.amountCents);
  const from = await resolveAccount(tx, input.from);
  const to = await resolveAccount(tx, input.to);
  return runOperation(tx, input, [from, to], () => [{ suffix: "", kind: input.kind, from, to, amountCents: input.amountCents, metadata: input.metadata }]);
}

/** Run `fn` in a new transaction of the process database. */
export async function withLedger<T>(fn: (tx: LedgerTx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(fn);
}

/* -------------------------------- reads -------------------------------- */

/** The member's balances in cents, as « Mon cashback » shows them; `owed` is what a reversal left them owing (≥ 0). */
export interface MemberBalances {
  pending: number;
  available: number;
  inPayout: number;
  paid: number;
  owed: number;
}

export async function memberBalances(userId: string, executor?: LedgerExecutor): Promise<MemberBalances> {
  const db = executor ?? (await getDb());
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, "member"), eq(ledgerAccounts.userId, userId)));
  const by = new Map(rows.map((r) => [r.kind, toCents(r.balance)]));
  return {
    pending: by.get("pending") ?? 0,
    available: by.get("available") ?? 0,
    inPayout: by.get("in_payout") ?? 0,
    paid: by.get("paid") ?? 0,
    owed: 0 - (by.get("receivable") ?? 0),
  };
}

/**
 * What a reference (a cashback, a payout) has moved into minus out of one
 * account, over all its transfers: e.g. the pending amount a cashback holds.
 */
export async function netForRef(tx: LedgerExecutor, ref: { type: string; id: string }, accountId: number): Promise<number> {
  const [row] = await tx
    .select({
      net: sql<string>`coalesce(sum(case when ${ledgerTransfers.toAccountId} = ${accountId} then ${ledgerTransfers.amountCents} else -${ledgerTransfers.amountCents} end), 0)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.refType, ref.type),
        eq(ledgerTransfers.refId, ref.id),
        or(eq(ledgerTransfers.toAccountId, accountId), eq(ledgerTransfers.fromAccountId, accountId)),
      ),
    );
  return toCents(row?.net);
}

/** True once an operation with this key has been applied. */
export async function operationApplied(tx: LedgerExecutor, key: string): Promise<boolean> {
  const rows = await tx.select({ key: ledgerOperations.idempotencyKey }).from(ledgerOperations).where(eq(ledgerOperations.idempotencyKey, key));
  return rows.length > 0;
}

/* ------------------------------- checking ------------------------------- */

export interface LedgerCheck {
  ok: boolean;
  problems: string[];
}

/**
 * Recompute everything from the entries and compare: each account's cached
 * balance and version, each transfer's two entries summing to zero, the
 * whole ledger summing to zero, every account within its sign, and the two
 * platform accounts mirroring the members' accounts (ADR 013).
 */
export async function verifyLedger(executor?: LedgerExecutor): Promise<LedgerCheck> {
  const db = executor ?? (await getDb());
  const problems: string[] = [];
  const accounts = await db.execute<{ id: string; balance: string; version: string; entries_sum: string | null; entries: string; last_after: string | null; sign: string }>(sql`
    select a.id, a.balance_cents as balance, a.version, a.balance_sign as sign,
      (select sum(e.amount_cents) from ledger_entries e where e.account_id = a.id) as entries_sum,
      (select count(*) from ledger_entries e where e.account_id = a.id) as entries,
      (select e.balance_after_cents from ledger_entries e where e.account_id = a.id order by e.account_version desc limit 1) as last_after
    from ledger_accounts a order by a.id`);
  let total = 0;
  for (const a of accounts.rows) {
    const balance = toCents(a.balance);
    total += balance;
    if (toCents(a.entries_sum) !== balance) problems.push(`account ${a.id}: balance ${balance} but entries sum to ${toCents(a.entries_sum)}`);
    if (toCents(a.entries) !== toCents(a.version)) problems.push(`account ${a.id}: version ${a.version} but ${a.entries} entries`);
    if (a.last_after !== null && toCents(a.last_after) !== balance) problems.push(`account ${a.id}: last entry says ${a.last_after}, balance ${balance}`);
    if ((a.sign === "non_negative" && balance < 0) || (a.sign === "non_positive" && balance > 0)) problems.push(`account ${a.id}: balance ${balance} breaks its sign ${a.sign}`);
  }
  if (total !== 0) problems.push(`the account balances sum to ${total}, not 0`);
  const transfers = await db.execute<{ id: string }>(sql`
    select t.id from ledger_transfers t
    left join ledger_entries e on e.transfer_id = t.id
    group by t.id, t.amount_cents, t.from_account_id, t.to_account_id
    having count(e.id) <> 2 or coalesce(sum(e.amount_cents), 1) <> 0
      or coalesce(sum(e.amount_cents) filter (where e.account_id = t.to_account_id), 0) <> t.amount_cents
      or coalesce(sum(e.amount_cents) filter (where e.account_id = t.from_account_id), 0) <> -t.amount_cents`);
  for (const t of transfers.rows) problems.push(`transfer ${t.id}: its entries do not match it or do not sum to 0`);
  // Members' pending is fed from two platform accounts: cashback reported by the networks
  // (commissions_receivable) and referral rewards promised at sign-up (referral_commitments),
  // so together they mirror it. Validated money comes from member_liabilities, and the welcome
  // bonus from the marketing budget (ADR 013 §Welcome bonus): together they mirror it.
  const mirror = await db.execute<{
    pending: string | null;
    validated: string | null;
    receivable: string | null;
    commitments: string | null;
    liabilities: string | null;
    marketing: string | null;
  }>(sql`
    select
      sum(balance_cents) filter (where owner = 'member' and kind = 'pending') as pending,
      sum(balance_cents) filter (where owner = 'member' and kind <> 'pending') as validated,
      sum(balance_cents) filter (where owner = 'platform' and kind = 'commissions_receivable') as receivable,
      sum(balance_cents) filter (where owner = 'platform' and kind = 'referral_commitments') as commitments,
      sum(balance_cents) filter (where owner = 'platform' and kind = 'member_liabilities') as liabilities,
      sum(balance_cents) filter (where owner = 'platform' and kind = 'marketing') as marketing
    from ledger_accounts`);
  const m = mirror.rows[0];
  if (m && toCents(m.pending) !== -(toCents(m.receivable) + toCents(m.commitments))) {
    problems.push(
      `commissions receivable (${toCents(m.receivable)}) and referral commitments (${toCents(m.commitments)}) do not mirror members' pending (${toCents(m.pending)})`,
    );
  }
  if (m && toCents(m.validated) !== -(toCents(m.liabilities) + toCents(m.marketing))) {
    problems.push(`member liabilities (${toCents(m.liabilities)}) and marketing (${toCents(m.marketing)}) do not mirror members' validated money (${toCents(m.validated)})`);
  }
  return { ok: problems.length === 0, problems };
}

/**
 * Before an account is deleted (ADR 013): lock the member's ledger accounts
 * (so no credit or payout slips in meanwhile) and refuse while money is
 * still theirs, available or in payout. Pending cashback and a receivable do
 * not block: the rows stay, anonymised (anonymiseMemberLedger), and the user
 * link is set to null by the deletion.
 */
export async function assertMemberDeletable(tx: LedgerTx, userId: string): Promise<void> {
  const rows = await tx
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, "member"), eq(ledgerAccounts.userId, userId)))
    .orderBy(ledgerAccounts.id)
    .for("update");
  const by = new Map(rows.map((r) => [r.kind, toCents(r.balance)]));
  const available = by.get("available") ?? 0;
  const inPayout = by.get("in_payout") ?? 0;
  if (available > 0 || inPayout > 0) throw new MemberMoneyOutstandingError(available, inPayout);
}

/** A member account's opaque reference once the member is deleted: random, nothing derived from the person. */
function newAnonymisedRef(): string {
  return `ANON-${randomBytes(6).toString("hex").toUpperCase()}`;
}

export interface AnonymisedLedger {
  ref: string;
  /** what the deleted member still owes (≥ 0), kept on the anonymised receivable */
  owedCents: number;
  pendingCents: number;
}

/**
 * In the deletion's transaction, after assertMemberDeletable (ADR 013): give the
 * member's ledger accounts one opaque reference and the deletion date, so a
 * debt (and any pending cashback) stays on identifiable accounts once the user
 * link is set to null, without any personal data. Nothing moves: balances,
 * mirrors and verifyLedger are unchanged. The audit entry names only the
 * reference and the amounts; `actor` is the admin who deletes, or null for the
 * member's own deletion. Null when the member never had ledger accounts.
 */
export async function anonymiseMemberLedger(tx: LedgerTx, userId: string, actor: { id: string; email: string } | null): Promise<AnonymisedLedger | null> {
  const ref = newAnonymisedRef();
  const rows = await tx
    .update(ledgerAccounts)
    .set({ anonymisedRef: ref, anonymisedAt: new Date() })
    .where(and(eq(ledgerAccounts.owner, "member"), eq(ledgerAccounts.userId, userId)))
    .returning({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balanceCents });
  if (rows.length === 0) return null;
  const by = new Map(rows.map((r) => [r.kind, toCents(r.balance)]));
  const result = { ref, owedCents: 0 - (by.get("receivable") ?? 0), pendingCents: by.get("pending") ?? 0 };
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? "compte supprimé",
    action: "update",
    entity: "ledger_accounts" satisfies AuditEntity,
    entityId: ref,
    after: { anonymisedRef: ref, owedCents: result.owedCents, pendingCents: result.pendingCents },
  });
  return result;
}

export interface DeletedMemberDebt {
  ref: string;
  owedCents: number;
  /** null for accounts deleted before the date was recorded */
  deletedAt: Date | null;
}

/** What deleted members still owe (ADR 013): their anonymised receivables below zero, newest deletion first. */
export async function deletedMemberDebts(executor?: LedgerExecutor, limit = 200): Promise<{ debts: DeletedMemberDebt[]; totalCents: number; count: number }> {
  const db = executor ?? (await getDb());
  const owing = and(eq(ledgerAccounts.owner, "member"), eq(ledgerAccounts.kind, "receivable"), isNull(ledgerAccounts.userId), lt(ledgerAccounts.balanceCents, 0));
  const [total] = await db.select({ cents: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)`, count: sql<string>`count(*)` }).from(ledgerAccounts).where(owing);
  const rows = await db
    .select({ ref: ledgerAccounts.anonymisedRef, id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents, at: ledgerAccounts.anonymisedAt })
    .from(ledgerAccounts)
    .where(owing)
    .orderBy(sql`${ledgerAccounts.anonymisedAt} desc nulls last`, desc(ledgerAccounts.id))
    .limit(limit);
  return {
    debts: rows.map((r) => ({ ref: r.ref ?? `#${r.id}`, owedCents: -toCents(r.balance), deletedAt: r.at })),
    totalCents: -toCents(total?.cents),
    count: toCents(total?.count),
  };
}
