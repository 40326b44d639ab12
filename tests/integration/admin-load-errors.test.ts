import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, type LoaderFunction } from "react-router";
import { afterEach, beforeAll, expect, it, vi } from "vitest";
import AdminLayout, { loader as layoutLoader } from "#app/routes/admin/_layout";
import * as brandsRoute from "#app/routes/admin/brands";
import * as categoriesRoute from "#app/routes/admin/categories";
import * as contentRoute from "#app/routes/admin/content";
import * as dealsRoute from "#app/routes/admin/crevarde-deals";
import * as offersRoute from "#app/routes/admin/offers";
import * as pagesRoute from "#app/routes/admin/pages";
import * as promoCodesRoute from "#app/routes/admin/promo-codes";
import * as usersRoute from "#app/routes/admin/users";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { asRouteComponent, callRoute } from "#tests/helpers/route";

// Test-only fault injection: the named list queries throw. Nothing in the application can reach this.
const faults = vi.hoisted(() => {
  const failing = new Set<string>();
  const wrap = (original: Record<string, unknown>, names: string[]) =>
    Object.fromEntries(
      Object.entries(original).map(([key, value]) => [
        key,
        names.includes(key) && typeof value === "function"
          ? (...args: unknown[]) => (failing.has(key) ? Promise.reject(new Error("injected failure")) : (value as (...a: unknown[]) => unknown)(...args))
          : value,
      ]),
    );
  return { failing, wrap };
});
vi.mock("#app/modules/brands/brands-admin.server", async (orig) => faults.wrap(await orig(), ["listBrandsAdmin", "brandChoices"]));
vi.mock("#app/modules/categories/categories-admin.server", async (orig) => faults.wrap(await orig(), ["listCategoriesAdmin"]));
vi.mock("#app/modules/content/content-admin.server", async (orig) => faults.wrap(await orig(), ["listContentBlocks"]));
vi.mock("#app/modules/deals/deals-admin.server", async (orig) => faults.wrap(await orig(), ["listDealsAdmin"]));
vi.mock("#app/modules/offers/offers-admin.server", async (orig) => faults.wrap(await orig(), ["listOffersAdmin"]));
vi.mock("#app/modules/pages/pages-admin.server", async (orig) => faults.wrap(await orig(), ["listPagesAdmin"]));
vi.mock("#app/modules/promo-codes/promo-codes-admin.server", async (orig) => faults.wrap(await orig(), ["listPromoCodesAdmin", "promoCategoryChoices"]));
vi.mock("#app/modules/promo-codes/code-feedback.server", async (orig) => faults.wrap(await orig(), ["listFailingCodes"]));
vi.mock("#app/modules/users/users-admin.server", async (orig) => faults.wrap(await orig(), ["listUsersAdmin"]));

type RouteModule = { loader: unknown; default: unknown; ErrorBoundary: unknown };

/** Server-render /admin/<path> inside the real admin layout, as React Router would. */
async function renderAdmin(path: string, route: RouteModule, cookie: string) {
  const withData = (Component: unknown) => () => createElement(asRouteComponent(Component), { loaderData: useLoaderData(), params: {}, matches: [] });
  const handler = createStaticHandler([
    {
      id: "admin-layout",
      path: "/admin",
      loader: layoutLoader as unknown as LoaderFunction,
      Component: withData(AdminLayout),
      children: [{ id: "list", path: path, loader: route.loader as unknown as LoaderFunction, Component: withData(route.default), ErrorBoundary: route.ErrorBoundary as ComponentType | undefined }],
    },
  ]);
  const context = await handler.query(req(`/admin/${path}`, { cookie }));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context }));
  return { status: context.statusCode, html: html.replaceAll("&#x27;", "'") };
}

const CASES: Array<[string, string, string, RouteModule]> = [
  ["promo-codes", "listPromoCodesAdmin", ADMIN_LOAD_ERRORS.promoCodes, promoCodesRoute],
  ["promo-codes", "brandChoices", ADMIN_LOAD_ERRORS.brands, promoCodesRoute],
  ["promo-codes", "promoCategoryChoices", ADMIN_LOAD_ERRORS.categories, promoCodesRoute],
  ["promo-codes", "listFailingCodes", ADMIN_LOAD_ERRORS.promoCodes, promoCodesRoute],
  ["offers", "listOffersAdmin", ADMIN_LOAD_ERRORS.offers, offersRoute],
  ["crevarde-deals", "listDealsAdmin", ADMIN_LOAD_ERRORS.deals, dealsRoute],
  ["categories", "listCategoriesAdmin", ADMIN_LOAD_ERRORS.categories, categoriesRoute],
  ["brands", "listBrandsAdmin", ADMIN_LOAD_ERRORS.brands, brandsRoute],
  ["content", "listContentBlocks", ADMIN_LOAD_ERRORS.contentBlocks, contentRoute],
  ["pages", "listPagesAdmin", ADMIN_LOAD_ERRORS.pages, pagesRoute],
  ["users", "listUsersAdmin", ADMIN_LOAD_ERRORS.users, usersRoute],
];

describeEachDb("admin list load failures", () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = (await signedInUser({ role: "admin" })).cookie;
  });
  afterEach(() => faults.failing.clear());

  it.each(CASES)("/admin/%s with %s failing: the spec's message inside the admin layout", async (path, query, message, route) => {
    faults.failing.add(query);
    const outcome = await callRoute(route.loader, req(`/admin/${path}`, { cookie }));
    expect(outcome.status).toBe(503);
    expect(outcome.data).toEqual({ loadError: message });
    const { status, html } = await renderAdmin(path, route, cookie);
    expect(status).toBe(503);
    expect(html).toContain(message);
    expect(html).toContain('aria-label="Administration"'); // the admin sidebar is there
    expect(html).not.toContain("Retourner aux bons plans"); // not the public error page
  });

  it("renders the lists normally when their queries answer", async () => {
    for (const [path, , , route] of CASES) {
      const { status, html } = await renderAdmin(path, route, cookie);
      expect(status).toBe(200);
      for (const message of Object.values(ADMIN_LOAD_ERRORS)) expect(html).not.toContain(message);
    }
  });
});
