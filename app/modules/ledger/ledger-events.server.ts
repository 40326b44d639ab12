import { ensureMemberAccounts, ensurePlatformAccounts, netForRef, operationApplied, runOperation, type LedgerTx, type Move, type OperationResult } from "./ledger.server";
import { assertCents, ledgerKeys, LedgerStateError, type RateSnapshot } from "./ledger";

/**
 * The money events of cashback and payouts, each one idempotent operation
 * (ADR 013, table of events). All take the caller's transaction.
 */

const cashbackRef = (id: string) => ({ type: "cashback", id });
const payoutRef = (id: string) => ({ type: "payout", id });

async function accountsOf(tx: LedgerTx, userId: string) {
  const platform = await ensurePlatformAccounts(tx);
  const member = await ensureMemberAccounts(tx, userId);
  return { platform, member, all: [...Object.values(platform), ...Object.values(member)] };
}

type Accounts = Awaited<ReturnType<typeof accountsOf>>;

/**
 * Validated money into the member's account: first it pays back what they
 * owe (receivable offset, transfer `{key}:offset`), the rest lands in
 * "available" (transfer `{key}`).
 */
function creditMoves(
  a: Accounts,
  balance: (id: number) => number,
  amountCents: number,
  kind: string,
  metadata?: Record<string, unknown>,
  source: number = a.platform.member_liabilities,
): Move[] {
  const owed = -balance(a.member.receivable);
  const offset = Math.min(owed, amountCents);
  const moves: Move[] = [];
  if (offset > 0) moves.push({ suffix: ":offset", kind: "receivable_offset", from: source, to: a.member.receivable, amountCents: offset, metadata });
  if (amountCents > offset) moves.push({ suffix: "", kind, from: source, to: a.member.available, amountCents: amountCents - offset, metadata });
  return moves;
}

/** Validated money taken back: from "available" as far as it goes, the rest becomes a receivable (`{key}:recv`). */
function debitMoves(a: Accounts, balance: (id: number) => number, amountCents: number, kind: string): Move[] {
  const fromAvailable = Math.min(balance(a.member.available), amountCents);
  const moves: Move[] = [];
  if (fromAvailable > 0) moves.push({ suffix: "", kind, from: a.member.available, to: a.platform.member_liabilities, amountCents: fromAvailable });
  if (amountCents > fromAvailable) moves.push({ suffix: ":recv", kind: `${kind}_receivable`, from: a.member.receivable, to: a.platform.member_liabilities, amountCents: amountCents - fromAvailable });
  return moves;
}

/** The pending amount a cashback holds, moved back to commissions receivable (suffix `:unpending`). */
function unpendingMove(a: Accounts, held: number, suffix: string): Move[] {
  return held > 0 ? [{ suffix, kind: "cashback_unpending", from: a.member.pending, to: a.platform.commissions_receivable, amountCents: held }] : [];
}

export interface CashbackInput {
  cashbackId: string;
  userId: string;
  actor: string;
}

/**
 * A conversion reported (or amended) while pending: the cashback's pending
 * amount becomes `amountCents` (key `cb:{id}:pending:{version}`; the caller
 * passes increasing conversion versions).
 */
export async function recordPendingCashback(tx: LedgerTx, input: CashbackInput & { amountCents: number; version: number | string }): Promise<OperationResult> {
  assertCents(input.amountCents, { allowZero: true });
  const a = await accountsOf(tx, input.userId);
  const ref = cashbackRef(input.cashbackId);
  return runOperation(tx, { key: ledgerKeys.cashbackPending(input.cashbackId, input.version), kind: "cashback_pending", actor: input.actor, ref }, a.all, async () => {
    if (await hasCredit(tx, input.cashbackId)) throw new LedgerStateError(`cashback ${input.cashbackId} is already validated`);
    const delta = input.amountCents - (await netForRef(tx, ref, a.member.pending));
    if (delta > 0) return [{ suffix: "", kind: "cashback_pending", from: a.platform.commissions_receivable, to: a.member.pending, amountCents: delta }];
    if (delta < 0) return [{ suffix: "", kind: "cashback_pending", from: a.member.pending, to: a.platform.commissions_receivable, amountCents: -delta }];
    return [];
  });
}

