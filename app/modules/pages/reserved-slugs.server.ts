import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../routes";
import { getEnv } from "~/lib/env.server";
import { conceptPath } from "~/lib/site";

/** Paths the Express server answers before React Router (server/app.ts). */
const SERVER_PATHS = ["assets", "uploads", "healthz", "readyz"];

/** The first segment of every route in app/routes.ts, except the catch-alls (":slug", "*"). */
function firstSegments(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((r) => {
    const full = [prefix, r.path ?? ""].filter(Boolean).join("/");
    const first = full.split("/")[0];
    const own = first && !first.startsWith(":") && first !== "*" ? [first.replace(/\[\.\]/g, ".")] : [];
    return [...own, ...firstSegments(r.children ?? [], full)];
  });
}

const ROUTE_SEGMENTS = new Set([...firstSegments(routes), ...SERVER_PATHS]);

/**
 * Whether a page slug would be shadowed by a built-in route (/blog, /admin,
 * /marques, the /pourquoi-{product} concept page...): /{slug} would never
 * show the page.
 */
export function isReservedPageSlug(slug: string): boolean {
  return ROUTE_SEGMENTS.has(slug) || `/${slug}` === conceptPath(getEnv().SITE_NAME);
}

export const RESERVED_SLUG_MESSAGE = "Ce slug est déjà utilisé par une page du site. Choisissez-en un autre.";
