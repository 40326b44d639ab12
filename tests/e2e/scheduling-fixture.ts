/**
 * Scheduling (tests/e2e/scheduling.spec.ts, issue #17 item 4): one brand per project,
 * so each project schedules its own code on its own brand page.
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

const SCHEDULING_PROJECTS = ["desktop", "mobile"] as const;
export const schedulingBrand = (project: string) => ({ name: `Programmo ${project}`, slug: `programmo-${project}` });
export const scheduledCode = (project: string) => `PROGRAMME${project.toUpperCase()}`;
/** A code of the brand ending in two days: on the dashboard's « Codes qui expirent bientôt ». */
export const expiringCode = (project: string) => `FINPROCHE${project.toUpperCase()}`;

export async function insertSchedulingFixtures(db: Db) {
  const s = await import("#db/schema");
  for (const project of SCHEDULING_PROJECTS) {
    const [brand] = await db.insert(s.brands).values(schedulingBrand(project)).returning();
    await db.insert(s.promoCodes).values({ brandId: brand.id, code: expiringCode(project), discountAmount: "5%", expiresAt: new Date(Date.now() + 2 * 86_400_000) });
  }
}