/** Validated once its credit operation has run (even if reversed since). */
const hasCredit = (tx: LedgerTx, cashbackId: string) => operationApplied(tx, ledgerKeys.cashbackCredit(cashbackId));

/** Refused by the network before validation: the pending amount goes back (key `cb:{id}:refuse`). */
export async function refuseCashback(tx: LedgerTx, input: CashbackInput): Promise<OperationResult> {
  const a = await accountsOf(tx, input.userId);
  const ref = cashbackRef(input.cashbackId);
  return runOperation(tx, { key: ledgerKeys.cashbackRefuse(input.cashbackId), kind: "cashback_refuse", actor: input.actor, ref }, a.all, async () =>
    unpendingMove(a, await netForRef(tx, ref, a.member.pending), ""),
  );
}

/**
 * Network approval: the pending amount is released and the approved amount
 * credited — receivable first, then "available" — with the rate snapshot
 * taken at click time stored on the credit (key `cb:{id}:credit`).
 */
export async function approveCashback(tx: LedgerTx, input: CashbackInput & { amountCents: number; rateSnapshot: RateSnapshot }): Promise<OperationResult> {
  assertCents(input.amountCents);
  const a = await accountsOf(tx, input.userId);
  const ref = cashbackRef(input.cashbackId);
  return runOperation(tx, { key: ledgerKeys.cashbackCredit(input.cashbackId), kind: "cashback_credit", actor: input.actor, ref }, a.all, async (locked) => [
    ...unpendingMove(a, await netForRef(tx, ref, a.member.pending), ":unpending"),
    ...creditMoves(a, locked.balance, input.amountCents, "cashback_credit", { rateSnapshot: input.rateSnapshot }),
  ]);
}

/** A correction after validation (key `cb:{id}:adj:{version}`): a credit when positive, a debit when negative. */
export async function adjustCashback(tx: LedgerTx, input: CashbackInput & { deltaCents: number; version: number | string }): Promise<OperationResult> {
  assertCents(Math.abs(input.deltaCents));
  const a = await accountsOf(tx, input.userId);
  const ref = cashbackRef(input.cashbackId);
  return runOperation(tx, { key: ledgerKeys.cashbackAdjust(input.cashbackId, input.version), kind: "cashback_adjust", actor: input.actor, ref }, a.all, async (locked) => {
    if (!(await hasCredit(tx, input.cashbackId))) throw new LedgerStateError(`cashback ${input.cashbackId} is not validated`);
    return input.deltaCents > 0
      ? creditMoves(a, locked.balance, input.deltaCents, "cashback_adjust")
      : debitMoves(a, locked.balance, -input.deltaCents, "cashback_adjust");
  });
}

/**
 * Reversal (key `cb:{id}:reverse`): before validation it returns the pending
 * amount; after validation it takes back everything credited for the
 * cashback, from "available" then as a receivable (`:recv`).
 */
export async function reverseCashback(tx: LedgerTx, input: CashbackInput): Promise<OperationResult> {
  const a = await accountsOf(tx, input.userId);
  const ref = cashbackRef(input.cashbackId);
  return runOperation(tx, { key: ledgerKeys.cashbackReverse(input.cashbackId), kind: "cashback_reverse", actor: input.actor, ref }, a.all, async (locked) => {
    const credited = -(await netForRef(tx, ref, a.platform.member_liabilities));
    return [
      ...unpendingMove(a, await netForRef(tx, ref, a.member.pending), ":pending"),
      ...(credited > 0 ? debitMoves(a, locked.balance, credited, "cashback_reverse") : []),
    ];
  });
}

/** Validated money from elsewhere (referral bonus, admin adjustment) with its own key; offsets a receivable first. */
export async function creditMember(tx: LedgerTx, input: { key: string; kind: string; userId: string; amountCents: number; actor: string; ref?: { type: string; id: string } }) {
  assertCents(input.amountCents);
  const a = await accountsOf(tx, input.userId);
  return runOperation(tx, input, a.all, (locked) => creditMoves(a, locked.balance, input.amountCents, input.kind));
}

