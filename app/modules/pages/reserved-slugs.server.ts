import { getEnv } from "#app/lib/env.server";
import { conceptPath } from "#app/lib/site";

/**
 * The first segment of every route in app/routes.ts, except the catch-alls
 * (":slug", "*"). Kept by hand so that the server does not load the route
 * config (a dev dependency) at run time; reserved-slugs.test.ts derives the
 * list from app/routes.ts and fails when a route is added without it.
 */
export const ROUTE_FIRST_SEGMENTS = [
  "admin",
  "aide",
  "alertes",
  "analytics",
  "api",
  "apropos",
  "auth",
  "blog",
  "cashback",
  "categories",
  "codes-promo",
  "consent",
  "contact",
  "coup-de-crevarde",
  "coups-de-crevarde",
  "deals",
  "email-test",
  "extension",
  "inscription",
  "invite",
  "kpi",
  "legal",
  "marques",
  "mes-alertes",
  "membres",
  "mes-deals",
  "mon-cashback",
  "newsletter",
  "offres",
  "pourquoi",
  "profile",
  "recherche",
  "robots.txt",
  "signaler-un-contenu",
  "signup",
  "sitemap.xml",
  "temu",
] as const;

/** Paths the Express server answers before React Router (server/app.ts). */
export const SERVER_PATHS = ["assets", "uploads", "healthz", "readyz"] as const;

const RESERVED: ReadonlySet<string> = new Set([...ROUTE_FIRST_SEGMENTS, ...SERVER_PATHS]);

/**
 * Whether a page slug would be shadowed by a built-in route (/blog, /admin,
 * /marques, the /pourquoi-{product} concept page...): /{slug} would never
 * show the page.
 */
export function isReservedPageSlug(slug: string): boolean {
  return RESERVED.has(slug) || `/${slug}` === conceptPath(getEnv().SITE_NAME);
}

export const RESERVED_SLUG_MESSAGE = "Ce slug est déjà utilisé par une page du site. Choisissez-en un autre.";
