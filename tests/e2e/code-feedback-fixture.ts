/**
 * « Ça a marché ? » (tests/e2e/code-feedback.spec.ts): a brand of its own with
 * one code per project and per test, each already answered « Oui », « Oui »,
 * « Non » by three members of its own, so the rate shows (67 %) before the
 * spec's member answers; and a code whose last five answers are « Non » (shown
 * to admins under « Codes qui échouent »). tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

export const FEEDBACK_BRAND = { name: "Avis Testés", slug: "avis-testes", websiteUrl: "https://avis-testes.example" };
/** The code a project's test answers: `js` with JavaScript, `plain` without. */
export const feedbackCode = (project: string, kind: "js" | "plain") => `AVIS${project.toUpperCase()}${kind === "js" ? "1" : "2"}`;

/** A code every voter says does not work. */
export const FAILING_CODE = "AVISECHEC";

export async function insertCodeFeedbackFixtures(db: Db) {
  const s = await import("#db/schema");
  const [brand] = await db.insert(s.brands).values({ ...FEEDBACK_BRAND, description: "Une marque de test pour « Ça a marché ? »." }).returning();
  const codes = await db
    .insert(s.promoCodes)
    .values(["desktop", "mobile"].flatMap((p) => (["js", "plain"] as const).map((k) => ({ brandId: brand.id, code: feedbackCode(p, k), discountAmount: "10%" }))))
    .returning();
  const [failing] = await db.insert(s.promoCodes).values({ brandId: brand.id, code: FAILING_CODE, discountAmount: "5%" }).returning();
  const voters = await db
    .insert(s.user)
    .values([1, 2, 3, 4, 5].map((i) => ({ id: `avis-e2e-${i}`, name: `Votant ${i}`, email: `avis-${i}@crevarde.test`, emailVerified: true })))
    .returning();
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
  await db.insert(s.codeFeedback).values(
    codes.flatMap((c) => voters.slice(0, 3).map((v, i) => ({ promoCodeId: c.id, userId: v.id, worked: i < 2, createdAt: twoHoursAgo, updatedAt: twoHoursAgo }))),
  );
  await db.insert(s.codeFeedback).values(voters.map((v) => ({ promoCodeId: failing.id, userId: v.id, worked: false, createdAt: twoHoursAgo, updatedAt: twoHoursAgo })));
}
