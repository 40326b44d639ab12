/**
 * History with restore (tests/e2e/admin-history.spec.ts): per project, one brand and the promo code an admin
 * edits, restores, deletes and brings back from the bin, so that the projects never touch each other's rows.
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

const HISTORY_PROJECTS = ["desktop", "mobile"] as const;
/** The code edited, restored, deleted and restored again. */
export const historyCode = (project: string) => `HISTO${project.toUpperCase()}`;
/** Its brand's name, shown beside the code in the history's sentences. */
export const historyBrand = (project: string) => `Historia ${project}`;

export async function insertAdminHistoryFixtures(db: Db) {
  const s = await import("#db/schema");
  for (const project of HISTORY_PROJECTS) {
    const [brand] = await db
      .insert(s.brands)
      .values({ name: historyBrand(project), slug: `historia-${project}` })
      .returning();
    await db.insert(s.promoCodes).values({ brandId: brand.id, code: historyCode(project), discountAmount: "10%", description: "Version d'origine" });
  }
}
