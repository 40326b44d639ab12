/**
 * Pure ledger rules (ADR 013): money is an integer number of euro cents held
 * in a JS number, checked to stay a safe integer; never a float.
 */
import { frenchNumber } from "#app/lib/french-number";

/** A refused ledger operation (bad amount, not enough money, wrong state). */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerError";
  }
}

/** The amount is not a positive whole number of cents (or is beyond a safe integer). */
export class LedgerAmountError extends LedgerError {
  constructor(amount: unknown) {
    super(`ledger amount must be a positive safe integer of cents, got ${String(amount)}`);
    this.name = "LedgerAmountError";
  }
}

/** The move would take an account below what its sign allows (e.g. "available" below zero). */
export class InsufficientFundsError extends LedgerError {
  constructor(
    readonly accountId: number,
    readonly balanceCents: number,
    readonly amountCents: number,
  ) {
    super(`ledger account ${accountId} holds ${balanceCents} cents, cannot move ${amountCents}`);
    this.name = "InsufficientFundsError";
  }
}

/** The operation does not fit what the ledger holds for its subject (nothing pending, payout not held…). */
export class LedgerStateError extends LedgerError {
  constructor(message: string) {
    super(message);
    this.name = "LedgerStateError";
  }
}

/** A positive whole number of cents, or a LedgerAmountError. */
export function assertCents(amount: unknown, { allowZero = false } = {}): number {
  if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount < 0 || (amount === 0 && !allowZero)) {
    throw new LedgerAmountError(amount);
  }
  return amount;
}

/** A bigint column or aggregate as read back from either driver (string, bigint or number) → cents. */
export function toCents(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new LedgerAmountError(value);
  return n;
}

/**
 * The member's share of a commission, in cents: floor, never rounded up
 * (ADR 013). `shareBps` is in basis points (7000 = 70.00 %).
 */
export function memberShareCents(commissionCents: number, shareBps: number): number {
  assertCents(commissionCents, { allowZero: true });
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > 10_000) throw new LedgerError(`share must be 0..10000 bps, got ${shareBps}`);
  // exact in integers: commissionCents * shareBps stays below 2^53 for any commission under 9 billion euros
  const product = BigInt(commissionCents) * BigInt(shareBps);
  return Number(product / 10_000n);
}

/** The rate in force when the member clicked: stored on the credit transfer and never recomputed. */
export interface RateSnapshot {
  shareBps: number;
  label: string;
  clickedAt: string;
  [key: string]: unknown;
}

/** Deterministic idempotency keys (ADR 013 table). */
export const ledgerKeys = {
  cashbackPending: (cashbackId: string, version: number | string) => `cb:${cashbackId}:pending:${version}`,
  cashbackRefuse: (cashbackId: string) => `cb:${cashbackId}:refuse`,
  cashbackCredit: (cashbackId: string) => `cb:${cashbackId}:credit`,
  cashbackAdjust: (cashbackId: string, version: number | string) => `cb:${cashbackId}:adj:${version}`,
  cashbackReverse: (cashbackId: string) => `cb:${cashbackId}:reverse`,
  payoutHold: (payoutId: string) => `po:${payoutId}:hold`,
  payoutRelease: (payoutId: string) => `po:${payoutId}:release`,
  payoutSettle: (payoutId: string) => `po:${payoutId}:settle`,
  referralPending: (rewardId: string) => `ref:${rewardId}:pending`,
  referralVoid: (rewardId: string) => `ref:${rewardId}:void`,
  /** the credit operation; its release transfer is `ref:{id}:unpending` */
  referralCredit: (rewardId: string) => `ref:${rewardId}`,
  /** a credited reward taken back when the cashback that earned it is reversed */
  referralReverse: (rewardId: string) => `ref:${rewardId}:reverse`,
  /** the welcome bonus credit (`welcome_bonuses.id`); its offset transfer is `wb:{id}:offset` */
  welcomeBonus: (bonusId: string) => `wb:${bonusId}`,
};

/** Account deletion refused: money is still the member's (available or on its way to their bank). */
export class MemberMoneyOutstandingError extends LedgerError {
  constructor(
    readonly availableCents: number,
    readonly inPayoutCents: number,
  ) {
    super(`the member still has ${availableCents} cents available and ${inPayoutCents} cents in payout`);
    this.name = "MemberMoneyOutstandingError";
  }
}

/**
 * Euros as `Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" })` writes them (« 12,34 € »), without
 * building a number formatter, which the browser pays for (ADR 056).
 */
const euros = (amount: number) => `${frenchNumber(amount, 2, 2)}\u00a0€`;

/** Cents as French euros, for display only ("12,34 €"). */
export function formatEuros(cents: number): string {
  return euros(cents / 100);
}

// one formatter per other currency for the process, built on first use: building one costs more than formatting dozens of amounts
const MONEY = new Map<string, Intl.NumberFormat>();

/** An amount in its own currency, the French way ("49,90 €", "12,00 $US"). */
export function formatMoney(amount: number, currency: string): string {
  if (currency === "EUR") return euros(amount);
  let format = MONEY.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("fr-FR", { style: "currency", currency });
    MONEY.set(currency, format);
  }
  return format.format(amount);
}

/** What the member reads when their account cannot be deleted yet. */
export function memberMoneyMessage(error: MemberMoneyOutstandingError): string {
  return `Tu as encore ${formatEuros(error.availableCents + error.inPayoutCents)} de cashback disponible ou en cours de virement : retire-le (ou attends la fin du virement) avant de supprimer ton compte.`;
}

/** What a member who owes money reads above « Supprimer mon compte » (ADR 013): the deletion goes on, the debt stays, anonymised. */
export function deletionDebtMessage(owedCents: number, siteName: string): string {
  return `Tu dois encore ${formatEuros(owedCents)} à ${siteName} (un cashback versé puis annulé par le marchand). Supprimer ton compte n'efface pas cette dette : elle sera conservée de façon anonyme.`;
}
