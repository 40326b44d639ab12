/**
 * List parity (issue #37 item 10; tests/e2e/admin-parity.spec.ts): a closed programme, whose row
 * menu must offer no « Mettre en pause ». Its brand sorts first, so it is on the list's first page.
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

export const CLOSED_PROGRAM_ID = "FERME-E2E-1";

/**
 * Each role reads its own journal (issue #37 item 5; tests/e2e/admin-roles.spec.ts): a payout and a payout
 * batch written by someone of the finance team, which the editor's history never shows, and a promo code's
 * edit, which it does.
 */
export const FINANCE_JOURNAL_ACTOR = "tresorerie-e2e@crevarde.local";

export async function insertAdminParityFixtures(db: Db) {
  const s = await import("#db/schema");
  const [brand] = await db.insert(s.brands).values({ name: "Aaa Programme fermé", slug: "aaa-programme-ferme" }).returning();
  await db.insert(s.affiliatePrograms).values({
    brandId: brand.id,
    network: "awin",
    networkAccountId: "1",
    networkProgramId: CLOSED_PROGRAM_ID,
    trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}",
    status: "closed",
  });
  const entry = { actorId: "e2e-tresorerie", actorEmail: FINANCE_JOURNAL_ACTOR, action: "update" as const, before: { status: "approved" }, after: { status: "exported" } };
  await db.insert(s.auditLog).values([
    { ...entry, entity: "payout", entityId: "e2e-payout" },
    { ...entry, entity: "payout_batch", entityId: "e2e-batch" },
    // and a catalogue entry of someone else, which the editor reads
    { actorId: "e2e-catalogue", actorEmail: "catalogue-e2e@crevarde.local", action: "update", entity: "promo_code", entityId: "e2e-code", before: { code: "E2EJOURNAL" }, after: { code: "E2EJOURNAL2" } },
  ]);
}
