import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes";
import { FIXTURE_DEAL_ID } from "./deal-page-fixture";

/** Real values for the route parameters, from the demo seed. */
const PARAMS: Record<string, string> = { id: "caudalie", slug: "soin-du-visage" };
const PATH_PARAMS: Record<string, Record<string, string>> = {
  "blog/:id": { id: "skincare-chere" },
  "legal/:slug": { slug: "cgv" },
  "aide/:slug": { slug: "quand-serai-je-paye" },
  ":slug": { slug: "pourquoi-crevarde" },
  "coup-de-crevarde/:id": { id: FIXTURE_DEAL_ID },
  "admin/:list/import": { list: "promo-codes" },
};
/** Routes that render no page (resource routes, redirects, the upload endpoint). */
const NOT_PAGES = /^(api\/|sitemap|robots|analytics$|newsletter$|consent$|profile\/export|auth\/logout|kpi$|cashback\/activer\/|admin\/upload$|admin\/paiements\/lots\/|admin\/reclamations\/(export|:claimId)\/|admin\/:list\/export$|recherche\/suggestions$|\*$)/;

/** Every page of app/routes.ts, with its parameters filled in. */
function pagePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  return entries
    .flatMap((r) => {
      const full = r.path === undefined ? prefix : [prefix, r.path].filter(Boolean).join("/");
      const own = r.index || (r.path !== undefined && !r.children?.length) ? [full] : [];
      return [...own, ...pagePaths(r.children ?? [], full)];
    })
    .map((p) => p.replace(/^\/+/, ""))
    .filter((p) => !NOT_PAGES.test(p))
    .map((p) => `/${p.replace(/:(\w+)/g, (_m, name: string) => (PATH_PARAMS[p] ?? PARAMS)[name] ?? name)}`);
}

/** Every page route of app/routes.ts, parameters filled with demo-seed ids and slugs. */
export const PAGES = [...new Set(pagePaths(routes))];

/** Pages only an admin can open. */
export const isAdminPage = (path: string) => path.startsWith("/admin") || path === "/email-test";
