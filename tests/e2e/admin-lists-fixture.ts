/**
 * The back office's list engine (tests/e2e/admin-lists.spec.ts): one brand and
 * three promo codes per project, so that the projects' bulk actions never touch
 * each other's rows. tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

const LIST_PROJECTS = ["desktop", "mobile"] as const;
/** The codes of one project: searched by their common prefix. */
export const listCodes = (project: string) => ["1", "2", "3"].map((n) => `LISTE${project.toUpperCase()}${n}`);
export const listCodePrefix = (project: string) => `LISTE${project.toUpperCase()}`;

/** A member whose address is far wider than its column: cut with « … », whole in its title (issue #37 item 8). */
export const LONG_EMAIL = "une-adresse-vraiment-tres-longue-pour-la-colonne@un-domaine-de-messagerie-francais.fr";

export async function insertAdminListFixtures(db: Db) {
  const s = await import("#db/schema");
  await db.insert(s.user).values({ id: "e2e-long-email", name: "Adresse longue", email: LONG_EMAIL, emailVerified: true });
  const day = 86_400_000;
  for (const project of LIST_PROJECTS) {
    const [brand] = await db.insert(s.brands).values({ name: `Listeo ${project}`, slug: `listeo-${project}` }).returning();
    const [one, two, three] = listCodes(project);
    await db.insert(s.promoCodes).values([
      { brandId: brand.id, code: one, discountAmount: "5%", description: "Premier code de la liste", expiresAt: new Date(Date.now() + 20 * day) },
      { brandId: brand.id, code: two, discountAmount: "10%", description: "Code déjà expiré", expiresAt: new Date(Date.now() - 2 * day) },
      { brandId: brand.id, code: three, discountAmount: "15%", description: "Code sans limite", expiresAt: null },
    ]);
  }
}
