/**
 * CSV export and import of promo codes (tests/e2e/admin-csv.spec.ts): one
 * brand and two codes per project, so that the projects' imports never touch
 * each other's rows. tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

const CSV_PROJECTS = ["desktop", "mobile"] as const;
export const csvBrand = (project: string) => ({ name: `Csvland ${project}`, slug: `csvland-${project}` });
/** The codes of one project: searched by their common prefix; [featured, not featured]. */
export const csvCodePrefix = (project: string) => `CSVE2E${project.toUpperCase()}`;
export const csvCodes = (project: string) => ["1", "2"].map((n) => `${csvCodePrefix(project)}${n}`);

export async function insertAdminCsvFixtures(db: Db) {
  const s = await import("#db/schema");
  for (const project of CSV_PROJECTS) {
    const [brand] = await db.insert(s.brands).values(csvBrand(project)).returning();
    const [one, two] = csvCodes(project);
    await db.insert(s.promoCodes).values([
      { brandId: brand.id, code: one, discountAmount: "5%", description: "Code en avant", isFeatured: true },
      { brandId: brand.id, code: two, discountAmount: "10%", description: "Code ordinaire", isFeatured: false },
    ]);
  }
}
