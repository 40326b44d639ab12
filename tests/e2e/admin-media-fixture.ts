/**
 * The back office's media and rich-text editors (tests/e2e/admin-media.spec.ts): one brand and
 * one published page per project, so that the projects' edits never touch each other's rows.
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

const MEDIA_PROJECTS = ["desktop", "mobile"] as const;
export const mediaBrand = (project: string) => ({ name: `Médiaplus ${project}`, slug: `mediaplus-${project}` });
/** Titled to sort first in /admin/pages (ordered by title). */
export const mediaPage = (project: string) => ({ title: `Aperçu riche ${project}`, slug: `apercu-riche-${project}`, words: `Texte à graisser ${project}` });

export async function insertAdminMediaFixtures(db: Db) {
  const s = await import("#db/schema");
  for (const project of MEDIA_PROJECTS) {
    await db.insert(s.brands).values({ ...mediaBrand(project), description: "Marque des tests d'images." });
    const { title, slug, words } = mediaPage(project);
    await db.insert(s.pages).values({ title, slug, content: `<p>Début. ${words}. Fin.</p>`, published: true });
  }
}
