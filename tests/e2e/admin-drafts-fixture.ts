/**
 * Drafts (issue #37 item 3, ADR 047; tests/e2e/admin-drafts.spec.ts): per project, a promo code
 * scheduled for December 2030 to duplicate, so that the projects never touch each other's rows.
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

const DRAFT_PROJECTS = ["desktop", "mobile"] as const;
/** The code scheduled for 2030 that is duplicated. */
export const scheduledCode = (project: string) => `NOEL2030${project.toUpperCase()}`;
/** Its copy's code, typed in the dialog. */
export const copiedCode = (project: string) => `COPIE2030${project.toUpperCase()}`;

export async function insertAdminDraftFixtures(db: Db) {
  const s = await import("#db/schema");
  for (const project of DRAFT_PROJECTS) {
    const [brand] = await db.insert(s.brands).values({ name: `Brouillonne ${project}`, slug: `brouillonne-${project}` }).returning();
    await db.insert(s.promoCodes).values({
      brandId: brand.id,
      code: scheduledCode(project),
      discountAmount: "30%",
      description: "Code de Noël 2030",
      // 1 December 2030 09:00 → 26 December 2030 09:00, Paris time
      publishAt: new Date("2030-12-01T08:00:00.000Z"),
      unpublishAt: new Date("2030-12-26T08:00:00.000Z"),
    });
  }
}
