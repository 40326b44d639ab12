import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useLoaderData, type LoaderFunction } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import Home, { headers as homeHeaders, loader as homeLoader } from "#app/routes/home";
import { HOME_SECTION_ERRORS } from "#app/modules/content/home-sections";
import { req } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { asRouteComponent, callHeaders, callRoute } from "#tests/helpers/route";

// Test-only fault injection: the named home queries throw. Nothing in the application can reach this.
const failing = vi.hoisted(() => new Set<"codes" | "deals" | "offers">());
const injected = () => new Error("injected failure");
vi.mock("#app/modules/offers/offers.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("#app/modules/offers/offers.server")>();
  return { ...original, listFeaturedOffers: (...args: Parameters<typeof original.listFeaturedOffers>) => (failing.has("offers") ? Promise.reject(injected()) : original.listFeaturedOffers(...args)) };
});
vi.mock("#app/modules/promo-codes/promo-codes.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("#app/modules/promo-codes/promo-codes.server")>();
  return { ...original, listFeaturedCodes: (viewerId: string | null) => (failing.has("codes") ? Promise.reject(injected()) : original.listFeaturedCodes(viewerId)) };
});
vi.mock("#app/modules/deals/deals.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("#app/modules/deals/deals.server")>();
  return { ...original, listFeaturedDeals: (...args: Parameters<typeof original.listFeaturedDeals>) => (failing.has("deals") ? Promise.reject(injected()) : original.listFeaturedDeals(...args)) };
});

/** Server-render the home route (real loader, real component) as React Router would, for an anonymous visitor. */
async function renderHome() {
  const HomeRoute = () => createElement(asRouteComponent(Home), { loaderData: useLoaderData(), params: {}, matches: [] });
  const handler = createStaticHandler([
    { id: "root", path: "/", Component: Outlet, children: [{ id: "home", index: true, loader: homeLoader as unknown as LoaderFunction, Component: HomeRoute }] },
  ]);
  const context = await handler.query(req("/"));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context }));
  return { status: context.statusCode, html: html.replaceAll("&#x27;", "'") };
}

/** The Cache-Control the route's headers export gives the response. */
async function cacheControl() {
  const outcome = await callRoute(homeLoader, req("/"));
  const headers = callHeaders(homeHeaders, { loaderHeaders: outcome.headers });
  return { outcome, cacheControl: headers.get("Cache-Control") };
}

describeEachDb("home page sections", () => {
  afterEach(() => failing.clear());

  it("renders every section and may be cached when every query answers", async () => {
    const { outcome, cacheControl: cc } = await cacheControl();
    expect(outcome.data.failedSections).toEqual({ codes: false, deals: false, offers: false });
    expect(cc).toBeNull();
    const { status, html } = await renderHome();
    expect(status).toBe(200);
    for (const message of [HOME_SECTION_ERRORS.codes, HOME_SECTION_ERRORS.offers, HOME_SECTION_ERRORS.deals]) expect(html).not.toContain(message);
  });

  it.each([
    ["offers", HOME_SECTION_ERRORS.offers],
    ["codes", HOME_SECTION_ERRORS.codes],
    ["deals", HOME_SECTION_ERRORS.deals],
  ] as const)("a failed %s query shows that section's message and the rest of the page, never cached", async (section, message) => {
    failing.add(section);
    const { outcome, cacheControl: cc } = await cacheControl();
    expect(outcome.status).toBe(200);
    expect(outcome.data.failedSections[section]).toBe(true);
    expect(outcome.data[section]).toEqual([]);
    expect(cc).toBe("no-store");
    const { status, html } = await renderHome();
    expect(status).toBe(200);
    expect(html).toContain(message);
    // the other sections and the static parts are there
    expect(html).toContain("Les deals du jour");
    expect(html).toContain("Le cashback sur tes produits préférés");
    expect(html).not.toContain("Oups, une erreur s'est produite</h1>");
    for (const other of (["codes", "offers", "deals"] as const).filter((s) => s !== section)) expect(outcome.data.failedSections[other]).toBe(false);
  });

  it("survives every section failing at once", async () => {
    failing.add("offers").add("codes").add("deals");
    const { html, status } = await renderHome();
    expect(status).toBe(200);
    for (const message of [HOME_SECTION_ERRORS.codes, HOME_SECTION_ERRORS.offers]) expect(html).toContain(message);
    expect(html).toContain(HOME_SECTION_ERRORS.deals);
  });
});
