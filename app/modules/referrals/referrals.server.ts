import { and, asc, desc, eq, inArray, ne, or } from "drizzle-orm";
import { ledgerAccounts, memberCashbacks, profiles, referralRewards, user } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { creditReferralReward, recordReferralPending, reverseReferralReward, voidReferralPending } from "#app/modules/ledger/ledger-events.server";
import { LedgerStateError } from "#app/modules/ledger/ledger";
import { ensurePlatformAccounts, type LedgerTx } from "#app/modules/ledger/ledger.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { recordAuditIn } from "#app/modules/admin/audit.server";
import { DomainError } from "#app/lib/errors";
import {
  plannedRewards,
  REFERRAL_VOID_REASONS,
  referralHoldReason,
  selfReferralReason,
  type ReferralRewardKind,
  type ReferralRewardStatus,
} from "./referrals";
import { selfReferralSignals } from "./signals.server";
import { REFERRAL_OPEN, referralRewardStatus } from "#db/states/referral-status";
import { memberCashbackStatus } from "#db/states/member-cashback-status";

/**
 * Referral rewards (ADR 037 §Referral; ADR 013 « Referral rewards »; ADR 040):
 * both promised (pending) when the friend, who signed up through an invitation
 * link, verifies the address; held for an admin's review when the two accounts
 * share a signal; credited in the transaction that credits the friend's first
 * validated cashback.
 */

const SYSTEM = "system:referral";

/** The reward amounts of the settings, read before a transaction opens. */
export async function referralAmounts() {
  const [refereeCents, referrerCents] = await Promise.all([getSetting("referral_referee_bonus_cents"), getSetting("referral_referrer_bonus_cents")]);
  return { refereeCents, referrerCents };
}

/** Promise the rewards of a new referral: one pending row per side and its pending transfer. */
export async function createReferralRewards(tx: LedgerTx, input: { referrerId: string; refereeId: string; refereeCents: number; referrerCents: number }) {
  for (const planned of plannedRewards(input)) {
    const [row] = await tx
      .insert(referralRewards)
      .values({ userId: planned.userId, referrerId: input.referrerId, refereeId: input.refereeId, kind: planned.kind, amountCents: planned.amountCents })
      .onConflictDoNothing()
      .returning({ id: referralRewards.id });
    if (row) await recordReferralPending(tx, { rewardId: row.id, userId: planned.userId, amountCents: planned.amountCents, actor: SYSTEM });
  }
  // two accounts that share a signal are held for review from the start (ADR 040)
  const pending = await rewardsOfReferee(tx, input.refereeId);
  const decision = pending.length ? await checkReferral(tx, pending) : null;
  if (decision && "hold" in decision) await holdRewards(tx, pending, decision.hold);
}

type RewardRow = typeof referralRewards.$inferSelect;

/** Move a reward to another state through the allowed transitions (ADR 040), with the columns that go with it. */
async function moveReward(tx: LedgerTx, reward: RewardRow, to: ReferralRewardStatus, changes: Partial<typeof referralRewards.$inferInsert> = {}) {
  const status = referralRewardStatus.transition(reward.status, to, () => new LedgerStateError(`referral reward ${reward.id} cannot go from ${reward.status} to ${to}`));
  await tx
    .update(referralRewards)
    .set({ ...changes, status })
    .where(eq(referralRewards.id, reward.id));
}

async function voidReward(tx: LedgerTx, reward: RewardRow, reason: string, actor: string) {
  if (reward.userId) await voidReferralPending(tx, { rewardId: reward.id, userId: reward.userId, actor });
  await moveReward(tx, reward, referralRewardStatus.is.void, { voidReason: reason });
}

async function creditReward(tx: LedgerTx, reward: RewardRow, cashbackId: string, actor: string) {
  if (!reward.userId) throw new LedgerStateError(`referral reward ${reward.id} has no member`);
  await creditReferralReward(tx, { rewardId: reward.id, userId: reward.userId, amountCents: reward.amountCents, actor });
  await moveReward(tx, reward, referralRewardStatus.is.credited, { sourceCashbackId: cashbackId, creditedAt: new Date() });
}

/**
 * What the check of a referral decides (ADR 040): void (the same account),
 * hold for review (a shared signal, unless an admin already approved this
 * referral), or nothing.
 */
