/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "../../db/schema";
import { seed } from "../../db/seed/index";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as dealsLoader } from "../../app/routes/deals";
import { loader as codesLoader } from "../../app/routes/codes-promo";
import { loader as brandsLoader } from "../../app/routes/brands";
import { loader as brandLoader } from "../../app/routes/brands.$id";
import { loader as blogLoader } from "../../app/routes/blog";
import { loader as articleLoader } from "../../app/routes/blog.$id";
import { loader as legalLoader } from "../../app/routes/legal.$slug";
import { loader as slugLoader } from "../../app/routes/page.$slug";
import { req, signedInUser } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { callRoute } from "../helpers/route";

describeEachDb("public catalogue", ({ database }) => {
  beforeAll(async () => {
    await seed(database().db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-cat-")) });
  });

  it("home: 3 featured codes soonest first, masked for visitors, full for members", async () => {
    const anon = await callRoute<any>(homeLoader, req("/"));
    expect(anon.data.codes).toHaveLength(3);
    const expiries = anon.data.codes.map((c: any) => c.expiresAt ?? "9999");
    expect([...expiries].sort()).toEqual(expiries);
    for (const c of anon.data.codes) {
      expect(c.masked).toBe(true);
      expect(c.code).toMatch(/^.{4}\*+$/);
    }
    expect(JSON.stringify(anon.data)).not.toContain("VINOGLOW15");
    const member = await signedInUser();
    const home = await callRoute<any>(homeLoader, req("/", { cookie: member.cookie }));
    expect(home.data.codes.map((c: any) => c.code)).toContain("VINOGLOW15");
    expect(home.data.deals).toHaveLength(3);
    expect(home.data.content.stats.map((x: any) => x.value)).toEqual(["143€", "+3500", "+62%"]);
  });

  it("home: malformed JSON and missing blocks fall back to defaults, and hero HTML is sanitized", async () => {
    const db = database().db;
    await db.update(s.contentBlocks).set({ content: "{pas du json" }).where(eq(s.contentBlocks.name, "stats"));
    await db.update(s.contentBlocks).set({ content: 'Salut <script>alert(1)</script><img src=x onerror=alert(1)><span class="highlight">toi</span>' }).where(eq(s.contentBlocks.name, "hero"));
    await db.delete(s.contentBlocks).where(eq(s.contentBlocks.name, "testimonials-list"));
    const home = await callRoute<any>(homeLoader, req("/"));
    expect(home.status).toBe(200);
    expect(home.data.content.stats.map((x: any) => x.value)).toEqual(["143€", "+3500", "+62%"]);
    expect(home.data.content.testimonials.list).toHaveLength(3);
    expect(home.data.content.heroTitleHtml).toBe('Salut <span class="highlight">toi</span>');
  });

  it("deals: case-insensitive search over title and description, source filter, pagination", async () => {
    const byTitle = await callRoute<any>(dealsLoader, req("/coup-de-crevarde?q=BROSSE"));
    expect(byTitle.data.deals.map((d: any) => d.title)).toEqual(["Brosse nettoyante visage en silicone"]);
    const byDescription = await callRoute<any>(dealsLoader, req("/coup-de-crevarde?q=dupe"));
    expect(byDescription.data.deals.map((d: any) => d.title)).toEqual(["Legging de sport taille haute"]);
    const temu = await callRoute<any>(dealsLoader, req("/coup-de-crevarde?source=Temu"));
    expect(temu.data.deals.length).toBeGreaterThan(0);
    expect(temu.data.deals.every((d: any) => d.source === "temu")).toBe(true);
    const none = await callRoute<any>(dealsLoader, req("/coup-de-crevarde?q=%25%25zzz"));
    expect(none.data.deals).toEqual([]);
    const weird = await callRoute<any>(dealsLoader, req("/coup-de-crevarde?source=amazon&page=abc&q=" + "x".repeat(5000)));
    expect(weird.status).toBe(200);
    // pagination beyond 24
    const db = database().db;
    await db.insert(s.crevardeDeals).values(
      Array.from({ length: 30 }, (_, i) => ({ title: `Deal pagination ${i}`, description: "lot", price: "1€", source: "temu", badgeText: "x", url: "https://www.temu.com/x" })),
    );
    const p1 = await callRoute<any>(dealsLoader, req("/coup-de-crevarde?q=pagination"));
    expect(p1.data.deals).toHaveLength(24);
    expect(p1.data.hasNext).toBe(true);
    const p2 = await callRoute<any>(dealsLoader, req("/coup-de-crevarde?q=pagination&page=2"));
    expect(p2.data.deals).toHaveLength(6);
    expect(p2.data.hasNext).toBe(false);
  });

  it("codes-promo: anonymous visitors go to /auth?from=codes-promo; members see every code sorted by expiry", async () => {
    const anon = await callRoute<any>(codesLoader, req("/codes-promo"));
    expect(anon.location).toBe("/auth?from=codes-promo");
    const member = await signedInUser();
    const page = await callRoute<any>(codesLoader, req("/codes-promo", { cookie: member.cookie }));
    const dated = page.data.codes.filter((c: any) => c.expiresAt).map((c: any) => c.expiresAt);
    expect([...dated].sort()).toEqual(dated);
    expect(page.data.codes.some((c: any) => c.status === "expired")).toBe(true);
    expect(page.data.codes.some((c: any) => c.status === "soon")).toBe(true);
    expect(page.data.categories).toContain("Soin du visage");
    const filtered = await callRoute<any>(codesLoader, req("/codes-promo?categorie=Sport", { cookie: member.cookie }));
    expect(filtered.data.codes.every((c: any) => c.category === "Sport")).toBe(true);
    expect(page.data.codes.find((c: any) => c.description === null || c.description.startsWith("Code promo"))).toBeTruthy();
  });

  it("brands, brand page, blog, article, legal pages and the concept page", async () => {
    const brands = await callRoute<any>(brandsLoader, req("/marques"));
    expect(brands.data.brands).toHaveLength(29);
    expect(brands.data.brands.find((b: any) => b.slug === "caudalie").activeDeals).toBeGreaterThan(0);
    const brand = await callRoute<any>(brandLoader, req("/marques/caudalie"), { id: "caudalie" });
    expect(brand.data.brand.name).toBe("Caudalie");
    expect(brand.data.codes[0].masked).toBe(true);
    expect((await callRoute(brandLoader, req("/marques/nope"), { id: "nope" })).status).toBe(404);
    const blog = await callRoute<any>(blogLoader, req("/blog"));
    expect(blog.data.articles).toHaveLength(6);
    const article = await callRoute<any>(articleLoader, req("/blog/skincare-chere"), { id: "skincare-chere" });
    expect(article.data.article.body).toContain("<h2>");
    expect((await callRoute(articleLoader, req("/blog/../../etc"), { id: "../../etc" })).status).toBe(404);
    expect((await callRoute(legalLoader, req("/legal/cgv"), { slug: "cgv" })).status).toBe(200);
    expect((await callRoute(legalLoader, req("/legal/conditions-utilisation"), { slug: "conditions-utilisation" })).location).toBe("/legal/cgv");
    expect((await callRoute(legalLoader, req("/legal/xyz"), { slug: "xyz" })).status).toBe(404);
    expect((await callRoute<any>(slugLoader, req("/pourquoi-crevarde"), { slug: "pourquoi-crevarde" })).data.kind).toBe("concept");
    expect((await callRoute(slugLoader, req("/inconnue"), { slug: "inconnue" })).status).toBe(404);
  });
});

describeEachDb("deal search at scale", ({ database, kind }) => {
  it("uses the trigram index on 100,000 deals", async () => {
    const db = database().db;
    await db.execute(sql`insert into crevarde_deals (title, description, price, source, badge_text, url, created_at)
      select 'Produit ' || g || ' ' || md5(g::text), 'Description ' || md5((g * 7)::text), '9,99€',
             (array['temu','shein','aliexpress'])[1 + g % 3], 'Prix cassé', 'https://www.temu.com/p/' || g,
             now() - (g || ' minutes')::interval
      from generate_series(1, 100000) g`);
    await db.insert(s.crevardeDeals).values({ title: "Sérum introuvable ailleurs", description: "x", price: "1€", source: "shein", badgeText: "x", url: "https://fr.shein.com/x" });
    await db.execute(sql`analyze crevarde_deals`);
    const plan = (await db.execute(
      sql`explain select id from crevarde_deals where lower(title || ' ' || description) like '%introuvable%' order by created_at desc limit 25`,
    )) as unknown as { rows: Array<Record<string, string>> };
    const text = plan.rows.map((r) => Object.values(r)[0]).join("\n");
    expect(text, `${kind} plan:\n${text}`).toContain("crevarde_deals_search_idx");
    const found = await callRoute<any>(dealsLoader, req("/coup-de-crevarde?q=Introuvable"));
    expect(found.data.deals.map((d: any) => d.title)).toEqual(["Sérum introuvable ailleurs"]);
  }, 120_000);
});
