/**
 * Scheduling (tests/e2e/scheduling.spec.ts, issue #17 item 4): one brand per project,
 * so each project schedules its own code on its own brand page.
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "../../app/lib/db.server";

export const SCHEDULING_PROJECTS = ["desktop", "mobile"] as const;
export const schedulingBrand = (project: string) => ({ name: `Programmo ${project}`, slug: `programmo-${project}` });
export const scheduledCode = (project: string) => `PROGRAMME${project.toUpperCase()}`;

export async function insertSchedulingFixtures(db: Db) {
  const s = await import("../../db/schema");
  for (const project of SCHEDULING_PROJECTS) await db.insert(s.brands).values(schedulingBrand(project));
}
