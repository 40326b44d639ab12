import { beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { loader as brandsLoader } from "#app/routes/admin/brands";
import { loader as categoriesLoader } from "#app/routes/admin/categories";
import { loader as contentLoader } from "#app/routes/admin/content";
import { loader as dealsLoader } from "#app/routes/admin/crevarde-deals";
import { loader as offersLoader } from "#app/routes/admin/offers";
import { loader as pagesLoader } from "#app/routes/admin/pages";
import { loader as promoLoader } from "#app/routes/admin/promo-codes";
import { loader as usersLoader } from "#app/routes/admin/users";
import { pageHref } from "#app/components/admin/pager";
import { ADMIN_PAGE_SIZE, requestedPage } from "#app/modules/admin/pagination.server";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const pad = (n: number) => String(n).padStart(3, "0");
/** 0..n-1 in a scrambled (but fixed) order, so insertion order never matches the sort order. */
const scrambled = (n: number) => Array.from({ length: n }, (_, i) => (i * 37) % n);

describe("requestedPage", () => {
  it("reads ?page= and turns garbage into page 1", () => {
    const at = (q: string) => requestedPage(`http://x.test/admin/brands${q}`);
    expect(at("")).toBe(1);
    expect(at("?page=3")).toBe(3);
    expect(at("?page=%203%20")).toBe(3);
    for (const bad of ["abc", "-2", "0", "1.5", "2e3", "", "0x10", "%00"]) expect(at(`?page=${bad}`)).toBe(1);
    expect(at("?page=99999999999999999999999")).toBe(Number.MAX_SAFE_INTEGER);
    expect(at("?page=2&page=7")).toBe(2);
  });

  it("builds pager links that keep the other parameters", () => {
    expect(pageHref("/admin/content", "?contentPage=home&page=2", 3)).toBe("/admin/content?contentPage=home&page=3");
    expect(pageHref("/admin/content", "?contentPage=home&page=2", 1)).toBe("/admin/content?contentPage=home");
    expect(pageHref("/admin/users", "", 1)).toBe("/admin/users");
    expect(pageHref("/admin/users", "?q=a%26b", 2)).toBe("/admin/users?q=a%26b&page=2");
  });
});

describeEachDb("admin lists paginate on the server", ({ database }) => {
  let cookie: string;
  const get = <H>(handler: H, path: string) => callRoute(handler, req(path, { cookie }));

  beforeAll(async () => {
    const db = database().db;
    cookie = (await signedInUser({ role: "admin", email: "pagination-admin@example.fr" })).cookie;
    const [brand] = await db.insert(s.brands).values({ name: "Marque Pagination", slug: "marque-pagination" }).returning();
    await db.insert(s.promoCodes).values(scrambled(120).map((i) => ({ brandId: brand.id, code: `P${pad(i)}`, discountAmount: "5%" })));
    // same creation time for every deal: only the id tie-breaker keeps the pages apart
    const at = new Date("2025-03-01T10:00:00Z");
    await db.insert(s.crevardeDeals).values(
      Array.from({ length: 120 }, (_, i) => ({ title: `Deal ${pad(i)}`, description: "d", price: "1€", source: "amazon", badgeText: "Top", url: "https://www.amazon.fr/x", createdAt: at })),
    );
    await db.insert(s.contentBlocks).values([
      ...scrambled(60).map((i) => ({ page: "soldes", name: `bloc-${pad(i)}`, title: "t", content: "c", position: i })),
      ...Array.from({ length: 5 }, (_, i) => ({ page: "about", name: `about-${i}`, title: "t", content: "c", position: i })),
    ]);
  });

  it("promo codes: 50 rows a page, ordered by code, with the page count", async () => {
    const p1 = await get(promoLoader, "/admin/promo-codes");
    expect(p1.status).toBe(200);
    expect(p1.data.pager).toEqual({ page: 1, pageCount: 3, total: 120, pageSize: ADMIN_PAGE_SIZE });
    expect(p1.data.codes.map((c) => c.code)).toEqual(Array.from({ length: 50 }, (_, i) => `P${pad(i)}`));
    const p2 = await get(promoLoader, "/admin/promo-codes?page=2");
    expect(p2.data.pager.page).toBe(2);
    expect(p2.data.codes.map((c) => c.code)).toEqual(Array.from({ length: 50 }, (_, i) => `P${pad(50 + i)}`));
    const p3 = await get(promoLoader, "/admin/promo-codes?page=3");
    expect(p3.data.codes.map((c) => c.code)).toEqual(Array.from({ length: 20 }, (_, i) => `P${pad(100 + i)}`));
    expect(p3.data.codes[0].brandName).toBe("Marque Pagination");
  });

  it("out-of-range and garbage pages clamp instead of failing", async () => {
    for (const [query, page] of [
      ["?page=4", 3],
      ["?page=100000", 3],
      ["?page=99999999999999999999999999", 3],
      ["?page=0", 1],
      ["?page=-1", 1],
      ["?page=abc", 1],
      ["?page=1.5", 1],
      ["?page=", 1],
      ["?page=%F0%9F%92%A5", 1],
    ] as const) {
      const out = await get(promoLoader, `/admin/promo-codes${query}`);
      expect(out.status, query).toBe(200);
      expect(out.data.pager.page, query).toBe(page);
      expect(out.data.codes.length, query).toBe(page === 3 ? 20 : 50);
    }
  });

  it("deals: rows with the same date never appear on two pages", async () => {
    const ids: string[] = [];
    for (const page of [1, 2, 3]) {
      const out = await get(dealsLoader, `/admin/crevarde-deals?page=${page}`);
      expect(out.data.deals.length).toBe(page === 3 ? 20 : 50);
      ids.push(...out.data.deals.map((d) => d.id));
    }
    expect(new Set(ids).size).toBe(120);
  });

  it("content blocks: the site-page filter and the list page combine", async () => {
    const all = await get(contentLoader, "/admin/content");
    expect(all.data.pager).toMatchObject({ page: 1, pageCount: 2, total: 65 });
    // ordered by page then position: "about" before "soldes"
    expect(all.data.blocks.slice(0, 5).map((b) => b.name)).toEqual(["about-0", "about-1", "about-2", "about-3", "about-4"]);
    const soldes2 = await get(contentLoader, "/admin/content?contentPage=soldes&page=2");
    expect(soldes2.data.query.filters.contentPage).toBe("soldes");
    expect(soldes2.data.pager).toMatchObject({ page: 2, pageCount: 2, total: 60 });
    expect(soldes2.data.blocks.map((b) => b.position)).toEqual(Array.from({ length: 10 }, (_, i) => 50 + i));
    const about = await get(contentLoader, "/admin/content?contentPage=about&page=9");
    expect(about.data.pager).toMatchObject({ page: 1, pageCount: 1, total: 5 });
    const none = await get(contentLoader, "/admin/content?contentPage=inconnue&page=3");
    expect(none.data.pager).toMatchObject({ page: 1, pageCount: 1, total: 0 });
    expect(none.data.blocks).toEqual([]);
  });

  it("users: the search and the list page combine, newest first", async () => {
    const db = database().db;
    const base = Date.parse("2025-01-01T00:00:00Z");
    const people = Array.from({ length: 55 }, (_, i) => ({ id: `pager-user-${pad(i)}`, email: `pager-${pad(i)}@example.fr`, createdAt: new Date(base + i * 60_000) }));
    await db.insert(s.user).values(people.map((p) => ({ ...p, name: p.email, emailVerified: true })));
    await db
      .insert(s.profiles)
      .values(people.map((p) => ({ id: p.id, email: p.email, username: null })))
      .onConflictDoUpdate({ target: s.profiles.id, set: { username: null } });
    const p1 = await get(usersLoader, "/admin/users?q=pager-");
    expect(p1.data.pager).toMatchObject({ page: 1, pageCount: 2, total: 55 });
    expect(p1.data.users[0].email).toBe("pager-054@example.fr");
    const p2 = await get(usersLoader, "/admin/users?q=pager-&page=2");
    expect(p2.data.users.map((u) => u.email)).toEqual(["pager-004@example.fr", "pager-003@example.fr", "pager-002@example.fr", "pager-001@example.fr", "pager-000@example.fr"]);
    const clamped = await get(usersLoader, "/admin/users?q=pager-&page=40");
    expect(clamped.data.pager.page).toBe(2);
  });

  it("every other admin list answers one clamped page", async () => {
    const db = database().db;
    const [brand] = await db.insert(s.brands).values({ name: "Marque Offres", slug: "marque-offres" }).returning();
    await db.insert(s.offers).values(scrambled(51).map((i) => ({ brandId: brand.id, name: `Offre ${pad(i)}`, regularPrice: "1€" })));
    await db.insert(s.categories).values(scrambled(51).map((i) => ({ name: `Catégorie ${pad(i)}`, slug: `categorie-${pad(i)}` })));
    await db.insert(s.brands).values(scrambled(51).map((i) => ({ name: `Zz Marque ${pad(i)}`, slug: `zz-marque-${pad(i)}` })));
    await db.insert(s.pages).values(scrambled(51).map((i) => ({ title: `Page ${pad(i)}`, slug: `page-${pad(i)}`, content: "<p>x</p>" })));
    const lists = [
      [offersLoader, "/admin/offers", "offers", "name", "Offre 050"],
      [categoriesLoader, "/admin/categories", "categories", "name", "Catégorie 050"],
      [brandsLoader, "/admin/brands", "brands", "name", "Zz Marque 050"],
      [pagesLoader, "/admin/pages", "pages", "title", "Page 050"],
    ] as const;
    for (const [loader, path, key, field, last] of lists) {
      const rows = (out: { data: unknown }) => (out.data as Record<string, Array<Record<string, unknown>>>)[key];
      const first = await get(loader, path);
      expect(rows(first).length, path).toBe(50);
      expect(first.data.pager.pageCount, path).toBe(2);
      const end = await get(loader, `${path}?page=999`);
      expect(end.status, path).toBe(200);
      expect(end.data.pager.page, path).toBe(2);
      expect(rows(end).length, path).toBe(end.data.pager.total - 50);
      expect(rows(end).at(-1)?.[field], path).toBe(last);
    }
  });
});

describeEachDb("admin lists with 10,000 rows", ({ database }) => {
  it("reads one page of 10,000 promo codes, wherever it is", async () => {
    const db = database().db;
    const { cookie } = await signedInUser({ role: "admin", email: "big-admin@example.fr" });
    const [brand] = await db.insert(s.brands).values({ name: "Grande Marque", slug: "grande-marque" }).returning();
    const code = (n: number) => `C${String(n).padStart(5, "0")}`;
    for (let chunk = 0; chunk < 10; chunk++) {
      // 7919 is prime to 10,000: a permutation, so rows are not inserted in code order
      await db.insert(s.promoCodes).values(Array.from({ length: 1000 }, (_, i) => ({ brandId: brand.id, code: code(((chunk * 1000 + i) * 7919) % 10_000), discountAmount: "5%" })));
    }
    for (const [asked, page] of [[1, 1], [100, 100], [200, 200], [201, 200]]) {
      const started = Date.now();
      const out = await callRoute(promoLoader, req(`/admin/promo-codes?page=${asked}`, { cookie }));
      // generous bound for a loaded CI machine; a page takes a few tens of ms
      expect(Date.now() - started).toBeLessThan(2000);
      expect(out.data.pager).toEqual({ page, pageCount: 200, total: 10_000, pageSize: 50 });
      expect(out.data.codes.map((c) => c.code)).toEqual(Array.from({ length: 50 }, (_, i) => code((page - 1) * 50 + i)));
    }
  });
});