async function checkReferral(tx: LedgerTx, rewards: RewardRow[]): Promise<{ void: string } | { hold: string } | null> {
  const { referrerId, refereeId } = rewards[0];
  if (!referrerId || !refereeId) return null;
  const signals = await selfReferralSignals(tx, referrerId, refereeId);
  const voidReason = selfReferralReason(signals);
  if (voidReason) return { void: voidReason };
  if (rewards.some((r) => r.reviewedAt !== null)) return null;
  const hold = referralHoldReason(signals);
  return hold ? { hold } : null;
}

/** Hold the pending rewards of one referral for review, with the reason. */
async function holdRewards(tx: LedgerTx, rewards: RewardRow[], reason: string) {
  for (const reward of rewards) await moveReward(tx, reward, referralRewardStatus.is.held, { heldReason: reason });
  logger.info({ refereeId: rewards[0]?.refereeId, reason }, "referral: held for review");
}

/**
 * Outside the import (bank details, deletion), lock the platform ledger
 * accounts before the reward rows: every ledger operation locks them first
 * (lowest ids), and the import locks reward rows after them, so both take
 * the locks in the same order and never deadlock.
 */
async function lockPlatformAccounts(tx: LedgerTx) {
  const ids = Object.values(await ensurePlatformAccounts(tx));
  await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids)).orderBy(ledgerAccounts.id).for("update");
}

/** The friend's rewards in these states, locked (so a release, a check and a decision never run on the same rows at once). */
async function rewardsOfReferee(tx: LedgerTx, refereeId: string, statuses: readonly ReferralRewardStatus[] = [referralRewardStatus.is.pending]) {
  return tx
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.refereeId, refereeId), inArray(referralRewards.status, statuses)))
    .orderBy(referralRewards.kind)
    .for("update");
}

/**
 * The friend's first validated cashback, in the transaction of its credit:
 * each pending reward of the referral is credited, voided when the two
 * accounts are one, or held for review when they share a signal (ADR 040).
 * A held reward waits for an admin. A later validation finds no pending
 * reward and does nothing.
 */
export async function releaseReferralRewards(tx: LedgerTx, input: { refereeId: string; cashbackId: string; actor: string }) {
  const pending = await rewardsOfReferee(tx, input.refereeId);
  if (pending.length === 0) return { credited: 0, voided: 0, held: 0 };
  const decision = await checkReferral(tx, pending);
  if (decision && "hold" in decision) {
    await holdRewards(tx, pending, decision.hold);
    return { credited: 0, voided: 0, held: pending.length };
  }
  let credited = 0;
  let voided = 0;
  for (const reward of pending) {
    if (decision || !reward.userId) {
      await voidReward(tx, reward, decision?.void ?? REFERRAL_VOID_REASONS.referrerDeleted, input.actor);
      voided++;
      continue;
    }
    await creditReward(tx, reward, input.cashbackId, input.actor);
    credited++;
  }
  if (voided) logger.info({ refereeId: input.refereeId, reason: decision?.void }, "referral: rewards voided");
  return { credited, voided, held: 0 };
}

/**
 * The friend's cashback that earned the rewards is reversed, in the
 * transaction of its reversal. If the friend has another validated cashback,
 * the rewards stay earned and point to it. Otherwise each reward is taken
 * back (`ref:{id}:reverse`) and becomes void with the reason.
 */
export async function onReferralSourceReversed(tx: LedgerTx, input: { cashbackId: string; actor: string }) {
  const rewards = await tx
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.sourceCashbackId, input.cashbackId), eq(referralRewards.status, referralRewardStatus.is.credited)))
    .orderBy(referralRewards.kind)
    .for("update");
  if (rewards.length === 0) return { moved: 0, reversed: 0 };
  const refereeId = rewards[0].refereeId;
  const [other] = refereeId
    ? await tx
        .select({ id: memberCashbacks.id })
        .from(memberCashbacks)
        .where(and(eq(memberCashbacks.userId, refereeId), eq(memberCashbacks.status, memberCashbackStatus.is.validated), ne(memberCashbacks.id, input.cashbackId)))
        .orderBy(memberCashbacks.createdAt)
        .limit(1)
    : [];
  if (other) {
    await tx.update(referralRewards).set({ sourceCashbackId: other.id }).where(inArray(referralRewards.id, rewards.map((r) => r.id)));
    return { moved: rewards.length, reversed: 0 };
  }
  for (const reward of rewards) {
    if (reward.userId) await reverseReferralReward(tx, { rewardId: reward.id, userId: reward.userId, amountCents: reward.amountCents, actor: input.actor });
    await moveReward(tx, reward, referralRewardStatus.is.void, { voidReason: REFERRAL_VOID_REASONS.sourceReversed });
  }
  logger.info({ cashbackId: input.cashbackId, rewards: rewards.length }, "referral: rewards taken back after a reversal");
  return { moved: 0, reversed: rewards.length };
}

