import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as brandAction } from "#app/routes/admin/brands";
import { action as categoryAction } from "#app/routes/admin/categories";
import { action as offerAction, loader as offerAdminLoader } from "#app/routes/admin/offers";
import { action as pageAction } from "#app/routes/admin/pages";
import { action as promoAction, loader as promoAdminLoader } from "#app/routes/admin/promo-codes";
import { loader as brandPageLoader } from "#app/routes/brands.$id";
import { loader as categoryLoader } from "#app/routes/categories.$slug";
import { loader as codesLoader } from "#app/routes/codes-promo";
import { loader as pageLoader } from "#app/routes/page.$slug";
import { listFeaturedOfferCategories, listFeaturedOffers } from "#app/modules/offers/offers.server";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { askMoi } from "#tests/helpers/moi";
import { callRoute } from "#tests/helpers/route";

describeEachDb("brands, codes and offers refer to their category by id", ({ database }) => {
  let admin: SignedInUser;
  let otherBrandId: string;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: "categories@example.fr" });
    const [other] = await database().db.insert(s.brands).values({ name: "Sans Catégorie", slug: "sans-categorie" }).returning();
    otherBrandId = other.id;
  });
  const save = <H>(action: H, path: string, form: Record<string, string>) => callRoute(action, req(path, { cookie: admin.cookie, form: { intent: "save", ...form } }));
  const db = () => database().db;

  it("renaming a category keeps its brands, codes and offers on its page, under the new name", async () => {
    expect((await save(categoryAction, "/admin/categories", { name: "Ongles", slug: "ongles" })).data.ok).toBe(true);
    const [category] = await db().select().from(s.categories).where(eq(s.categories.slug, "ongles"));
    expect((await save(brandAction, "/admin/brands", { name: "Vernis Club", slug: "vernis-club", category: "Ongles", maxDiscountPercent: "10" })).data.ok).toBe(true);
    // a code filed under the category although its brand is not
    expect((await save(promoAction, "/admin/promo-codes", { brandId: otherBrandId, code: "ONGLES10", discountAmount: "10%", category: "Ongles" })).data.ok).toBe(true);
    expect((await save(offerAction, "/admin/offers", { brandId: otherBrandId, name: "Coffret manucure", regularPrice: "20,00€", category: "Ongles", isFeatured: "on" })).data.ok).toBe(true);
    // the typed name reused the category: no second "Ongles"
    expect(await db().$count(s.categories, eq(s.categories.name, "Ongles"))).toBe(1);

    const renamed = await save(categoryAction, "/admin/categories", { id: category.id, version: category.updatedAt.toISOString(), name: "Ongles & mains", slug: "ongles" });
    expect(renamed.data.ok).toBe(true);

    const page = await callRoute(categoryLoader, req("/categories/ongles", { cookie: admin.cookie }), { slug: "ongles" });
    expect(page.status).toBe(200);
    expect(page.data.category.name).toBe("Ongles & mains");
    expect(page.data.brands.map((b) => [b.name, b.category])).toEqual([["Vernis Club", "Ongles & mains"]]);
    expect(page.data.codes.map((c) => [c.code, c.category])).toEqual([["ONGL****", "Ongles & mains"]]);
    // the offer follows the new name on the home filter and in the admin
    expect((await listFeaturedOffers("Ongles & mains", false)).map((o) => o.name)).toEqual(["Coffret manucure"]);
    expect(await listFeaturedOffers("Ongles", false)).toEqual([]);
    expect(await listFeaturedOfferCategories()).toContain("Ongles & mains");
    const offersAdmin = await callRoute(offerAdminLoader, req("/admin/offers", { cookie: admin.cookie }));
    expect(offersAdmin.data.offers.find((o) => o.name === "Coffret manucure")?.category).toBe("Ongles & mains");
    // brand page and /codes-promo chips show the new name
    const brandPage = await callRoute(brandPageLoader, req("/marques/vernis-club"), { id: "vernis-club" });
    expect(brandPage.data.brand.category).toBe("Ongles & mains");
    const codes = await callRoute(codesLoader, req("/codes-promo?categorie=Ongles%20%26%20mains", { cookie: admin.cookie }));
    expect(codes.data.categories).toContain("Ongles & mains");
    expect(codes.data.categories).not.toContain("Ongles");
    expect(Object.values((await askMoi(admin.cookie, { codes: codes.data.codes.map((c) => c.id) })).promoCodes)).toEqual(["ONGLES10"]);
    // the promo form offers the existing categories
    const promoAdmin = await callRoute(promoAdminLoader, req("/admin/promo-codes", { cookie: admin.cookie }));
    expect(promoAdmin.data.categories).toContain("Ongles & mains");

    // deleting the category keeps the brand, the code and the offer, without a category
    const del = await callRoute(categoryAction, req("/admin/categories", { cookie: admin.cookie, form: { intent: "delete", id: category.id } }));
    expect(del.data.ok).toBe(true);
    const [brand] = await db().select().from(s.brands).where(eq(s.brands.slug, "vernis-club"));
    expect(brand.categoryId).toBeNull();
    expect(await db().$count(s.promoCodes, eq(s.promoCodes.code, "ONGLES10"))).toBe(1);
  });

  it.each([
    // typed name, name of the category used (existing or created), its slug
    ["  Bijoux  ", "Bijoux", "bijoux"],
    ["bijoux", "Bijoux", "bijoux"],
    ["BIJOUX", "Bijoux", "bijoux"],
    ["Bijoux !", "Bijoux !", "bijoux-2"],
    ["Été & Soleil", "Été & Soleil", "ete-soleil"],
    ["Crème_Pour  les--Mains", "Crème_Pour  les--Mains", "creme-pour-les-mains"],
    ["🎉🎉", "🎉🎉", "categorie"],
    ["🎈", "🎈", "categorie-2"],
    ["Lot H&M : 2 tops < 10€", "Lot H&M : 2 tops < 10€", "lot-hm-2-tops-10"],
  ])("the typed category %j creates or reuses a category (%s, /categories/%s)", async (typed, name, slug) => {
    if ((await db().$count(s.categories, eq(s.categories.name, "Bijoux"))) === 0) {
      await db().insert(s.categories).values({ name: "Bijoux", slug: "bijoux" });
    }
    const brandSlug = `marque-${slug}-${Math.random().toString(36).slice(2, 8)}`;
    const out = await save(brandAction, "/admin/brands", { name: brandSlug, slug: brandSlug, category: typed, maxDiscountPercent: "0" });
    expect(out.data.ok, JSON.stringify(out.data)).toBe(true);
    const [row] = await db()
      .select({ name: s.categories.name, slug: s.categories.slug })
      .from(s.brands)
      .innerJoin(s.categories, eq(s.categories.id, s.brands.categoryId))
      .where(eq(s.brands.slug, brandSlug));
    expect(row).toEqual({ name, slug });
  });

  it("no category typed: no category stored", async () => {
    const out = await save(promoAction, "/admin/promo-codes", { brandId: otherBrandId, code: "SANSCAT", discountAmount: "5%", category: "" });
    expect(out.data.ok).toBe(true);
    const [row] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, "SANSCAT"));
    expect(row.categoryId).toBeNull();
  });
});

