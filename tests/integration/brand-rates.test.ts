import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useLoaderData, type LoaderFunction } from "react-router";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#app/seed/index";
import Brands, { loader as brandsLoader } from "#app/routes/brands";
import { loader as searchLoader } from "#app/routes/search";
import { loader as suggestionsLoader } from "#app/routes/search.suggestions";
import { addRate, saveProgram } from "#app/modules/cashback/programs.server";
import { programFormSchema, rateFormSchema } from "#app/modules/cashback/programs.schema";
import { setSetting } from "#app/modules/settings/settings.server";
import { req } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { startInProcessApp } from "#tests/helpers/app";
import { asRouteComponent, callRoute } from "#tests/helpers/route";

// Issue #34 item 5: rates where shoppers choose (/marques, the site search and its suggestions).
// The demo seed gives Nuxe « Jusqu'à 7 % » (its best programme: Awin 10 % × 70 %); this file adds
// Typology 15 % (member 10,5 %) and La Roche-Posay 5,00 € (member 3,50 €). The seed's Kérastase programme runs a boost
// (issue #34 item 6: 8 % instead of 5,6 %): every other brand has no current rate.
const NUXE = "Jusqu'à 7\u00a0% de cashback";
const TYPOLOGY = "10,5\u00a0% de cashback";
const LRP = "3,50\u00a0€ de cashback";

type Suggestions = { suggestions: Array<{ kind: string; label: string; href: string; cashback?: string }> };
const suggestionsOf = async (q: string) => (await callRoute(suggestionsLoader, req(`/recherche/suggestions?q=${encodeURIComponent(q)}`))).data as unknown as Suggestions;