export interface PayoutInput {
  payoutId: string;
  userId: string;
  actor: string;
}

/** Payout requested: "available" → "in payout" (key `po:{id}:hold`); InsufficientFundsError beyond "available". */
export async function holdPayout(tx: LedgerTx, input: PayoutInput & { amountCents: number }): Promise<OperationResult> {
  assertCents(input.amountCents);
  const a = await accountsOf(tx, input.userId);
  return runOperation(tx, { key: ledgerKeys.payoutHold(input.payoutId), kind: "payout_hold", actor: input.actor, ref: payoutRef(input.payoutId) }, a.all, () => [
    { suffix: "", kind: "payout_hold", from: a.member.available, to: a.member.in_payout, amountCents: input.amountCents },
  ]);
}

async function heldFor(tx: LedgerTx, a: Accounts, payoutId: string) {
  const held = await netForRef(tx, payoutRef(payoutId), a.member.in_payout);
  if (held <= 0) throw new LedgerStateError(`payout ${payoutId} holds nothing`);
  return held;
}

/** Payout cancelled or failed: the held amount goes back to "available" (key `po:{id}:release`). */
export async function releasePayout(tx: LedgerTx, input: PayoutInput): Promise<OperationResult> {
  const a = await accountsOf(tx, input.userId);
  return runOperation(tx, { key: ledgerKeys.payoutRelease(input.payoutId), kind: "payout_release", actor: input.actor, ref: payoutRef(input.payoutId) }, a.all, async () => [
    { suffix: "", kind: "payout_release", from: a.member.in_payout, to: a.member.available, amountCents: await heldFor(tx, a, input.payoutId) },
  ]);
}

/** Payout sent: the held amount is paid (key `po:{id}:settle`). */
export async function settlePayout(tx: LedgerTx, input: PayoutInput): Promise<OperationResult> {
  const a = await accountsOf(tx, input.userId);
  return runOperation(tx, { key: ledgerKeys.payoutSettle(input.payoutId), kind: "payout_settle", actor: input.actor, ref: payoutRef(input.payoutId) }, a.all, async () => [
    { suffix: "", kind: "payout_settle", from: a.member.in_payout, to: a.member.paid, amountCents: await heldFor(tx, a, input.payoutId) },
  ]);
}

/** Validated money taken back with its own key (admin adjustment): from "available", the rest as a receivable. */
export async function debitMember(tx: LedgerTx, input: { key: string; kind: string; userId: string; amountCents: number; actor: string; ref?: { type: string; id: string } }) {
  assertCents(input.amountCents);
  const a = await accountsOf(tx, input.userId);
  return runOperation(tx, input, a.all, (locked) => debitMoves(a, locked.balance, input.amountCents, input.kind));
}

/* ------------------------------ referrals ------------------------------ */

const referralRef = (rewardId: string) => ({ type: "referral", id: rewardId });

export interface ReferralInput {
  rewardId: string;
  /** who is paid */
  userId: string;
  actor: string;
}

/**
 * A referral reward promised at sign-up (ADR 013, « Referral rewards »):
 * `referral_commitments → pending` (key `ref:{id}:pending`), so the member
 * sees it « En attente » until the friend's first validated cashback.
 */
export async function recordReferralPending(tx: LedgerTx, input: ReferralInput & { amountCents: number }): Promise<OperationResult> {
  assertCents(input.amountCents);
  const a = await accountsOf(tx, input.userId);
  return runOperation(tx, { key: ledgerKeys.referralPending(input.rewardId), kind: "referral_pending", actor: input.actor, ref: referralRef(input.rewardId) }, a.all, () => [
    { suffix: "", kind: "referral_pending", from: a.platform.referral_commitments, to: a.member.pending, amountCents: input.amountCents },
  ]);
}

