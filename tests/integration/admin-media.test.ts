import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as brandAction } from "#app/routes/admin/brands";
import { action as categoryAction } from "#app/routes/admin/categories";
import { action as contentAction } from "#app/routes/admin/content";
import { action as dealAction } from "#app/routes/admin/crevarde-deals";
import { action as offerAction } from "#app/routes/admin/offers";
import { action as pageAction } from "#app/routes/admin/pages";
import { loader as brandPageLoader } from "#app/routes/brands.$id";
import { loader as homeLoader } from "#app/routes/home";
import { HTML_IMAGE_MESSAGE, IMAGE_URL_MESSAGE } from "#app/modules/admin/image-url";
import { HOME_BLOCK_DEFAULTS } from "#app/modules/content/home-defaults";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";
import { postUpload } from "#tests/helpers/upload";

/** Issue #17 item 3: uploaded images on the catalogue, sanitised rich text, structured home lists. */
describeEachDb("admin media and content editors", ({ database }) => {
  let admin: SignedInUser;
  let brandId: string;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: "media@example.fr" });
    await database().db.insert(s.contentBlocks).values(HOME_BLOCK_DEFAULTS).onConflictDoNothing();
    const [brand] = await database().db.insert(s.brands).values({ name: "Marque Média", slug: "marque-media" }).returning();
    brandId = brand.id;
  });
  const save = <H>(action: H, path: string, form: Record<string, string>) => callRoute(action, req(path, { cookie: admin.cookie, form: { intent: "save", ...form } }));
  const audits = () => database().db.$count(s.auditLog);
  /** The version an edit form carries: the row's updated_at when it was opened (ADR on edit conflicts). */
  const brandVersion = async () => (await database().db.select({ v: s.brands.updatedAt }).from(s.brands).where(eq(s.brands.id, brandId)))[0].v.toISOString();

  async function uploadPng(): Promise<string> {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#e11d48" } }).png().toBuffer();
    const out = await postUpload(admin.cookie, "logo.png", png, "image/png");
    expect(out.data.ok).toBe(true);
    return String(out.data.url);
  }

  describe("images", () => {
    it("brands, offers and categories save an uploaded image, and the brand page shows it", async () => {
      const url = await uploadPng();
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
      const brand = await save(brandAction, "/admin/brands", { id: brandId, version: await brandVersion(), name: "Marque Média", slug: "marque-media", imageUrl: url });
      expect(brand.data.ok).toBe(true);
      const offer = await save(offerAction, "/admin/offers", { brandId, name: "Sérum média", regularPrice: "19€", imageUrl: url });
      expect(offer.data.ok).toBe(true);
      const category = await save(categoryAction, "/admin/categories", { name: "Média", slug: "media-images", imageUrl: url });
      expect(category.data.ok).toBe(true);
      const db = database().db;
      expect((await db.select().from(s.brands).where(eq(s.brands.id, brandId)))[0].imageUrl).toBe(url);
      expect((await db.select().from(s.offers).where(eq(s.offers.name, "Sérum média")))[0].imageUrl).toBe(url);
      expect((await db.select().from(s.categories).where(eq(s.categories.slug, "media-images")))[0].imageUrl).toBe(url);
      const page = await callRoute(brandPageLoader, req("/marques/marque-media"), { id: "marque-media" });
      expect(page.data.brand.imageUrl).toBe(url);
    });

    it.each([
      ["http", "http://exemple.fr/a.png"],
      ["another site, even in https (the CSP would block it)", "https://cdn.exemple.fr/media.webp"],
      ["another path of the site", "/admin/brands"],
      ["a path out of the uploads", "/uploads/../db.sqlite"],
      ["protocol-relative", "//evil.example/a.png"],
    ])("an image that is not one of our uploads is refused (%s), nothing written", async (_name, imageUrl) => {
      const before = await audits();
      for (const [action, path, form] of [
        [brandAction, "/admin/brands", { id: brandId, version: await brandVersion(), name: "Marque Média", slug: "marque-media" }],
        [offerAction, "/admin/offers", { brandId, name: "Autre", regularPrice: "1€" }],
        [categoryAction, "/admin/categories", { name: "Refusée", slug: "refusee" }],
        [dealAction, "/admin/crevarde-deals", { title: "Deal refusé", description: "x", price: "1€", badgeText: "Hot", badgeType: "hot", source: "temu", ctaText: "Voir", url: "https://deal.example/" }],
      ] as const) {
        const out = await save(action, path, { ...form, imageUrl });
        expect(out.status).toBe(400);
        expect(formErrors(out).imageUrl).toEqual([IMAGE_URL_MESSAGE]);
      }
      expect(await audits()).toBe(before);
      expect((await database().db.select().from(s.brands).where(eq(s.brands.id, brandId)))[0].imageUrl).toMatch(/^\/uploads\//);
    });
  });

  describe("rich text", () => {
    const dirty = '<p onclick="steal()">Bonjour <strong>toi</strong> <a href="javascript:alert(1)" onmouseover="x()">lien</a></p><script>alert(1)</script><img src="x" onerror="alert(1)">';

    it("a page's HTML is sanitised on save: no scripts, no on* attributes, no javascript: links", async () => {
      const out = await save(pageAction, "/admin/pages", { title: "Page média", slug: "page-media", content: dirty, status: "published" });
      expect(out.data.ok).toBe(true);
      const [row] = await database().db.select().from(s.pages).where(eq(s.pages.slug, "page-media"));
      expect(row.content).toContain("<strong>toi</strong>");
      expect(row.content).not.toMatch(/<script|onclick|onmouseover|onerror|javascript:/i);
    });

    it("an image on another site is refused in a page, an html block and an image block (the CSP would block it); nothing written", async () => {
      const before = await audits();
      const foreign = '<p>Texte</p><img src="https://cdn.exemple.fr/photo.jpg" alt="">';
      const page = await save(pageAction, "/admin/pages", { title: "Page externe", slug: "page-externe", content: foreign, status: "published" });
      expect(page.status).toBe(400);
      expect(formErrors(page).content).toEqual([HTML_IMAGE_MESSAGE]);
      const block = await save(contentAction, "/admin/content", { name: "media-foreign", title: "Bloc", page: "about", type: "html", position: "6", content: foreign });
      expect(block.status).toBe(400);
      expect(formErrors(block).content).toEqual([HTML_IMAGE_MESSAGE]);
      const image = await save(contentAction, "/admin/content", { name: "media-image", title: "Image", page: "about", type: "image", position: "7", content: "https://cdn.exemple.fr/photo.jpg" });
      expect(image.status).toBe(400);
      expect(formErrors(image).content).toEqual([IMAGE_URL_MESSAGE]);
      expect(await audits()).toBe(before);
      const ours = await save(contentAction, "/admin/content", { name: "media-image", title: "Image", page: "about", type: "image", position: "7", content: await uploadPng() });
      expect(ours.data.ok).toBe(true);
    });

    it("an html content block is sanitised the same way", async () => {
      const out = await save(contentAction, "/admin/content", { name: "media-html", title: "Bloc média", page: "about", type: "html", position: "5", content: dirty });
      expect(out.data.ok).toBe(true);
      const [row] = await database().db.select().from(s.contentBlocks).where(and(eq(s.contentBlocks.page, "about"), eq(s.contentBlocks.name, "media-html")));
      expect(row.content).toContain("<strong>toi</strong>");
      expect(row.content).not.toMatch(/<script|onclick|onmouseover|onerror|javascript:/i);
    });
  });

  describe("structured home lists", () => {
    const block = async (name: string) => (await database().db.select().from(s.contentBlocks).where(and(eq(s.contentBlocks.page, "home"), eq(s.contentBlocks.name, name))))[0];
    const items = (list: Array<Record<string, string>>) => Object.fromEntries(list.flatMap((item, i) => Object.entries(item).map(([k, v]) => [`items.${i}.${k}`, v])));
    /** What the structured editor posts for a home block: its fields, then one set of fields per item. */
    const saveItems = (row: typeof s.contentBlocks.$inferSelect, list: Array<Record<string, string>>) =>
      save(contentAction, "/admin/content", { id: row.id, version: row.updatedAt.toISOString(), name: row.name, title: row.title, page: "home", type: "json", position: String(row.position), content: row.content, jsonMode: "items", ...items(list) });

    it("the posted testimonials become the block's JSON, in their order, and the home page shows them so", async () => {
      const row = await block("testimonials-list");
      const out = await saveItems(row, [
        { id: "", content: "Nouveau témoignage en tête.", author: "Nina, 30 ans, Nantes", rating: "4" },
        { id: "t1", content: "Ancien premier.", author: "Léa, 27 ans, Lyon", rating: "5" },
      ]);
      expect(out.data.ok).toBe(true);
      expect(JSON.parse((await block("testimonials-list")).content)).toEqual([
        { id: "t2", content: "Nouveau témoignage en tête.", author: "Nina, 30 ans, Nantes", rating: 4 },
        { id: "t1", content: "Ancien premier.", author: "Léa, 27 ans, Lyon", rating: 5 },
      ]);
      const home = await callRoute(homeLoader, req("/"));
      expect(home.data.content.testimonials.list.map((t) => t.author)).toEqual(["Nina, 30 ans, Nantes", "Léa, 27 ans, Lyon"]);
    });

    it("a bad step is refused with a French message per item and a 400; nothing is written", async () => {
      const row = await block("how-it-works-steps");
      const before = await audits();
      const out = await saveItems(row, [
        { icon: "Mouse", title: "Tu cliques", description: "Première étape." },
        { icon: "Fusée", title: "", description: "Deuxième étape." },
      ]);
      expect(out.status).toBe(400);
      expect(formErrors(out).content).toEqual(["Élément 2 : le champ « icon » doit valoir Mouse, ShoppingCart, Heart, CreditCard.", "Élément 2 : le champ « title » est obligatoire."]);
      expect((await block("how-it-works-steps")).content).toBe(row.content);
      expect(await audits()).toBe(before);
    });
  });
});
