/**
 * Edit conflicts and « Dupliquer » in the back office (tests/e2e/admin-conflicts.spec.ts):
 * per project, one brand and the promo codes two admins edit at once, and a
 * brand to duplicate, three categories to search and sort, so that the projects never touch each other's rows.
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

const CONFLICT_PROJECTS = ["desktop", "mobile"] as const;
/** The code both admins open. */
export const conflictCode = (project: string) => `CONFLIT${project.toUpperCase()}`;
/** The code that is duplicated. */
export const duplicateCode = (project: string) => `DUPLI${project.toUpperCase()}`;
/** The brand that is duplicated (its name and slug). */
export const duplicateBrand = (project: string) => ({ name: `Dupliqua ${project}`, slug: `dupliqua-${project}` });

/** The categories the list test searches and sorts (one project's three). */
export const sortedCategories = (project: string) => ["Alpha", "Bravo", "Charlie"].map((n) => `Rangée ${project} ${n}`);

export async function insertAdminConflictFixtures(db: Db) {
  const s = await import("#db/schema");
  for (const project of CONFLICT_PROJECTS) {
    const [brand] = await db.insert(s.brands).values({ name: `Conflito ${project}`, slug: `conflito-${project}` }).returning();
    await db.insert(s.promoCodes).values([
      { brandId: brand.id, code: conflictCode(project), discountAmount: "10%", description: "Version d'origine" },
      { brandId: brand.id, code: duplicateCode(project), discountAmount: "20%", description: "Code à dupliquer" },
    ]);
    await db.insert(s.brands).values({ ...duplicateBrand(project), description: "Marque à dupliquer" });
    await db.insert(s.categories).values(sortedCategories(project).map((name, i) => ({ name, slug: `rangee-${project}-${i}`, description: `Catégorie triée ${i + 1}` })));
  }
}
