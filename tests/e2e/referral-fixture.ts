/**
 * Inserted by tests/e2e/db-fixtures.ts before the server opens the fresh PGlite:
 * per Playwright project, a member who invited a friend (both rewards promised
 * at the referral), and the friend's first cashback imported pending then
 * approved through the network import — the code path that validates it and
 * releases the referral rewards in the same transaction.
 */
import type { Db } from "#app/lib/db.server";

const REFERRAL_PROJECTS = ["desktop", "mobile"] as const;
export const referralReferrer = (project: string) => ({ email: `parrain-${project}@crevarde.test`, password: "ParrainageE2e2026!", username: `Marraine ${project}` });
export const referralFriend = (project: string) => ({ email: `filleule-${project}@crevarde.test`, password: "ParrainageE2e2026!", username: `Filleule ${project}` });
/** The friend's first cashback: a 10,00 € commission at 70 % = 7,00 €, plus the 2,00 € welcome bonus. */
export const REFERRAL_E2E = { friendAvailable: "12,00", referrerAvailable: "3,00", referrerBonus: "3,00" };

export async function insertReferralFixtures(db: Db) {
  const s = await import("#db/schema");
  const { eq } = await import("drizzle-orm");
  const { hashPassword } = await import("better-auth/crypto");
  const { createReferralRewards } = await import("#app/modules/referrals/referrals.server");
  const { importRecords } = await import("#app/modules/conversions/import.server");
  const [program] = await db
    .insert(s.affiliatePrograms)
    .values({ network: "awin", networkAccountId: "e2e-referral", networkProgramId: "e2e-referral-1", trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}", status: "paused" })
    .returning();
  for (const [i, project] of REFERRAL_PROJECTS.entries()) {
    const ids = { referrer: `e2e-parrain-${project}`, friend: `e2e-filleule-${project}` };
    for (const [id, who] of [
      [ids.referrer, referralReferrer(project)],
      [ids.friend, referralFriend(project)],
    ] as const) {
      await db.insert(s.user).values({ id, name: who.username, email: who.email, emailVerified: true });
      await db.insert(s.account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: await hashPassword(who.password) });
      await db.insert(s.profiles).values({ id, email: who.email, username: who.username }).onConflictDoUpdate({ target: s.profiles.id, set: { username: who.username } });
    }
    await db.transaction(async (tx) => {
      await tx.update(s.profiles).set({ referredBy: ids.referrer }).where(eq(s.profiles.id, ids.friend));
      await createReferralRewards(tx, { referrerId: ids.referrer, refereeId: ids.friend, refereeCents: 200, referrerCents: 300 });
    });
    const clickId = `cE2eReferralClick000${i}`;
    await db.insert(s.clickSessions).values({ clickId, userId: ids.friend, programId: program.id, destinationUrl: "https://www.example.fr/", rateSnapshot: { shareBps: 7000, label: "Test", clickedAt: "2026-03-01T10:00:00.000Z" } });
    const record = (status: "pending" | "approved") => {
      const fields = {
        network: "awin" as const,
        networkAccountId: "e2e-referral",
        networkProgramId: "e2e-referral-1",
        recordId: `E2E-REF-${project}`,
        conversionKey: `E2E-REF-${project}`,
        clickId,
        orderRef: `E2E-REF-ORDER-${project}`,
        status,
        networkStatusRaw: status,
        networkPaid: false,
        saleAmount: "100.00",
        commissionAmount: "10.00",
        currency: "EUR",
        transactionAt: new Date("2026-03-02T12:00:00Z"),
        clickAt: null,
        validatedAt: status === "approved" ? new Date("2026-03-20T12:00:00Z") : null,
        lockingAt: null,
        declineReasonRaw: null,
        updatedAt: null,
      };
      return { ...fields, raw: JSON.parse(JSON.stringify(fields)) as Record<string, unknown> };
    };
    await importRecords({ records: [record("pending")], source: "pull", actor: "system" }, { db });
    await importRecords({ records: [record("approved")], source: "pull", actor: "system" }, { db });
  }
}
