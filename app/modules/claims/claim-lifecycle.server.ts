import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { getDb } from "#app/lib/db.server";
import type { ScheduleDefinition } from "#app/lib/jobs.server";
import { logger } from "#app/lib/logger.server";
import type { LedgerTx } from "#app/modules/ledger/ledger.server";
import { cashbackClaims, conversions } from "#db/schema";
import { CLAIM_AWAITING_ORDER, claimStatus } from "#db/states/claim-status";
import { notifyClaimUpdated } from "./claim-mail.server";
import { claimExpiresAt, fallbackMatchDistance, reopenError, sameOrderRef, withdrawError } from "./claim-rules";
import { CLAIM_EXPIRY_DAYS, CLAIM_MESSAGES } from "./claims.schema";
import { ClaimError } from "./claims.server";
import { conversionStatus } from "#db/states/conversion-status";

/*
 * The rest of a claim's life (ADR 037 §Missing-cashback claims): the member withdraws it before it
 * is sent, or re-opens it once after it expired; the daily job expires the
 * ones the network never answered; a conversion that appears for the order
 * accepts it, or sends it to finance as a dispute when the network declined it. Each status change someone else makes sends the member the
 * « Réclamation mise à jour » e-mail, queued in the same transaction.
 */

type ClaimRow = typeof cashbackClaims.$inferSelect;
const DAY_MS = 86_400_000;

/** The member's own claim, locked; another member's (or none) is a 404. */
async function lockOwnClaim(tx: LedgerTx, userId: string, claimId: string): Promise<ClaimRow> {
  const [row] = await tx.select().from(cashbackClaims).where(eq(cashbackClaims.id, claimId)).for("update").limit(1);
  if (!row || row.userId !== userId) throw new ClaimError(CLAIM_MESSAGES.notFound, 404);
  return row;
}

/**
 * « Retirer ma réclamation »: the member takes back a claim not yet sent to
 * the network (submitted or matched). It shows « Retirée » in the timeline,
 * and the order may be claimed again (the unique index skips withdrawn claims).
 */
export async function withdrawClaim(member: { id: string }, claimId: string, now = new Date()): Promise<ClaimRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await lockOwnClaim(tx, member.id, claimId);
    const refusal = withdrawError(before.status);
    if (refusal) throw new ClaimError(refusal, 409);
    const [after] = await tx.update(cashbackClaims).set({ status: claimStatus.transition(before.status, "withdrawn"), resolvedAt: now }).where(eq(cashbackClaims.id, claimId)).returning();
    return after;
  });
}

/**
 * « Relancer ma réclamation »: an expired claim goes back to finance's queue
 * (`matched`, « À transmettre ») to be sent to the network again, once:
 * `reopened_at` records it, and a second re-open is refused.
 */
export async function reopenClaim(member: { id: string }, claimId: string, now = new Date()): Promise<ClaimRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const before = await lockOwnClaim(tx, member.id, claimId);
    const refusal = reopenError(before);
    if (refusal) throw new ClaimError(refusal, 409);
    const [after] = await tx.update(cashbackClaims).set({ status: claimStatus.transition(before.status, "matched"), reopenedAt: now, resolvedAt: null }).where(eq(cashbackClaims.id, claimId)).returning();
    return after;
  });
}

/* ------------------------------ expiry job ------------------------------ */

export const CLAIMS_EXPIRE_QUEUE = "claims.expire";
/** Daily, in the Paris morning. */
export const CLAIMS_EXPIRE_SCHEDULE: ScheduleDefinition = { name: CLAIMS_EXPIRE_QUEUE, cron: "15 6 * * *" };

/**
 * Expire every claim sent to the network CLAIM_EXPIRY_DAYS (120) days ago or
 * more with no answer, each in its own transaction with the member's e-mail.
 * Idempotent: an expired claim is no longer `sent`, and a claim answered
 * meanwhile is skipped. Returns the number of claims expired.
 */
