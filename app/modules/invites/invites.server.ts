import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { profiles } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { createReferralRewards, referralAmounts } from "~/modules/referrals/referrals.server";

const REFERRAL_CODE = /^[A-Za-z0-9_-]{6,32}$/;

/** The member's personal invitation code, created on first use. */
export async function referralCodeFor(userId: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ code: profiles.referralCode }).from(profiles).where(eq(profiles.id, userId));
  if (row?.code) return row.code;
  for (let i = 0; i < 3; i++) {
    const code = randomBytes(6).toString("base64url");
    const [updated] = await db
      .update(profiles)
      .set({ referralCode: code })
      .where(and(eq(profiles.id, userId), isNull(profiles.referralCode)))
      .returning({ code: profiles.referralCode })
      .catch(() => []);
    if (updated?.code) return updated.code;
    const [again] = await db.select({ code: profiles.referralCode }).from(profiles).where(eq(profiles.id, userId));
    if (again?.code) return again.code;
  }
  throw new Error("could not create a referral code");
}

/**
 * Record who invited a new member (only once, never themselves) and, in the
 * same transaction, promise both referral rewards (pending until the friend's
 * first validated cashback).
 */
export async function recordReferral(newUserId: string, code: string) {
  if (!REFERRAL_CODE.test(code)) return;
  const db = await getDb();
  const [inviter] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.referralCode, code));
  if (!inviter || inviter.id === newUserId) return;
  const amounts = await referralAmounts();
  await db.transaction(async (tx) => {
    const [linked] = await tx
      .update(profiles)
      .set({ referredBy: inviter.id })
      .where(and(eq(profiles.id, newUserId), isNull(profiles.referredBy)))
      .returning({ id: profiles.id });
    if (linked) await createReferralRewards(tx, { referrerId: inviter.id, refereeId: newUserId, ...amounts });
  });
}

export async function countReferrals(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles).where(eq(profiles.referredBy, userId));
  return row?.n ?? 0;
}
