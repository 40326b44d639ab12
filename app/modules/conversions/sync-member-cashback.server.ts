import { eq } from "drizzle-orm";
import { affiliatePrograms, clickSessions, memberCashbackEvents, memberCashbacks, type conversions } from "#db/schema";
import { onMemberCashbackChanged } from "#app/modules/cashback/notifications.server";
import { reasonTextFr } from "#app/modules/cashback/reasons";
import { adjustCashback, approveCashback, recordPendingCashback, refuseCashback, reverseCashback } from "#app/modules/ledger/ledger-events.server";
import { operationApplied, type LedgerTx } from "#app/modules/ledger/ledger.server";
import { ledgerKeys, type RateSnapshot } from "#app/modules/ledger/ledger";
import { logger } from "#app/lib/logger.server";
import { onReferralSourceReversed, releaseReferralRewards } from "#app/modules/referrals/referrals.server";
import { grantWelcomeBonus } from "#app/modules/cashback/welcome-bonus.server";
import { memberShareFromDecimal } from "./decimal";
import { CASHBACK_LOST, memberCashbackStatus, type MemberCashbackStatus } from "#db/states/member-cashback-status";
import { CONVERSION_REVIEW_HOLDING, conversionStatus } from "#db/states/conversion-status";

/**
 * The member's side of an attributed conversion (ADR 037 §Statuses): status,
 * floored share in cents, expected date, French reason, and the ledger
 * operations, all in the caller's transaction.
 */

export type ConversionRow = typeof conversions.$inferSelect;
export type { MemberCashbackStatus };

/** Member share when no click session gives one (ADR 015 default). */
const DEFAULT_SHARE_BPS = 7000;
/** Expected validation when neither the network nor the programme says (ADR 037 §Statuses). */
export const DEFAULT_VALIDATION_DAYS = 90;
const DAY = 86_400_000;

/** The rate snapshot of a conversion: the click session's (taken at click time), else the programme's share, else 70 %. */
async function snapshotFor(tx: LedgerTx, conv: ConversionRow): Promise<{ snapshot: RateSnapshot; declaredDays: number | null }> {
  let programShare: number | null = null;
  let declaredDays: number | null = null;
  if (conv.programId) {
    const [p] = await tx.select({ share: affiliatePrograms.memberShareBps, days: affiliatePrograms.declaredValidationDays }).from(affiliatePrograms).where(eq(affiliatePrograms.id, conv.programId));
    programShare = p?.share ?? null;
    declaredDays = p?.days ?? null;
  }
  if (conv.clickSessionId) {
    const [c] = await tx.select({ snap: clickSessions.rateSnapshot, at: clickSessions.createdAt }).from(clickSessions).where(eq(clickSessions.id, conv.clickSessionId));
    if (c) {
      const snap = c.snap ?? {};
      const bps = typeof snap.shareBps === "number" && Number.isInteger(snap.shareBps) ? snap.shareBps : (programShare ?? DEFAULT_SHARE_BPS);
      return {
        snapshot: { ...snap, shareBps: bps, label: typeof snap.label === "string" ? snap.label : "", clickedAt: typeof snap.clickedAt === "string" ? snap.clickedAt : c.at.toISOString() },
        declaredDays,
      };
    }
  }
  return { snapshot: { shareBps: DEFAULT_SHARE_BPS, label: "", clickedAt: "", source: conv.clickSessionId ? "click" : "default" }, declaredDays };
}

/** When the member may expect validation: the network's locking date, else purchase + declared delay, else + 90 days. */
function expectedValidationAt(conv: Pick<ConversionRow, "lockingAt" | "transactionAt">, declaredDays: number | null): Date {
  if (conv.lockingAt) return conv.lockingAt;
  return new Date(conv.transactionAt.getTime() + (declaredDays ?? DEFAULT_VALIDATION_DAYS) * DAY);
}

/** The EUR commission the member's share is computed on: null while a foreign currency waits for an admin decision. */
function commissionEur(conv: Pick<ConversionRow, "currency" | "commissionAmount" | "fxCommissionEur">): string | null {
  if (conv.currency === "EUR") return conv.commissionAmount;
  return conv.fxCommissionEur ?? null;
}

