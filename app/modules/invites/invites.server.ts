import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { profiles, user } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { createReferralRewards, referralAmounts } from "#app/modules/referrals/referrals.server";
import { recordAccountSignals } from "#app/modules/referrals/signals.server";

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
 * At the member's own sign-up, in the request that created the account: note
 * who invited them, from the code of that request (ADR 040). Nothing is
 * promised yet; a later sign-up with the same address never reaches here (it
 * creates no account), and a code already noted is never replaced.
 */
export async function recordPendingReferral(newUserId: string, code: string) {
  if (!REFERRAL_CODE.test(code)) return;
  const db = await getDb();
  const [inviter] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.referralCode, code));
  if (!inviter || inviter.id === newUserId) return;
  await db
    .update(profiles)
    .set({ pendingReferredBy: inviter.id })
    .where(and(eq(profiles.id, newUserId), isNull(profiles.pendingReferredBy), isNull(profiles.referredBy)));
}

/**
 * The member has verified the address: the invitation noted at their sign-up
 * becomes their referral (only once, never themselves) and, in the same
 * transaction, both rewards are promised — held for review when the two
 * accounts share a signal (ADR 040). An unverified account binds nothing.
 */
export async function confirmReferral(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ pending: profiles.pendingReferredBy, verified: user.emailVerified })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, userId));
  if (!row?.pending || !row.verified || row.pending === userId) return;
  const inviterId = row.pending;
  const amounts = await referralAmounts();
  await db.transaction(async (tx) => {
    const [linked] = await tx
      .update(profiles)
      .set({ referredBy: inviterId, pendingReferredBy: null })
      .where(and(eq(profiles.id, userId), eq(profiles.pendingReferredBy, inviterId), isNull(profiles.referredBy)))
      .returning({ id: profiles.id });
    if (linked) await createReferralRewards(tx, { referrerId: inviterId, refereeId: userId, ...amounts });
  });
}

/** The address was just verified (better-auth's hook): remember where from, then bind the invitation noted at sign-up. */
export async function onAddressVerified(userId: string, seen: { ip: string | null; deviceId: string | null }) {
  await recordAccountSignals(userId, seen);
  await confirmReferral(userId);
}

export async function countReferrals(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profiles).where(eq(profiles.referredBy, userId));
  return row?.n ?? 0;
}