describeEachDb("an old slug answers 301 to the current one", ({ database }) => {
  let admin: SignedInUser;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: "redirects@example.fr" });
  });
  const save = <H>(action: H, path: string, form: Record<string, string>) => callRoute(action, req(path, { cookie: admin.cookie, form: { intent: "save", ...form } }));
  const db = () => database().db;
  /** The version an edit form opened now would carry. */
  const versionOf = async (table: typeof s.pages | typeof s.categories, id: string) =>
    (await db().select({ updatedAt: table.updatedAt }).from(table).where(eq(table.id, id)))[0].updatedAt.toISOString();

  const scopes = [
    {
      name: "page",
      create: (slug: string) => save(pageAction, "/admin/pages", { title: `Page ${slug}`, slug, content: "<p>Contenu</p>" }),
      rename: async (id: string, slug: string) => save(pageAction, "/admin/pages", { id, version: await versionOf(s.pages, id), title: `Page ${slug}`, slug, content: "<p>Contenu</p>" }),
      id: async (slug: string) => (await db().select().from(s.pages).where(eq(s.pages.slug, slug)))[0].id,
      visit: (slug: string) => callRoute(pageLoader, req(`/${slug}`), { slug }),
      path: (slug: string) => `/${slug}`,
    },
    {
      name: "category",
      create: (slug: string) => save(categoryAction, "/admin/categories", { name: `Catégorie ${slug}`, slug }),
      rename: async (id: string, slug: string) => save(categoryAction, "/admin/categories", { id, version: await versionOf(s.categories, id), name: `Catégorie ${slug}`, slug }),
      id: async (slug: string) => (await db().select().from(s.categories).where(eq(s.categories.slug, slug)))[0].id,
      visit: (slug: string) => callRoute(categoryLoader, req(`/categories/${slug}`), { slug }),
      path: (slug: string) => `/categories/${slug}`,
    },
  ];

  for (const scope of scopes) {
    it(`${scope.name}: a chain of renames lands on the current slug in one hop; a new ${scope.name} taking an old slug wins`, async () => {
      const p = scope.name;
      expect((await scope.create(`${p}-a`)).data.ok).toBe(true);
      const id = await scope.id(`${p}-a`);
      expect((await scope.rename(id, `${p}-b`)).data.ok).toBe(true);
      expect((await scope.rename(id, `${p}-c`)).data.ok).toBe(true);
      for (const old of [`${p}-a`, `${p}-b`]) {
        const out = await scope.visit(old);
        expect(out.status, old).toBe(301);
        expect(out.location).toBe(scope.path(`${p}-c`));
      }
      expect((await scope.visit(`${p}-c`)).status).toBe(200);
      // an unknown slug is still a 404
      expect((await scope.visit(`${p}-z`)).status).toBe(404);

      // a new item takes the old slug b: it is shown, and the redirect is gone
      expect((await scope.create(`${p}-b`)).data.ok).toBe(true);
      expect((await scope.visit(`${p}-b`)).status).toBe(200);
      expect(await db().$count(s.slugRedirects, eq(s.slugRedirects.oldSlug, `${p}-b`))).toBe(0);
      // renaming back to an old slug removes that redirect too, and the others lead to it
      expect((await scope.rename(id, `${p}-a`)).data.ok).toBe(true);
      expect((await scope.visit(`${p}-a`)).status).toBe(200);
      const fromC = await scope.visit(`${p}-c`);
      expect([fromC.status, fromC.location]).toEqual([301, scope.path(`${p}-a`)]);
      // saving without changing the slug records nothing
      const before = await db().$count(s.slugRedirects);
      expect((await scope.rename(id, `${p}-a`)).data.ok).toBe(true);
      expect(await db().$count(s.slugRedirects)).toBe(before);
    });
  }

  it("the page and category redirects do not mix", async () => {
    expect((await save(pageAction, "/admin/pages", { title: "Mixte", slug: "mixte-1", content: "<p>x</p>" })).data.ok).toBe(true);
    const [page] = await db().select().from(s.pages).where(eq(s.pages.slug, "mixte-1"));
    expect((await save(pageAction, "/admin/pages", { id: page.id, version: page.updatedAt.toISOString(), title: "Mixte", slug: "mixte-2", content: "<p>x</p>" })).data.ok).toBe(true);
    expect((await callRoute(categoryLoader, req("/categories/mixte-1"), { slug: "mixte-1" })).status).toBe(404);
    expect((await callRoute(pageLoader, req("/mixte-1"), { slug: "mixte-1" })).location).toBe("/mixte-2");
  });
});
