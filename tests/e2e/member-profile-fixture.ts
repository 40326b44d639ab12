/**
 * tests/e2e/member-profile.spec.ts: per project, a member with a published
 * hot deal (their public page, the author link on cards) and a member whom an
 * admin blocks. tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

export const profilePoster = (project: string) => ({ username: `Posteuse Profil ${project}`, dealTitle: `Plancha électrique signée ${project}` });
export const blockedMember = (project: string) => ({ email: `bloquee-${project}@crevarde.test`, password: "BlocageE2e2026!", username: `Bloquée ${project}` });

export async function insertMemberProfileFixtures(db: Db) {
  const s = await import("#db/schema");
  const { hashPassword } = await import("better-auth/crypto");
  const monthAgo = new Date(Date.now() - 40 * 86_400_000);
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const project of ["desktop", "mobile"]) {
    const poster = profilePoster(project);
    const posterId = `e2e-profile-${project}`;
    await db.insert(s.user).values({ id: posterId, name: poster.username, email: `profil-${project}@crevarde.test`, emailVerified: true, createdAt: monthAgo, updatedAt: monthAgo });
    await db.insert(s.crevardeDeals).values({
      title: poster.dealTitle,
      description: "Une plancha électrique 2 000 W, plaque amovible.",
      price: "39,99€",
      originalPrice: "79,99€",
      source: "boutique",
      badgeText: "Deal membre",
      ctaText: "Voir le deal",
      url: "https://www.plancha-e2e.fr/p",
      authorId: posterId,
      status: "published",
      publishedAt: hourAgo,
      createdAt: hourAgo,
      temperature: 120,
    });
    const blocked = blockedMember(project);
    const blockedId = `e2e-blocked-${project}`;
    await db.insert(s.user).values({ id: blockedId, name: blocked.username, email: blocked.email, emailVerified: true, createdAt: monthAgo, updatedAt: monthAgo });
    await db.insert(s.account).values({ id: `${blockedId}-credential`, accountId: blockedId, providerId: "credential", userId: blockedId, password: await hashPassword(blocked.password) });
  }
}