export interface SyncOptions {
  /** member_cashback_events.cause: "import" | "push" | "admin:<email>" */
  cause: string;
  /** ledger actor: "system:import" | "admin:<id>" */
  actor: string;
}

/**
 * Bring the member cashback of an attributed conversion in line with it
 * (create it on first sight). Idempotent: called twice with the same
 * conversion, the second call writes nothing. Returns the new status.
 */
export async function syncMemberCashback(tx: LedgerTx, conv: ConversionRow, options: SyncOptions): Promise<MemberCashbackStatus | null> {
  if (!conv.userId) return null;
  const userId = conv.userId;
  const [existing] = await tx.select().from(memberCashbacks).where(eq(memberCashbacks.conversionId, conv.id)).for("update");
  const { snapshot: freshSnapshot, declaredDays } = await snapshotFor(tx, conv);
  // the snapshot stored at creation is the one that applies for the cashback's whole life
  const snapshot = (existing?.rateSnapshot as RateSnapshot | undefined) ?? freshSnapshot;
  const eur = commissionEur(conv);
  // a commission held for finance's review (or from an account that is not ours) credits nothing (ADR 039)
  const held = (CONVERSION_REVIEW_HOLDING as readonly (string | null)[]).includes(conv.reviewStatus);
  const amountCents = eur === null || held ? 0 : memberShareFromDecimal(eur, snapshot.shareBps);
  const from = (existing?.status ?? null) as MemberCashbackStatus | null;

  let to: MemberCashbackStatus;
  let reasonCode: string | null = null;
  if (from === memberCashbackStatus.is.reversed) {
    // terminal: a reversal after credit is final (a later network change is logged, not applied)
    if (conv.status !== conversionStatus.is.declined) logger.warn({ conversionId: conv.id, status: conv.status }, "import: change after reversal ignored");
    return from;
  } else if (conv.status === conversionStatus.is.declined) {
    to = from === memberCashbackStatus.is.validated ? memberCashbackStatus.is.reversed : memberCashbackStatus.is.refused;
    reasonCode = conv.reasonCode ?? "merchant_declined";
  } else if (conv.pushOnly) {
    // a push never creates money: keep what a pull already established
    to = from ?? memberCashbackStatus.is.tracked;
    if (from !== null && from !== memberCashbackStatus.is.tracked) return from;
  } else if (held && from === memberCashbackStatus.is.validated) {
    // credited before the hold: the credit stays, the held amendment is not applied until finance approves it
    logger.warn({ conversionId: conv.id, commission: conv.commissionAmount }, "import: amendment after validation held for review");
    return from;
  } else if (held) {
    to = memberCashbackStatus.is.pending;
    reasonCode = "amount_review";
  } else if (eur === null && from === memberCashbackStatus.is.validated) {
    // credited in euros; a later version in another currency is a regression, logged and not applied
    logger.warn({ conversionId: conv.id, currency: conv.currency }, "import: currency change after validation ignored");
    return from;
  } else if (eur === null) {
    to = memberCashbackStatus.is.pending;
    reasonCode = "fx_review";
  } else if (conv.status === conversionStatus.is.approved) {
    to = memberCashbackStatus.is.validated;
  } else {
    to = from === memberCashbackStatus.is.validated ? memberCashbackStatus.is.validated : memberCashbackStatus.is.pending; // approved → pending is a regression, ignored
  }
  // a change of status is one of the machine's moves, checked before any money moves (a new cashback may start in any state)
  if (from !== null && from !== to) memberCashbackStatus.transition(from, to);

  const id = existing?.id ?? crypto.randomUUID();
  const ledger = { cashbackId: id, userId, actor: options.actor };
  let creditTransferId = existing?.creditTransferId ?? null;
  let reversalTransferId = existing?.reversalTransferId ?? null;
  // a new cashback row must exist before the notification contract sees it; ledger operations only reference its id
  if (!existing) {
    await tx.insert(memberCashbacks).values({
      id,
      conversionId: conv.id,
      userId,
      clickSessionId: conv.clickSessionId,
      status: to,
      amountCents,
      initialAmountCents: amountCents,
      rateSnapshot: snapshot,
      expectedValidationAt: expectedValidationAt(conv, declaredDays),
      reasonCode,
      reasonTextFr: reasonCode ? reasonTextFr(reasonCode) : null,
    });
  }
  const version = conv.version;
  const previousAmount = existing?.amountCents ?? null;

  // an amount waiting for an admin (currency decision, finance's review) holds no money meanwhile
  const withheld = reasonCode === "fx_review" || reasonCode === "amount_review";
  if (to === memberCashbackStatus.is.pending && !withheld) {
    if (from !== memberCashbackStatus.is.pending || previousAmount !== amountCents) await recordPendingCashback(tx, { ...ledger, amountCents, version });
  } else if (to === memberCashbackStatus.is.pending && withheld && from === memberCashbackStatus.is.pending && (previousAmount ?? 0) > 0) {
    await recordPendingCashback(tx, { ...ledger, amountCents: 0, version });
  } else if (to === memberCashbackStatus.is.validated) {
    const credited = creditTransferId !== null || (await operationApplied(tx, ledgerKeys.cashbackCredit(id)));
    if (!credited) {
      if (amountCents > 0) {
        const r = await approveCashback(tx, { ...ledger, amountCents, rateSnapshot: snapshot });
        creditTransferId = r.transferIds.at(-1) ?? null;
        // the member's first validated cashback releases their referral rewards, in this same transaction
        if (r.applied) await releaseReferralRewards(tx, { refereeId: userId, cashbackId: id, actor: options.actor });
        // and, when it is their first validated purchase, the welcome bonus (ADR 013 §Welcome bonus), in this same transaction
        if (r.applied) await grantWelcomeBonus(tx, { userId, cashbackId: id, actor: options.actor });
      } else if (from === memberCashbackStatus.is.pending) {
        await recordPendingCashback(tx, { ...ledger, amountCents: 0, version });
      }
    } else if (previousAmount !== null && amountCents !== previousAmount) {
      await adjustCashback(tx, { ...ledger, deltaCents: amountCents - previousAmount, version });
    }
  } else if (to === memberCashbackStatus.is.refused && from !== memberCashbackStatus.is.refused) {
    if (await operationApplied(tx, ledgerKeys.cashbackRefuse(id))) await recordPendingCashback(tx, { ...ledger, amountCents: 0, version });
    else await refuseCashback(tx, ledger);
  } else if (to === memberCashbackStatus.is.reversed) {
    const r = await reverseCashback(tx, ledger);
    reversalTransferId = r.transferIds.at(-1) ?? reversalTransferId;
    // rewards earned by this cashback follow it (same transaction)
    if (r.applied) await onReferralSourceReversed(tx, { cashbackId: id, actor: options.actor });
  }

  // the member keeps seeing the validated amount after a reversal (what was taken back)
  const shownAmount = (CASHBACK_LOST as readonly string[]).includes(to) ? (previousAmount ?? amountCents) : amountCents;
  const statusChanged = from !== to;
  if (existing) {
    const changed = statusChanged || existing.amountCents !== shownAmount || existing.reasonCode !== reasonCode || existing.creditTransferId !== creditTransferId || existing.reversalTransferId !== reversalTransferId;
    if (!changed) return to;
    await tx
      .update(memberCashbacks)
      .set({
        status: to,
        amountCents: shownAmount,
        reasonCode,
        reasonTextFr: reasonCode ? reasonTextFr(reasonCode) : null,
        creditTransferId,
        reversalTransferId,
        expectedValidationAt: expectedValidationAt(conv, declaredDays),
        // a detection hidden for want of a pull shows again once a pull confirms it
        ...(to !== memberCashbackStatus.is.tracked ? { hiddenAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(memberCashbacks.id, id));
  } else if (creditTransferId !== null || reversalTransferId !== null) {
    await tx.update(memberCashbacks).set({ creditTransferId, reversalTransferId }).where(eq(memberCashbacks.id, id));
  }
  if (statusChanged || previousAmount !== shownAmount) {
    await tx.insert(memberCashbackEvents).values({ memberCashbackId: id, fromStatus: from, toStatus: to, amountCents: shownAmount, cause: options.cause });
  }
  if (statusChanged) await onMemberCashbackChanged(tx, { memberCashbackId: id, userId, fromStatus: from, toStatus: to });
  return to;
}