export async function expireStaleClaims(now = new Date()): Promise<number> {
  const db = await getDb();
  const cutoff = new Date(now.getTime() - CLAIM_EXPIRY_DAYS * DAY_MS);
  const due = await db
    .select({ id: cashbackClaims.id })
    .from(cashbackClaims)
    .where(and(eq(cashbackClaims.status, claimStatus.is.sent), lte(cashbackClaims.sentAt, cutoff)))
    .limit(5000);
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(cashbackClaims).where(eq(cashbackClaims.id, id)).for("update", { skipLocked: true }).limit(1);
      if (!row || !claimStatus.canMove(row.status, "expired") || !row.sentAt || claimExpiresAt(row.sentAt) > now) return false;
      const [after] = await tx.update(cashbackClaims).set({ status: claimStatus.transition(row.status, "expired"), resolvedAt: now }).where(eq(cashbackClaims.id, id)).returning();
      await notifyClaimUpdated(tx, after, "expired");
      return true;
    });
    if (done) expired++;
  }
  return expired;
}

/** The `claims.expire` job handler. */
export async function expireClaimsJob(): Promise<void> {
  const expired = await expireStaleClaims();
  if (expired > 0) logger.info({ expired }, "claims: claims expired without an answer");
}

/* ------------------------ a conversion answers a claim ------------------------ */


/**
 * The member's open claims that this conversion answers (ADR 037 §Missing-cashback claims): by order
 * reference (normalised) when the network gives one — a conversion for another order, even on the
 * claim's own click, answers nothing — else the one claim closest in amount and day within the
 * fallback tolerance. A conversion already linked to a claim answers no other.
 */
function claimsAnsweredBy(conv: typeof conversions.$inferSelect, open: ClaimRow[]): ClaimRow[] {
  if (conv.orderRef?.trim()) return open.filter((c) => sameOrderRef(c.orderRef, conv.orderRef));
  let best: { claim: ClaimRow; distance: number } | null = null;
  for (const claim of open) {
    const distance = fallbackMatchDistance(claim, conv);
    if (distance === null) continue;
    if (!best || distance < best.distance || (distance === best.distance && claim.submittedAt < best.claim.submittedAt)) best = { claim, distance };
  }
  return best ? [best.claim] : [];
}

/**
 * Called by the conversion import, in the transaction that wrote the
 * conversion. The member's open claims on that programme for the same order
 * are linked to it: `accepted` when the conversion is pending or approved (the
 * cashback itself is the member cashback the import creates; nothing is
 * credited here), `disputed` when the network declined it — a claim never
 * accepts itself on a declined order, finance examines it. A claim accepted
 * earlier through a conversion that is now declined becomes `disputed` too.
 * The member is told each change. Returns the claims' ids by new status.
 */
export async function settleClaimsForConversion(tx: LedgerTx, conv: typeof conversions.$inferSelect, now = new Date()): Promise<{ accepted: string[]; disputed: string[] }> {
  const none = { accepted: [], disputed: [] };
  if (!conv.userId || !conv.programId) return none;
  const declined = conv.status === conversionStatus.is.declined;
  const linked = await tx.select().from(cashbackClaims).where(eq(cashbackClaims.conversionId, conv.id)).for("update");
  const changed: { claim: ClaimRow; to: "accepted" | "disputed" }[] = [];
  if (linked.length) {
    // the conversion already answered a claim: only its status can still move that claim to a dispute
    if (declined) for (const claim of linked) if (claim.status === claimStatus.is.accepted) changed.push({ claim, to: "disputed" });
  } else {
    const open = await tx
      .select()
      .from(cashbackClaims)
      .where(and(eq(cashbackClaims.userId, conv.userId), eq(cashbackClaims.programId, conv.programId), isNull(cashbackClaims.conversionId), inArray(cashbackClaims.status, CLAIM_AWAITING_ORDER)))
      .for("update");
    for (const claim of claimsAnsweredBy(conv, open)) changed.push({ claim, to: declined ? "disputed" : "accepted" });
  }
  const out: { accepted: string[]; disputed: string[] } = { accepted: [], disputed: [] };
  for (const { claim, to } of changed) {
    const [after] = await tx
      .update(cashbackClaims)
      .set(to === claimStatus.is.accepted ? { status: claimStatus.transition(claim.status, to), conversionId: conv.id, resolvedAt: now } : { status: claimStatus.transition(claim.status, to), conversionId: conv.id, disputedAt: now, resolvedAt: null })
      .where(eq(cashbackClaims.id, claim.id))
      .returning();
    await notifyClaimUpdated(tx, after, to);
    out[to].push(after.id);
  }
  if (changed.length) logger.info({ conversionId: conv.id, ...out }, "claims: answered by an imported conversion");
  return out;
}
