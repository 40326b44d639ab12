import { aliasedTable, and, desc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { clickSessions, ledgerAccounts, memberCashbacks, payoutMethods, profiles, referralRewards } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { creditReferralReward, recordReferralPending, reverseReferralReward, voidReferralPending } from "~/modules/ledger/ledger-events.server";
import { ensurePlatformAccounts, type LedgerExecutor, type LedgerTx } from "~/modules/ledger/ledger.server";
import { getSetting } from "~/modules/settings/settings.server";
import { plannedRewards, REFERRAL_VOID_REASONS, selfReferralReason, type ReferralRewardKind, type ReferralRewardStatus } from "./referrals";

/**
 * Referral rewards (ADR 037 §Referral; ADR 013 « Referral rewards »): both
 * promised (pending) when the friend signs up through an invitation link,
 * credited — or voided as a self-referral — in the transaction that credits
 * the friend's first validated cashback.
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
}

/** What links the two accounts (self-referral signals of ADR 013 « Referral rewards »), read in `tx`. */
async function selfReferralCheck(tx: LedgerExecutor, referrerId: string | null, refereeId: string | null): Promise<string | null> {
  if (!referrerId || !refereeId) return null;
  if (referrerId === refereeId) return selfReferralReason({ sameAccount: true, sharedIbanFingerprint: false, sharedVisitorHash: false });
  const mine = aliasedTable(payoutMethods, "pm_referrer");
  const theirs = aliasedTable(payoutMethods, "pm_referee");
  // any IBAN either has ever entered, disabled ones too
  const [iban] = await tx
    .select({ one: sql<number>`1` })
    .from(mine)
    .innerJoin(theirs, eq(mine.ibanFingerprint, theirs.ibanFingerprint))
    .where(and(eq(mine.userId, referrerId), eq(theirs.userId, refereeId)))
    .limit(1);
  const c1 = aliasedTable(clickSessions, "cs_referrer");
  const c2 = aliasedTable(clickSessions, "cs_referee");
  const [device] = iban
    ? []
    : await tx
        .select({ one: sql<number>`1` })
        .from(c1)
        .innerJoin(c2, eq(c1.visitorHash, c2.visitorHash))
        .where(and(eq(c1.userId, referrerId), eq(c2.userId, refereeId), isNotNull(c1.visitorHash)))
        .limit(1);
  return selfReferralReason({ sameAccount: false, sharedIbanFingerprint: Boolean(iban), sharedVisitorHash: Boolean(device) });
}

type RewardRow = typeof referralRewards.$inferSelect;

async function voidReward(tx: LedgerTx, reward: RewardRow, reason: string, actor: string) {
  if (reward.userId) await voidReferralPending(tx, { rewardId: reward.id, userId: reward.userId, actor });
  await tx.update(referralRewards).set({ status: "void", voidReason: reason }).where(eq(referralRewards.id, reward.id));
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

/** The friend's pending rewards, locked (so a release and a check never run on the same rows at once). */
async function pendingRewardsOf(tx: LedgerTx, refereeId: string) {
  return tx
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.refereeId, refereeId), eq(referralRewards.status, "pending")))
    .orderBy(referralRewards.kind)
    .for("update");
}

/**
 * The friend's first validated cashback, in the transaction of its credit:
 * each pending reward of the referral is credited, or voided when the two
 * accounts turn out to be the same person. A later validation finds no
 * pending reward and does nothing.
 */
