/**
 * The deal page and temperature votes (tests/e2e/deal-page.spec.ts): one
 * published deal per project, with a code, published an hour ago (its
 * temperature, 42°, shows).
 * tests/e2e/db-fixtures.ts runs this on the fresh database.
 */
import type { Db } from "../../app/lib/db.server";

/** One deal per project and per test that votes (the same member votes in both: parallel tests must not share a deal). */
export const votedDealTitle = (project: string, variant: "js" | "plain" | "expiry" = "js") =>
  `Gourde isotherme votée ${project}${variant === "plain" ? " sans JS" : variant === "expiry" ? " à expirer" : ""}`;
export const VOTED_DEAL_CODE = "GOURDE15";
/** The desktop deal's id: the deal page of tests/e2e/routes.ts (every page walked by the layout and hydration specs). */
export const FIXTURE_DEAL_ID = "00000000-0000-4000-8000-000000000015";

export async function insertDealPageFixtures(db: Db) {
  const s = await import("../../db/schema");
  const hourAgo = new Date(Date.now() - 3_600_000);
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