/** The pending amount a reward holds, back to referral commitments. */
async function referralUnpending(tx: LedgerTx, a: Accounts, rewardId: string, suffix: string, kind: string): Promise<Move[]> {
  const held = await netForRef(tx, referralRef(rewardId), a.member.pending);
  return held > 0 ? [{ suffix, kind, from: a.member.pending, to: a.platform.referral_commitments, amountCents: held }] : [];
}

/** A reward voided (self-referral, deleted account): what it holds in pending goes back (key `ref:{id}:void`). */
export async function voidReferralPending(tx: LedgerTx, input: ReferralInput): Promise<OperationResult> {
  const a = await accountsOf(tx, input.userId);
  return runOperation(tx, { key: ledgerKeys.referralVoid(input.rewardId), kind: "referral_void", actor: input.actor, ref: referralRef(input.rewardId) }, a.all, async () => {
    if (await operationApplied(tx, ledgerKeys.referralCredit(input.rewardId))) throw new LedgerStateError(`referral reward ${input.rewardId} is already credited`);
    return referralUnpending(tx, a, input.rewardId, "", "referral_void");
  });
}

/**
 * A reward earned: the pending amount is released (`ref:{id}:unpending`) and
 * the reward credited like any validated money, receivable first, then
 * "available" (`ref:{id}`, `ref:{id}:offset`), in one operation.
 */
export async function creditReferralReward(tx: LedgerTx, input: ReferralInput & { amountCents: number }): Promise<OperationResult> {
  assertCents(input.amountCents);
  const a = await accountsOf(tx, input.userId);
  return runOperation(tx, { key: ledgerKeys.referralCredit(input.rewardId), kind: "referral_credit", actor: input.actor, ref: referralRef(input.rewardId) }, a.all, async (locked) => {
    if (await operationApplied(tx, ledgerKeys.referralVoid(input.rewardId))) throw new LedgerStateError(`referral reward ${input.rewardId} is void`);
    return [
      ...(await referralUnpending(tx, a, input.rewardId, ":unpending", "referral_unpending")),
      ...creditMoves(a, locked.balance, input.amountCents, "referral_credit"),
    ];
  });
}

/**
 * A credited reward taken back (key `ref:{id}:reverse`) when the friend's
 * cashback that earned it is reversed: from "available", the rest as a
 * receivable, like any reversal.
 */
export async function reverseReferralReward(tx: LedgerTx, input: ReferralInput & { amountCents: number }): Promise<OperationResult> {
  assertCents(input.amountCents);
  const a = await accountsOf(tx, input.userId);
  return runOperation(tx, { key: ledgerKeys.referralReverse(input.rewardId), kind: "referral_reverse", actor: input.actor, ref: referralRef(input.rewardId) }, a.all, async (locked) => {
    if (!(await operationApplied(tx, ledgerKeys.referralCredit(input.rewardId)))) throw new LedgerStateError(`referral reward ${input.rewardId} is not credited`);
    return debitMoves(a, locked.balance, input.amountCents, "referral_reverse");
  });
}

/* ---------------------------- welcome bonus ---------------------------- */

/**
 * The welcome bonus (ADR 013 §Welcome bonus): validated money paid by the platform's marketing
 * budget, `marketing → receivable` (offset, `wb:{id}:offset`) then `marketing → available`
 * (`wb:{id}`), in the transaction that validates the member's first cashback. The key is the bonus
 * row's id, never the member's: a replay does nothing.
 */
export async function creditWelcomeBonus(tx: LedgerTx, input: { bonusId: string; userId: string; amountCents: number; actor: string }): Promise<OperationResult> {
  assertCents(input.amountCents);
  const a = await accountsOf(tx, input.userId);
  return runOperation(
    tx,
    { key: ledgerKeys.welcomeBonus(input.bonusId), kind: "welcome_bonus", actor: input.actor, ref: { type: "welcome_bonus", id: input.bonusId } },
    a.all,
    (locked) => creditMoves(a, locked.balance, input.amountCents, "welcome_bonus", undefined, a.platform.marketing),
  );
}
