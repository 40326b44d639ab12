/**
 * The deal page and temperature votes (tests/e2e/deal-page.spec.ts): one
 * published deal per project, with a code, published an hour ago (its
 * temperature, 42°, shows).
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "#app/lib/db.server";

/** One deal per project and per test that votes (the same member votes in both: parallel tests must not share a deal). */
export const votedDealTitle = (project: string, variant: "js" | "plain" | "expiry" = "js") =>
  `Gourde isotherme votée ${project}${variant === "plain" ? " sans JS" : variant === "expiry" ? " à expirer" : ""}`;
export const VOTED_DEAL_CODE = "GOURDE15";
/** The desktop deal's id: the deal page of tests/e2e/routes.ts (every page walked by the layout and hydration specs). */
export const FIXTURE_DEAL_ID = "00000000-0000-4000-8000-000000000015";

/**
 * A member with a profile photo who posted a deal two years ago (the deal page's byline shows the photo and
 * « il y a 2 ans »): one per project, the oldest deals, so that they take no one's place on the list's first screen.
 */
export const avatarPoster = (project: string) => ({ username: `Photo Posteur ${project}`, dealTitle: `Bouilloire vintage photo ${project}`, avatarUrl: "/og-image.png" });

export async function insertDealPageFixtures(db: Db) {
  const s = await import("#db/schema");
  const hourAgo = new Date(Date.now() - 3_600_000);
  const twoYearsAgo = new Date(Date.now() - 2 * 366 * 86_400_000);
  for (const project of ["desktop", "mobile"]) {
    const poster = avatarPoster(project);
    const id = `e2e-avatar-${project}`;
    const email = `avatar-${project}@crevarde.test`;
    await db.insert(s.user).values({ id, name: poster.username, email, emailVerified: true, createdAt: twoYearsAgo, updatedAt: twoYearsAgo });
    await db
      .insert(s.profiles)
      .values({ id, email, username: poster.username, avatarUrl: poster.avatarUrl })
      .onConflictDoUpdate({ target: s.profiles.id, set: { username: poster.username, avatarUrl: poster.avatarUrl } });
    await db.insert(s.crevardeDeals).values({
      title: poster.dealTitle,
      description: "Une bouilloire 1,7 L au look vintage.",
      price: "29,99€",
      originalPrice: "49,99€",
      source: "boutique",
      badgeText: "Deal membre",
      ctaText: "Voir le deal",
      url: "https://www.bouilloire-e2e.fr/p",
      authorId: id,
      status: "published",
      publishedAt: twoYearsAgo,
      createdAt: twoYearsAgo,
      temperature: 30,
    });
  }
  await db.insert(s.crevardeDeals).values([
    ...(["desktop", "mobile"] as const).flatMap((project) => (["js", "plain", "expiry"] as const).map((variant) => ({ project, variant }))).map(({ project, variant }) => ({
      id: project === "desktop" && variant === "js" ? FIXTURE_DEAL_ID : undefined,
      title: votedDealTitle(project, variant),
      description: "Une gourde isotherme qui garde l'eau fraîche 24 h.",
      price: "7,99€",
      originalPrice: "24,99€",
      source: "temu",
      badgeText: "Prix cassé",
      ctaText: VOTED_DEAL_CODE,
      url: "https://www.temu.com/gourde",
      publishedAt: hourAgo,
      createdAt: hourAgo,
      temperature: 42,
    })),
  ]);
}