export async function releaseReferralRewards(tx: LedgerTx, input: { refereeId: string; cashbackId: string; actor: string }) {
  const pending = await pendingRewardsOf(tx, input.refereeId);
  if (pending.length === 0) return { credited: 0, voided: 0 };
  const reason = await selfReferralCheck(tx, pending[0].referrerId, input.refereeId);
  let credited = 0;
  let voided = 0;
  for (const reward of pending) {
    if (reason || !reward.userId) {
      await voidReward(tx, reward, reason ?? REFERRAL_VOID_REASONS.referrerDeleted, input.actor);
      voided++;
      continue;
    }
    await creditReferralReward(tx, { rewardId: reward.id, userId: reward.userId, amountCents: reward.amountCents, actor: input.actor });
    await tx.update(referralRewards).set({ status: "credited", sourceCashbackId: input.cashbackId, creditedAt: new Date() }).where(eq(referralRewards.id, reward.id));
    credited++;
  }
  if (voided) logger.info({ refereeId: input.refereeId, reason }, "referral: rewards voided");
  return { credited, voided };
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
    .where(and(eq(referralRewards.sourceCashbackId, input.cashbackId), eq(referralRewards.status, "credited")))
    .orderBy(referralRewards.kind)
    .for("update");
  if (rewards.length === 0) return { moved: 0, reversed: 0 };
  const refereeId = rewards[0].refereeId;
  const [other] = refereeId
    ? await tx
        .select({ id: memberCashbacks.id })
        .from(memberCashbacks)
        .where(and(eq(memberCashbacks.userId, refereeId), eq(memberCashbacks.status, "validated"), ne(memberCashbacks.id, input.cashbackId)))
        .orderBy(memberCashbacks.createdAt)
        .limit(1)
    : [];
  if (other) {
    await tx.update(referralRewards).set({ sourceCashbackId: other.id }).where(inArray(referralRewards.id, rewards.map((r) => r.id)));
    return { moved: rewards.length, reversed: 0 };
  }
  for (const reward of rewards) {
    if (reward.userId) await reverseReferralReward(tx, { rewardId: reward.id, userId: reward.userId, amountCents: reward.amountCents, actor: input.actor });
    await tx.update(referralRewards).set({ status: "void", voidReason: REFERRAL_VOID_REASONS.sourceReversed }).where(eq(referralRewards.id, reward.id));
  }
  logger.info({ cashbackId: input.cashbackId, rewards: rewards.length }, "referral: rewards taken back after a reversal");
  return { moved: 0, reversed: rewards.length };
}

/**
 * A later check (new IBAN, new click): void the friend's pending rewards if
 * the two accounts are now linked. Returns the reason, or null.
 */
export async function recheckReferral(tx: LedgerTx, memberId: string, actor = SYSTEM): Promise<string | null> {
  // the member may be the friend or the one who invited: check each referral they are part of
  const rows = await tx
    .select({ refereeId: referralRewards.refereeId })
    .from(referralRewards)
    .where(and(eq(referralRewards.status, "pending"), or(eq(referralRewards.refereeId, memberId), eq(referralRewards.referrerId, memberId))));
  if (rows.length === 0) return null;
  await lockPlatformAccounts(tx);
  let found: string | null = null;
  for (const refereeId of new Set(rows.map((r) => r.refereeId).filter((id): id is string => id !== null))) {
    const pending = await pendingRewardsOf(tx, refereeId);
    if (pending.length === 0) continue;
    const reason = await selfReferralCheck(tx, pending[0].referrerId, refereeId);
    if (!reason) continue;
    for (const reward of pending) await voidReward(tx, reward, reason, actor);
    found = reason;
  }
  return found;
}

/** Before an account is deleted (same transaction, before its ledger accounts are locked): its pending rewards, as friend or as referrer, are voided. */
export async function voidReferralRewardsOfDeletedMember(tx: LedgerTx, userId: string) {
  const mine = or(eq(referralRewards.refereeId, userId), eq(referralRewards.referrerId, userId));
  const [any] = await tx.select({ id: referralRewards.id }).from(referralRewards).where(and(eq(referralRewards.status, "pending"), mine)).limit(1);
  if (!any) return;
  await lockPlatformAccounts(tx);
  const rows = await tx
    .select()
    .from(referralRewards)
    .where(and(eq(referralRewards.status, "pending"), mine))
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