/**
 * A later check (new IBAN): hold the pending rewards of each referral the
 * member is part of, as friend or as referrer, if the two accounts are now
 * linked (ADR 040). Returns the last reason found, or null.
 */
export async function recheckReferral(tx: LedgerTx, memberId: string, actor = SYSTEM): Promise<string | null> {
  const rows = await tx
    .select({ refereeId: referralRewards.refereeId })
    .from(referralRewards)
    .where(and(eq(referralRewards.status, referralRewardStatus.is.pending), or(eq(referralRewards.refereeId, memberId), eq(referralRewards.referrerId, memberId))));
  if (rows.length === 0) return null;
  await lockPlatformAccounts(tx);
  let found: string | null = null;
  for (const refereeId of new Set(rows.map((r) => r.refereeId).filter((id): id is string => id !== null))) {
    const pending = await rewardsOfReferee(tx, refereeId);
    if (pending.length === 0) continue;
    const decision = await checkReferral(tx, pending);
    if (!decision) continue;
    if ("hold" in decision) {
      await holdRewards(tx, pending, decision.hold);
      found = decision.hold;
    } else {
      for (const reward of pending) await voidReward(tx, reward, decision.void, actor);
      found = decision.void;
    }
  }
  return found;
}

/** Before an account is deleted (same transaction, before its ledger accounts are locked): its pending and held rewards, as friend or as referrer, are voided. */
export async function voidReferralRewardsOfDeletedMember(tx: LedgerTx, userId: string) {
  const mine = or(eq(referralRewards.refereeId, userId), eq(referralRewards.referrerId, userId));
  const open = inArray(referralRewards.status, REFERRAL_OPEN);
  const [any] = await tx.select({ id: referralRewards.id }).from(referralRewards).where(and(open, mine)).limit(1);
  if (!any) return;
  await lockPlatformAccounts(tx);
  const rows = await tx
    .select()
    .from(referralRewards)
    .where(and(open, mine))
    .orderBy(referralRewards.id)
    .for("update");
  for (const reward of rows) {
    const reason = reward.refereeId === userId ? REFERRAL_VOID_REASONS.refereeDeleted : REFERRAL_VOID_REASONS.referrerDeleted;
    await voidReward(tx, reward, reason, SYSTEM);
  }
}

export interface MyReferralReward {
  id: string;
  kind: ReferralRewardKind;
  status: ReferralRewardStatus;
  amountCents: number;
  /** the other member's pseudonym (never their e-mail); null once their account is deleted */
  other: string | null;
  voidReason: string | null;
  createdAt: string;
  creditedAt: string | null;
}

/** « Mes parrainages »: the rewards paid (or to be paid) to the member, newest first. */
export async function myReferralRewards(userId: string): Promise<MyReferralReward[]> {
  const db = await getDb();
  const rows = await db.select().from(referralRewards).where(eq(referralRewards.userId, userId)).orderBy(desc(referralRewards.createdAt), referralRewards.kind);
  const otherIds = [...new Set(rows.map((r) => (r.kind === "referee_welcome" ? r.referrerId : r.refereeId)).filter((id): id is string => id !== null))];
  const names = otherIds.length
    ? new Map((await db.select({ id: profiles.id, username: profiles.username }).from(profiles).where(inArray(profiles.id, otherIds))).map((p) => [p.id, p.username]))
    : new Map<string, string | null>();
  return rows.map((r) => {
    const otherId = r.kind === "referee_welcome" ? r.referrerId : r.refereeId;
    return {
      id: r.id,
      kind: r.kind as ReferralRewardKind,
      status: r.status as ReferralRewardStatus,
      amountCents: r.amountCents,
      other: otherId ? (names.get(otherId) ?? "Membre") : null,
      voidReason: r.voidReason,
      createdAt: r.createdAt.toISOString(),
      creditedAt: r.creditedAt?.toISOString() ?? null,
    };
  });
}