/** Server-render /marques (real loader, real component) as React Router would. */
async function renderBrands(search = "") {
  const Route = () => createElement(asRouteComponent(Brands), { loaderData: useLoaderData(), params: {}, matches: [] });
  const handler = createStaticHandler([{ id: "root", path: "/", Component: Outlet, children: [{ id: "brands", path: "marques", loader: brandsLoader as unknown as LoaderFunction, Component: Route }] }]);
  const context = await handler.query(req(`/marques${search}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const html = renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }));
  return html.replaceAll("&#x27;", "'").replaceAll("<!-- -->", "").replaceAll("&amp;", "&");
}

/** Each tile's brand name and badge, in the page's order. */
function tiles(html: string): Array<[string, string]> {
  const list = html.slice(html.indexOf('aria-label="Marques"'));
  return [...list.matchAll(/<span (?:data-slot="badge" )?class="[^"]*rounded-full[^"]*"[^>]*>([^<]+)<\/span><h2[^>]*><a[^>]*>([^<]+)<\/a>/g)].map((m) => [m[2]!, m[1]!]);
}

describeEachDb("rates where shoppers choose (issue #34 item 5)", ({ database }) => {
  beforeAll(async () => {
    const db = database().db;
    await seed(db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-rates5-")) });
    const actor = { id: "test-admin", email: "admin@test.local" };
    const give = async (slug: string, rate: { kind: "percent" | "fixed"; value: string }) => {
      const [brand] = await db.select({ id: s.brands.id }).from(s.brands).where(eq(s.brands.slug, slug));
      const program = await saveProgram(
        actor,
        programFormSchema.parse({ brandId: brand!.id, network: "awin", networkAccountId: "1", networkProgramId: `rates5-${slug}`, trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=1&clickref={CLICK_ID}" }),
      );
      await addRate(actor, rateFormSchema.parse({ programId: program.id, label: "Tous les achats", kind: rate.kind, value: rate.value }), new Date(Date.now() - 60_000));
    };
    await give("typology", { kind: "percent", value: "15" });
    await give("la-roche-posay", { kind: "fixed", value: "5" });
    await setSetting("cashback_launched", true);
  });

  it("/marques: each tile shows its brand's rate, or « Codes promo » without a programme", async () => {
    const html = await renderBrands();
    const badges = new Map(tiles(html));
    expect(badges.size).toBe(29);
    expect(badges.get("Nuxe")).toBe(NUXE);
    expect(badges.get("Typology")).toBe(TYPOLOGY);
    expect(badges.get("La Roche-Posay")).toBe(LRP);
    // Caudalie's programme is closed: no rate, its codes
    expect(badges.get("Caudalie")).toBe("Codes promo");
    expect(badges.get("Kérastase")).toBe("8\u00a0% de cashback");
    expect([...badges.values()].filter((b) => b === "Codes promo")).toHaveLength(25);
    // French alphabetical order, accents aside
    const names = [...badges.keys()];
    expect(names.slice(0, 5)).toEqual(["Adidas", "Aroma-Zone", "Asics", "Avène", "Bioderma"]);
    expect(html).toContain("Meilleur cashback");
    expect(html).toContain("Avec cashback");
    expect(html).not.toContain("Cashback bientôt disponible");
  });

  it("/marques?tri=cashback: the best rate first (a percentage before a fixed amount), then the others A–Z", async () => {
    const page = await callRoute(brandsLoader, req("/marques?tri=cashback"));
    expect(page.data.query).toEqual({ sort: "cashback", withCashback: false });
    expect(page.data.brands.slice(0, 4).map((b) => b.name)).toEqual(["Typology", "Kérastase", "Nuxe", "La Roche-Posay", "Adidas"].slice(0, 4));
    expect(page.data.brands).toHaveLength(29);
    const html = await renderBrands("?tri=cashback");
    expect(tiles(html).slice(0, 4)).toEqual([
      ["Typology", TYPOLOGY],
      ["Kérastase", "8\u00a0% de cashback"],
      ["Nuxe", NUXE],
      ["La Roche-Posay", LRP],
    ]);
    expect(html).toMatch(/<a[^>]*aria-current="true"[^>]*>Meilleur cashback<\/a>/);
  });

  it("/marques?filtre=cashback: only the brands with a current rate, in either order", async () => {
    const filtered = await callRoute(brandsLoader, req("/marques?filtre=cashback"));
    expect(filtered.data.brands.map((b) => b.name)).toEqual(["Kérastase", "La Roche-Posay", "Nuxe", "Typology"]);
    expect(filtered.data.total).toBe(29);
    const both = await callRoute(brandsLoader, req("/marques?filtre=cashback&tri=cashback"));
    expect(both.data.brands.map((b) => b.name)).toEqual(["Typology", "Kérastase", "Nuxe", "La Roche-Posay"]);
    const html = await renderBrands("?filtre=cashback");
    expect(html).toContain("4 marques avec cashback");
    expect(html).toMatch(/<a[^>]*aria-current="true"[^>]*>Avec cashback<\/a>/);
    // the toggle goes back to every brand, keeping the sort
    expect(await renderBrands("?filtre=cashback&tri=cashback")).toContain('href="/marques?tri=cashback"');
  });

  it("/marques: an A–Z index whose letters are anchors to each letter's first brand; letters without a brand are not links", async () => {
    const html = await renderBrands();
    const nav = html.slice(html.indexOf('<nav aria-label="Marques de A à Z"'), html.indexOf("</nav>", html.indexOf('<nav aria-label="Marques de A à Z"')));
    const links = [...nav.matchAll(/<a href="#(lettre-[a-z]+)"[^>]*>([A-Z])<\/a>/g)].map((m) => [m[2], m[1]]);
    expect(links.map(([letter]) => letter).join("")).toBe("ABCDEGJKLNPRSTVY");
    for (const letter of ["F", "H", "I", "M", "O", "Q", "U", "W", "X", "Z"]) {
      expect(nav).toMatch(new RegExp(`<span[^>]*data-letter-empty=""[^>]*>${letter}</span>`));
      expect(nav).not.toContain(`#lettre-${letter.toLowerCase()}`);
    }
    // each anchor is on its letter's first tile, once
    for (const [letter, anchor] of links) {
      expect(html.split(`id="${anchor}"`)).toHaveLength(2);
      const tile = html.slice(html.indexOf(`id="${anchor}"`));
      expect(tile.match(/<h2[^>]*><a[^>]*>([^<]+)<\/a>/)![1]!.normalize("NFD").charAt(0).toUpperCase()).toBe(letter);
    }
    expect(html.slice(html.indexOf('id="lettre-a"')).match(/<h2[^>]*><a[^>]*>([^<]+)<\/a>/)![1]).toBe("Adidas");
    // sorted by cashback, a letter goes back to the A–Z order (same filter) at that letter
    const byRate = await renderBrands("?tri=cashback&filtre=cashback");
    expect(byRate).toContain('href="/marques?filtre=cashback#lettre-n"');
    expect(byRate).not.toContain('id="lettre-n"');
  });

  it("before the launch: the spec's « CASHBACK (bientôt) » on every tile, no sort or filter by cashback (ignored in the URL)", async () => {
    await setSetting("cashback_launched", false);
    try {
      const page = await callRoute(brandsLoader, req("/marques?tri=cashback&filtre=cashback"));
      expect(page.data.query).toEqual({ sort: "a-z", withCashback: false });
      expect(page.data.brands).toHaveLength(29);
      expect(page.data.brands[0]!.name).toBe("Adidas");
      const html = await renderBrands("?tri=cashback&filtre=cashback");
      expect(new Set(tiles(html).map(([, badge]) => badge))).toEqual(new Set(["CASHBACK (bientôt)"]));
      expect(html).toContain("Cashback bientôt disponible");
      for (const text of ["Meilleur cashback", "Avec cashback", "Codes promo", "% de cashback"]) expect(html).not.toContain(text);
      // the index stays
      expect(html).toContain('href="#lettre-n"');
      // nor in the search
      expect((await suggestionsOf("nuxe")).suggestions.find((x) => x.kind === "brand")).toEqual({ kind: "brand", label: "Nuxe", href: "/marques/nuxe" });
      const found = await callRoute(searchLoader, req("/recherche?q=huile"));
      expect(found.data.offers.find((o) => o.name === "Huile Prodigieuse 100 ml")?.cashback).toMatchObject({ label: NUXE, text: null, href: null });
    } finally {
      await setSetting("cashback_launched", true);
    }
  });

  it("search: offers are found by their words (« huile », « sérum »), with their brand's rate", async () => {
    const huile = await callRoute(searchLoader, req("/recherche?q=huile"));
    expect(huile.data.offers.map((o) => o.name)).toEqual(["Huile Prodigieuse 100 ml"]);
    expect(huile.data.offers[0]!.cashback).toMatchObject({ label: NUXE, text: `${NUXE}, soit environ 1,91\u00a0€` });
    expect(huile.data.offers[0]!.cashback!.href).toMatch(/^\/cashback\/activer\//);
    const serum = await callRoute(searchLoader, req(`/recherche?q=${encodeURIComponent("sérum")}`));
    expect(serum.data.offers.map((o) => o.name).sort()).toEqual(["Double Serum 50 ml", "Sérum Vinoperfect éclat", "Sérum niacinamide 12%"]);
    const typology = serum.data.offers.find((o) => o.name === "Sérum niacinamide 12%")!;
    expect(typology.cashback?.label).toBe(TYPOLOGY);
    // Caudalie has no current rate: no cashback on its offer
    expect(serum.data.offers.find((o) => o.name === "Sérum Vinoperfect éclat")!.cashback).toBeNull();
    // an offer is also found by its brand's name, and every word must match
    expect((await callRoute(searchLoader, req("/recherche?q=nuxe%20huile"))).data.offers.map((o) => o.name)).toEqual(["Huile Prodigieuse 100 ml"]);
    expect((await callRoute(searchLoader, req("/recherche?q=caudalie%20huile"))).data.offers).toEqual([]);
    // the brand's rate beside the brand in the results too
    expect(huile.data.brands.find((b) => b.slug === "nuxe")?.cashback).toMatchObject({ launched: true, label: NUXE });
    expect(serum.data.total).toBeGreaterThanOrEqual(3);
  });

  it("search: « laroche », « la roche » and « LaRoche-Posay » find La Roche-Posay, with its rate", async () => {
    for (const q of ["laroche", "la roche", "larocheposay", "LaRoche-Posay", "la-roche", "roche posay"]) {
      const page = await callRoute(searchLoader, req(`/recherche?q=${encodeURIComponent(q)}`));
      expect(page.data.brands.map((b) => b.name), q).toContain("La Roche-Posay");
      expect(page.data.brands.find((b) => b.slug === "la-roche-posay")?.cashback.label, q).toBe(LRP);
    }
    // through the lexicon: its codes too
    const codes = await callRoute(searchLoader, req("/recherche?q=laroche"));
    expect(codes.data.codes.length).toBeGreaterThan(0);
    expect(codes.data.codes.every((c) => c.brandName === "La Roche-Posay")).toBe(true);
    // the suggestions: the brand with its rate, and the query completed to its name
    const suggested = (await suggestionsOf("laroche")).suggestions;
    expect(suggested).toContainEqual({ kind: "brand", label: "La Roche-Posay", href: "/marques/la-roche-posay", cashback: LRP });
    expect(suggested).toContainEqual({ kind: "query", label: "la roche-posay", href: "/recherche?q=la%20roche-posay" });
    expect((await suggestionsOf("la roche")).suggestions).toContainEqual({ kind: "brand", label: "La Roche-Posay", href: "/marques/la-roche-posay", cashback: LRP });
  });

  it("search: a brand just added is found without its separators at once, before the lexicon's next rebuild", async () => {
    const db = database().db;
    await db.insert(s.brands).values({ name: "Saint-Gervais Mont Blanc", slug: "saint-gervais-mont-blanc" });
    const page = await callRoute(searchLoader, req("/recherche?q=saintgervais"));
    expect(page.data.brands.map((b) => b.name)).toEqual(["Saint-Gervais Mont Blanc"]);
    expect(page.data.brands[0]!.cashback).toMatchObject({ launched: true, label: null });
    expect((await suggestionsOf("saintgerv")).suggestions).toContainEqual({ kind: "brand", label: "Saint-Gervais Mont Blanc", href: "/marques/saint-gervais-mont-blanc" });
  });

  it("suggestions: brands and offers with their rate, once launched", async () => {
    const nuxe = (await suggestionsOf("nuxe")).suggestions;
    expect(nuxe).toContainEqual({ kind: "brand", label: "Nuxe", href: "/marques/nuxe", cashback: NUXE });
    const huile = (await suggestionsOf("huile")).suggestions;
    expect(huile).toContainEqual({ kind: "offer", label: "Huile Prodigieuse 100 ml", href: "/marques/nuxe", cashback: NUXE });
    const serum = (await suggestionsOf("serum")).suggestions.filter((x) => x.kind === "offer");
    expect(serum.map((x) => x.label).sort()).toEqual(["Double Serum 50 ml", "Sérum Vinoperfect éclat", "Sérum niacinamide 12%"]);
    expect(serum.find((x) => x.label === "Sérum niacinamide 12%")).toEqual({ kind: "offer", label: "Sérum niacinamide 12%", href: "/marques/typology", cashback: TYPOLOGY });
    // no rate, no cashback key
    expect(serum.find((x) => x.label === "Sérum Vinoperfect éclat")).toEqual({ kind: "offer", label: "Sérum Vinoperfect éclat", href: "/marques/caudalie" });
  });

  it("a brand page promises cashback on its products only where the brand has a rate once launched; before, the whole catalogue is « bientôt » (spec)", async () => {
    const app = await startInProcessApp();
    const heading = async (slug: string) => {
      const html = await (await fetch(`${app.base}/marques/${slug}`)).text();
      return html.match(/<h2 id="brand-offers"[^>]*>([^<]*)<\/h2>/)?.[1];
    };
    try {
      await setSetting("cashback_launched", true);
      expect(await heading("nuxe")).toBe("Le cashback sur les produits Nuxe");
      // the seed's Caudalie has a product and no programme: no cashback to promise
      expect(await heading("caudalie")).toBe("Les produits Caudalie");
      await setSetting("cashback_launched", false);
      expect(await heading("caudalie")).toBe("Le cashback sur les produits Caudalie");
    } finally {
      await app.close();
    }
  });
});
