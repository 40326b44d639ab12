import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#app/seed/index";
import { loader as searchLoader, meta as searchMeta } from "#app/routes/search";
import { loader as suggestionsLoader } from "#app/routes/search.suggestions";
import { loader as dealsLoader } from "#app/routes/coup-de-crevarde";
import { loader as dashboardLoader } from "#app/routes/admin/dashboard";
import { anonymiseQuery, recordSearch, searchStats } from "#app/modules/search/search.server";
import { sitemapEntries } from "#app/modules/seo/sitemap.server";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { askMoi } from "#tests/helpers/moi";
import { callMeta, callRoute } from "#tests/helpers/route";

const suggestionsOf = (out: { data: unknown }) => (out.data as { suggestions: Array<{ kind: string; label: string; href: string }> }).suggestions;

describeEachDb("site search (/recherche, suggestions, analytics)", ({ database }) => {
  beforeAll(async () => {
    await seed(database().db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-search-")) });
  });

  it("groups brands, live codes (masked for visitors), deals and articles", async () => {
    const anon = await callRoute(searchLoader, req("/recherche?q=caudalie"));
    expect(anon.status).toBe(200);
    expect(anon.data.brands.map((b) => b.slug)).toEqual(["caudalie"]);
    expect(anon.data.codes.length).toBeGreaterThan(0);
    for (const c of anon.data.codes) {
      expect(c.brandName).toBe("Caudalie");
      expect(c.masked).toBe(true);
      expect(c.code).toMatch(/^.{4}\*+$/);
    }
    expect(JSON.stringify(anon.data)).not.toContain("VINOGLOW15");
    const member = await signedInUser();
    // a shared page (ADR 048): the member gets the same masked codes, and their whole codes from /api/moi
    const signedIn = await callRoute(searchLoader, req("/recherche?q=caudalie", { cookie: member.cookie }));
    expect(signedIn.data.codes).toEqual(anon.data.codes);
    expect(Object.values((await askMoi(member.cookie, { codes: signedIn.data.codes.map((c) => c.id) })).promoCodes)).toContain("VINOGLOW15");
    // a code is never found by typing the code itself
    const byCode = await callRoute(searchLoader, req("/recherche?q=VINOGLOW15"));
    expect(byCode.data.codes).toEqual([]);
    // an expired code is not offered
    const [expired] = await database().db.select({ id: s.promoCodes.id }).from(s.promoCodes).where(sql`${s.promoCodes.expiresAt} < now()`).limit(1);
    if (expired) expect(JSON.stringify((await callRoute(searchLoader, req("/recherche?q=caudalie"))).data.codes)).not.toContain(expired.id);
    // deals and articles, accents folded
    const deals = await callRoute(searchLoader, req("/recherche?q=etanche"));
    expect(deals.data.deals.map((d) => d.title)).toEqual(["Brosse nettoyante visage en silicone"]);
    const [article] = await database().db.select({ id: s.blogArticles.id, title: s.blogArticles.title }).from(s.blogArticles).limit(1);
    const articles = await callRoute(searchLoader, req(`/recherche?q=${encodeURIComponent(article!.title)}`));
    expect(articles.data.articles.map((a) => a.id)).toContain(article!.id);
  });

  it("corrects a typo, offers 'Tu voulais dire' when unsure, and says 'Aucun résultat' otherwise", async () => {
    const typo = await callRoute(searchLoader, req("/recherche?q=maquilage"));
    expect(typo.data.correction).toEqual({ query: "maquillage", applied: true });
    expect(typo.data.deals.map((d) => d.title)).toContain("Lot de 20 pinceaux de maquillage");
    const unsure = await callRoute(searchLoader, req("/recherche?q=brosh"));
    expect(unsure.data.total).toBe(0);
    expect(unsure.data.correction).toEqual({ query: "brosse", applied: false });
    const nothing = await callRoute(searchLoader, req("/recherche?q=xqzwv"));
    expect(nothing.data.total).toBe(0);
    expect(nothing.data.correction).toBeNull();
    // no query: no search, nothing recorded
    const empty = await callRoute(searchLoader, req("/recherche"));
    expect(empty.data.searched).toBe(false);
  });

  it("is not indexed, and is not in the sitemap", async () => {
    const page = await callRoute(searchLoader, req("/recherche?q=nuxe"));
    const tags = callMeta(searchMeta, { data: page.data, matches: [] });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect((await sitemapEntries("Crevarde")).map((e) => e.path)).not.toContain("/recherche");
  });

  it("suggests completions, brands and articles as JSON", async () => {
    const res = await callRoute(suggestionsLoader, req("/recherche/suggestions?q=pinc"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(suggestionsOf(res)[0]).toEqual({ kind: "query", label: "pinceaux", href: "/recherche?q=pinceaux" });
    const brand = await callRoute(suggestionsLoader, req("/recherche/suggestions?q=nu"));
    // with its rate: the demo seed launches cashback (issue #34 item 5)
    expect(suggestionsOf(brand)).toContainEqual({ kind: "brand", label: "Nuxe", href: "/marques/nuxe", cashback: "Jusqu'à 7\u00a0% de cashback" });
    // the words typed before the last one are kept
    const two = await callRoute(suggestionsLoader, req("/recherche/suggestions?q=Lot%20de%20pinc"));
    expect(suggestionsOf(two)[0].label).toBe("Lot de pinceaux");
    for (const q of ["", "a", "%00", "'\"\\", "😀😀", "x".repeat(5000)]) {
      const r = await callRoute(suggestionsLoader, req(`/recherche/suggestions?q=${encodeURIComponent(q)}`));
      expect(r.status, q).toBe(200);
      expect(Array.isArray(suggestionsOf(r))).toBe(true);
    }
  });

  it("a deal is found by its brand's name, kept current when the brand is renamed or deleted", async () => {
    const db = database().db;
    const [brand] = await db.insert(s.brands).values({ name: "Zorblatt Paris", slug: "zorblatt-paris" }).returning();
    await db.insert(s.crevardeDeals).values({ title: "Huile sèche", description: "Pour le corps", price: "12€", source: "temu", badgeText: "Top", url: "https://www.temu.com/x", brandId: brand!.id });
    const titles = async (q: string) => (await callRoute(dealsLoader, req(`/coup-de-crevarde?q=${encodeURIComponent(q)}`))).data.deals.map((d) => d.title);
    expect(await titles("zorblatt huile")).toEqual(["Huile sèche"]);
    await db.update(s.brands).set({ name: "Quexlim" }).where(eq(s.brands.id, brand!.id));
    expect(await titles("quexlim")).toEqual(["Huile sèche"]);
    expect(await titles("zorblatt")).toEqual([]);
    await db.delete(s.brands).where(eq(s.brands.id, brand!.id));
    expect(await titles("quexlim")).toEqual([]);
    expect(await titles("huile seche")).toEqual(["Huile sèche"]);
  });

  it("records searches without personal data, and shows the top and no-result queries on the dashboard", async () => {
    expect(anonymiseQuery("  Crème  jean.dupont@example.fr 06 12 34 56 78  ")).toBe("crème");
    expect(anonymiseQuery("commande 123456789 nuxe")).toBe("commande nuxe");
    expect(anonymiseQuery("lot de 20 pinceaux")).toBe("lot de 20 pinceaux");
    expect(anonymiseQuery("marie@example.com")).toBeNull();
    const db = database().db;
    await db.execute(sql`delete from search_queries`);
    for (let i = 0; i < 3; i++) await callRoute(searchLoader, req("/recherche?q=Nuxe"));
    await callRoute(dealsLoader, req("/coup-de-crevarde?q=pinceaux"));
    await callRoute(dealsLoader, req("/coup-de-crevarde?q=pinceaux&page=2"));
    for (let i = 0; i < 2; i++) await callRoute(searchLoader, req("/recherche?q=xqzwv"));
    await recordSearch("site", "ancienne", 4, db);
    await db.execute(sql`update search_queries set created_at = now() - interval '31 days' where query = 'ancienne'`);
    const stored = (await db.select({ query: s.searchQueries.query, scope: s.searchQueries.scope }).from(s.searchQueries)).map((r) => `${r.scope}:${r.query}`);
    // the second page of the same search is not counted again
    expect(stored.filter((q) => q === "deals:pinceaux")).toHaveLength(1);
    const stats = await searchStats(30, 10, db);
    expect(stats.top).toEqual([
      { query: "nuxe", searches: 3 },
      { query: "xqzwv", searches: 2 },
      { query: "pinceaux", searches: 1 },
    ]);
    expect(stats.empty).toEqual([{ query: "xqzwv", searches: 2 }]);
    const admin = await signedInUser({ role: "admin" });
    const page = await callRoute(dashboardLoader, req("/admin", { cookie: admin.cookie }));
    expect(page.data.searches).toEqual(stats);
    // members and visitors do not see it
    const member = await signedInUser();
    expect((await callRoute(dashboardLoader, req("/admin", { cookie: member.cookie }))).status).not.toBe(200);
  });
});