/* --------------------------- admin review (ADR 040) --------------------------- */

/** A decision on a held referral was refused for a reason the admin can read. */
export class ReferralReviewError extends DomainError {}

export interface HeldReferral {
  refereeId: string;
  referrer: { id: string; email: string; username: string | null } | null;
  referee: { id: string; email: string; username: string | null };
  reason: string;
  totalCents: number;
  heldSince: string;
}

/** The referrals held for review, oldest first, with both members and the signals found. */
export async function listHeldReferrals(limit = 200): Promise<HeldReferral[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(referralRewards)
    .where(eq(referralRewards.status, referralRewardStatus.is.held))
    .orderBy(asc(referralRewards.createdAt), referralRewards.kind)
    .limit(limit);
  const ids = [...new Set(rows.flatMap((r) => [r.referrerId, r.refereeId]).filter((id): id is string => id !== null))];
  const members = ids.length
    ? await db.select({ id: user.id, email: user.email, username: profiles.username }).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(inArray(user.id, ids))
    : [];
  const byId = new Map(members.map((m) => [m.id, m]));
  const byReferee = new Map<string, HeldReferral>();
  for (const row of rows) {
    const referee = row.refereeId ? byId.get(row.refereeId) : undefined;
    if (!referee) continue;
    const held = byReferee.get(referee.id) ?? {
      refereeId: referee.id,
      referrer: (row.referrerId && byId.get(row.referrerId)) || null,
      referee,
      reason: row.heldReason ?? "",
      totalCents: 0,
      heldSince: row.createdAt.toISOString(),
    };
    held.totalCents += row.amountCents;
    byReferee.set(referee.id, held);
  }
  return [...byReferee.values()];
}

/**
 * An admin's decision on a held referral, audited, in one transaction. Approved:
 * the rewards are paid at once when the friend already has a validated cashback,
 * else they are promised again and paid at its validation — an approved referral
 * is not held again for the same accounts. Refused: both rewards are void, the
 * member reads why on /invite.
 */
export async function decideHeldReferral(actor: { id: string; email: string }, refereeId: string, decision: "approve" | "refuse") {
  const db = await getDb();
  const by = `admin:${actor.id}`;
  return db.transaction(async (tx) => {
    await lockPlatformAccounts(tx);
    const held = await rewardsOfReferee(tx, refereeId, [referralRewardStatus.is.held]);
    if (held.length === 0) throw new ReferralReviewError("Ce parrainage n'est plus en attente de vérification.", 409);
    const reviewed = { reviewedBy: by, reviewedAt: new Date() };
    if (decision === "refuse") {
      for (const reward of held) {
        await voidReward(tx, reward, REFERRAL_VOID_REASONS.refusedAfterReview, by);
        await tx.update(referralRewards).set(reviewed).where(eq(referralRewards.id, reward.id));
      }
    } else {
      const [validated] = await tx
        .select({ id: memberCashbacks.id })
        .from(memberCashbacks)
        .where(and(eq(memberCashbacks.userId, refereeId), eq(memberCashbacks.status, memberCashbackStatus.is.validated)))
        .orderBy(memberCashbacks.createdAt)
        .limit(1);
      for (const reward of held) {
        if (!reward.userId) await voidReward(tx, reward, REFERRAL_VOID_REASONS.referrerDeleted, by);
        else if (validated) await creditReward(tx, reward, validated.id, by);
        else await moveReward(tx, reward, referralRewardStatus.is.pending);
        await tx.update(referralRewards).set(reviewed).where(eq(referralRewards.id, reward.id));
      }
    }
    await recordAuditIn(tx, actor, {
      action: "update",
      entity: "referral",
      entityId: refereeId,
      before: { status: "held", reason: held[0].heldReason },
      after: { decision, rewards: held.map((r) => r.id) },
    });
    return { decision, rewards: held.length };
  });
}
