/**
 * List parity (issue #37 item 10; tests/e2e/admin-parity.spec.ts): a closed programme, whose row
 * menu must offer no « Mettre en pause ». Its brand sorts first, so it is on the list's first page.
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "../../app/lib/db.server";

export const CLOSED_PROGRAM_ID = "FERME-E2E-1";

export async function insertAdminParityFixtures(db: Db) {
  const s = await import("../../db/schema");
  const [brand] = await db.insert(s.brands).values({ name: "Aaa Programme fermé", slug: "aaa-programme-ferme" }).returning();
  await db.insert(s.affiliatePrograms).values({
    brandId: brand.id,
    network: "awin",
    networkAccountId: "1",
    networkProgramId: CLOSED_PROGRAM_ID,
    trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}",
    status: "closed",
  });
}
