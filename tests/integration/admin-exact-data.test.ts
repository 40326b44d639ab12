import { eq, getTableColumns } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as brandAction } from "#app/routes/admin/brands";
import { action as categoryAction } from "#app/routes/admin/categories";
import { action as contentAction } from "#app/routes/admin/content";
import { action as dealAction } from "#app/routes/admin/crevarde-deals";
import { action as offerAction } from "#app/routes/admin/offers";
import { action as pageAction } from "#app/routes/admin/pages";
import { action as promoAction, loader as promoLoader } from "#app/routes/admin/promo-codes";
import { action as userAction } from "#app/routes/admin/users";
import { loader as brandPageLoader } from "#app/routes/brands.$id";
import { toParisDateInput } from "#app/modules/settings/paris-time";
import routes from "#app/routes";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";
import { routeFirstSegments } from "#tests/helpers/route-segments";

/** Text typed in the back office, as an editor would: entities, angle brackets, quotes, emoji. */
const TEXT_VARIANTS = [
  "Lot H&M : 2 tops < 10€",
  "A<B, 2<3 et 5>2",
  "x > y & z",
  `L'été "canon" 'ok'`,
  "Promo 🎉 -20 % 💄",
  "&amp; écrit tel quel &lt;",
  "Moins de <50 € & plus",
];
/** Markup alone: nothing visible once the tags are removed. */
const MARKUP_ONLY = ["<b></b>", " <br> ", "<i><u></u></i>", "<!-- rien -->", "<script></script>"];

describeEachDb("admin data is stored exactly", ({ database }) => {
  let admin: SignedInUser;
  let brandId: string;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: "exact@example.fr" });
    const [brand] = await database().db.insert(s.brands).values({ name: "Marque Exacte", slug: "marque-exacte" }).returning();
    brandId = brand.id;
  });
  const save = <H>(action: H, path: string, form: Record<string, string>) => callRoute(action, req(path, { cookie: admin.cookie, form: { intent: "save", ...form } }));
  const db = () => database().db;
  // brands, codes and offers store their category's id: read its name back
  const categoryName = { category: s.categories.name };

  // every admin entity's plain-text fields: [entity, action, path, base form, fields typed, read back]
  let n = 0;
  const unique = () => `${++n}`;
  const entities: Array<{
    name: string;
    action: unknown;
    path: string;
    form: (text: string) => Record<string, string>;
    read: () => Promise<Record<string, unknown>>;
    fields: string[];
  }> = [
    {
      name: "brand",
      action: brandAction,
      path: "/admin/brands",
      form: (t) => ({ name: `${t} ${unique()}`, slug: `marque-${n}`, description: t, category: t, maxDiscountPercent: "0" }),
      read: async () => (await db().select({ ...getTableColumns(s.brands), ...categoryName }).from(s.brands).leftJoin(s.categories, eq(s.categories.id, s.brands.categoryId)).where(eq(s.brands.slug, `marque-${n}`)))[0],
      fields: ["description", "category"],
    },
    {
      name: "category",
      action: categoryAction,
      path: "/admin/categories",
      form: (t) => ({ name: `${t} ${unique()}`, slug: `categorie-${n}`, description: t }),
      read: async () => (await db().select().from(s.categories).where(eq(s.categories.slug, `categorie-${n}`)))[0],
      fields: ["description"],
    },
    {
      name: "promo code",
      action: promoAction,
      path: "/admin/promo-codes",
      form: (t) => ({ brandId, code: `${t} ${unique()}`, discountAmount: t, description: t, category: t }),
      read: async () => (await db().select({ ...getTableColumns(s.promoCodes), ...categoryName }).from(s.promoCodes).leftJoin(s.categories, eq(s.categories.id, s.promoCodes.categoryId)).where(eq(s.promoCodes.brandId, brandId)).orderBy(s.promoCodes.createdAt)).at(-1)!,
      fields: ["discountAmount", "description", "category"],
    },
    {
      name: "offer",
      action: offerAction,
      path: "/admin/offers",
      form: (t) => ({ brandId, name: `${t} ${unique()}`, regularPrice: t, category: t, tag: t }),
      read: async () => (await db().select({ ...getTableColumns(s.offers), ...categoryName }).from(s.offers).leftJoin(s.categories, eq(s.categories.id, s.offers.categoryId)).where(eq(s.offers.brandId, brandId)).orderBy(s.offers.createdAt)).at(-1)!,
      fields: ["regularPrice", "category", "tag"],
    },
    {
      name: "deal",
      action: dealAction,
      path: "/admin/crevarde-deals",
      form: (t) => ({ title: `${t} ${unique()}`, description: t, price: t, originalPrice: t, source: "temu", badgeText: t, badgeType: "hot", ctaText: t, url: "https://exemple.fr/deal" }),
      read: async () => (await db().select().from(s.crevardeDeals).orderBy(s.crevardeDeals.createdAt)).at(-1)!,
      fields: ["description", "price", "originalPrice", "badgeText", "ctaText"],
    },
    {
      name: "page",
      action: pageAction,
      path: "/admin/pages",
      form: (t) => ({ title: `${t} ${unique()}`, slug: `page-exacte-${n}`, content: "<p>Contenu</p>", metaDescription: t }),
      read: async () => (await db().select().from(s.pages).where(eq(s.pages.slug, `page-exacte-${n}`)))[0],
      fields: ["metaDescription"],
    },
    {
      name: "text content block",
      action: contentAction,
      path: "/admin/content",
      form: (t) => ({ name: `bloc-${unique()}`, title: t, content: t, type: "text", page: "about" }),
      read: async () => (await db().select().from(s.contentBlocks).where(eq(s.contentBlocks.name, `bloc-${n}`)))[0],
      fields: ["title", "content"],
    },
  ];
  const titleField: Record<string, string> = { brand: "name", category: "name", "promo code": "code", offer: "name", deal: "title", page: "title" };

  for (const entity of entities) {
    it.each(TEXT_VARIANTS)(`${entity.name}: "%s" is stored exactly as typed`, async (text) => {
      const form = entity.form(text);
      const out = await save(entity.action, entity.path, form);
      expect((out.data as { ok?: boolean }).ok, JSON.stringify(out.data)).toBe(true);
      const row = await entity.read();
      for (const field of entity.fields) expect(row[field], field).toBe(text);
      const title = titleField[entity.name];
      if (title) expect(row[title]).toBe(form[title]);
    });
  }

  const required: Array<[string, unknown, string, (markup: string) => Record<string, string>, string, string]> = [
    ["brand name", brandAction, "/admin/brands", (m) => ({ name: m, slug: "vide", maxDiscountPercent: "0" }), "name", "Le nom de la marque est obligatoire."],
    ["category name", categoryAction, "/admin/categories", (m) => ({ name: m, slug: "vide" }), "name", "Le nom de la catégorie est obligatoire."],
    ["promo code", promoAction, "/admin/promo-codes", (m) => ({ brandId, code: m, discountAmount: "5%" }), "code", "Le code est obligatoire."],
    ["offer name", offerAction, "/admin/offers", (m) => ({ brandId, name: m, regularPrice: "1€" }), "name", "Le nom du produit est obligatoire."],
    ["deal title", dealAction, "/admin/crevarde-deals", (m) => ({ title: m, description: "d", price: "1€", source: "temu", badgeText: "b", url: "https://exemple.fr" }), "title", "Le titre est obligatoire."],
    ["page title", pageAction, "/admin/pages", (m) => ({ title: m, slug: "vide", content: "<p>x</p>" }), "title", "Le titre de la page est obligatoire."],
    ["page content", pageAction, "/admin/pages", (m) => ({ title: "Vide", slug: "vide", content: m }), "content", "Le contenu de la page est obligatoire."],
    ["content block title", contentAction, "/admin/content", (m) => ({ name: "vide", title: m, content: "c", page: "about" }), "", "Veuillez remplir les champs suivants : Titre"],
    ["html content block", contentAction, "/admin/content", (m) => ({ name: "vide", title: "t", content: m, type: "html", page: "about" }), "", "Veuillez remplir les champs suivants : Contenu"],
  ];
  for (const [name, action, path, form, field, message] of required) {
    it.each(MARKUP_ONLY)(`${name} made only of markup (%j) is refused`, async (markup) => {
      const auditBefore = await db().$count(s.auditLog);
      const out = await save(action, path, form(markup));
      expect(out.status).toBe(400);
      expect((out.data as { ok?: boolean }).ok).toBe(false);
      expect(formErrors(out)[field]?.[0]).toBe(message);
      expect(await db().$count(s.auditLog)).toBe(auditBefore);
    });
  }

  it("a username is stored as typed", async () => {
    const member = await signedInUser({ email: "pseudo@example.fr" });
    for (const text of TEXT_VARIANTS.map((t) => t.slice(0, 40))) {
      const out = await save(userAction, "/admin/users", { id: member.id, role: "user", username: text });
      expect(out.data.ok).toBe(true);
      const [p] = await db().select({ username: s.profiles.username }).from(s.profiles).where(eq(s.profiles.id, member.id));
      expect(p.username).toBe(text.trim());
    }
  });

  it("a day typed as the expiry is that day in Paris, to its last millisecond, and reads back the same", async () => {
    for (const [day, iso] of [
      ["2027-06-30", "2027-06-30T21:59:59.999Z"], // summer time, UTC+2
      ["2027-12-31", "2027-12-31T22:59:59.999Z"], // winter time, UTC+1
      ["2028-02-29", "2028-02-29T22:59:59.999Z"], // leap day
      ["2027-03-28", "2027-03-28T21:59:59.999Z"], // the day clocks go forward
      ["2027-10-31", "2027-10-31T22:59:59.999Z"], // the day clocks go back
    ]) {
      const code = `PARIS${day.replace(/-/g, "")}`;
      const out = await save(promoAction, "/admin/promo-codes", { brandId, code, discountAmount: "5%", expiresAt: day });
      expect(out.data.ok).toBe(true);
      const [row] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, code));
      expect(row.expiresAt?.toISOString()).toBe(iso);
      // the edit form shows the stored instant back as the same Paris day: a no-op save changes nothing
      const listed = (await callRoute(promoLoader, req("/admin/promo-codes?page=1", { cookie: admin.cookie }))).data.codes;
      const again = listed.find((c) => c.id === row.id) ?? { expiresAt: row.expiresAt!.toISOString() };
      expect(toParisDateInput(again.expiresAt!)).toBe(day);
      await save(promoAction, "/admin/promo-codes", { id: row.id, version: row.updatedAt.toISOString(), brandId, code, discountAmount: "5%", expiresAt: toParisDateInput(again.expiresAt!) });
      const [after] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.id, row.id));
      expect(after.expiresAt?.toISOString()).toBe(iso);
    }
  });

  it.each(["2027-02-30", "2027-02-29", "2027-04-31", "2027-13-01", "2027-00-10", "2027-06-00", "30/06/2027", "demain"])("the impossible date %s is refused in French", async (day) => {
    const out = await save(promoAction, "/admin/promo-codes", { brandId, code: "IMPOSSIBLE", discountAmount: "5%", expiresAt: day });
    expect(out.status).toBe(400);
    expect(formErrors(out).expiresAt).toEqual(["La date d'expiration n'est pas valide."]);
    expect(await db().$count(s.promoCodes, eq(s.promoCodes.code, "IMPOSSIBLE"))).toBe(0);
  });

  it("a code that expires on 30/06/2027 is still live on the brand page and its expiry is that Paris day", async () => {
    await save(promoAction, "/admin/promo-codes", { brandId, code: "JUIN2027", discountAmount: "5%", expiresAt: "2027-06-30" });
    const page = await callRoute(brandPageLoader, req("/marques/marque-exacte"), { id: "marque-exacte" });
    const code = page.data.codes.find((c) => c.expiresAt && toParisDateInput(c.expiresAt) === "2027-06-30");
    expect(code).toBeTruthy();
  });

  it.each(["JUIN2027", "juin2027", " Juin2027 "])("the same code for the same brand cannot be saved twice (%j)", async (code) => {
    const before = await db().$count(s.promoCodes, eq(s.promoCodes.brandId, brandId));
    const out = await save(promoAction, "/admin/promo-codes", { brandId, code, discountAmount: "10%" });
    expect(out.status).toBe(409);
    expect(out.data.toast?.description).toBe("Ce code existe déjà pour cette marque.");
    expect(await db().$count(s.promoCodes, eq(s.promoCodes.brandId, brandId))).toBe(before);
  });

  it("the same code for another brand is fine, and editing a code into a duplicate is refused", async () => {
    const [other] = await db().insert(s.brands).values({ name: "Autre Marque", slug: "autre-marque" }).returning();
    expect((await save(promoAction, "/admin/promo-codes", { brandId: other.id, code: "JUIN2027", discountAmount: "5%" })).data.ok).toBe(true);
    await save(promoAction, "/admin/promo-codes", { brandId, code: "AUTRE", discountAmount: "5%" });
    const [row] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, "AUTRE"));
    const out = await save(promoAction, "/admin/promo-codes", { id: row.id, version: row.updatedAt.toISOString(), brandId, code: "Juin2027", discountAmount: "5%" });
    expect(out.status).toBe(409);
    expect(out.data.toast?.description).toBe("Ce code existe déjà pour cette marque.");
  });

  const jsonCases: Array<[string, string, unknown, string[]]> = [
    ["how-it-works-steps", "missing description", [{ icon: "Heart", title: "t", description: "d" }, { icon: "Heart", title: "u" }], ["Élément 2 : le champ « description » est obligatoire."]],
    ["how-it-works-steps", "wrong key", [{ icon: "Heart", titre: "t", description: "d" }], ["Élément 1 : le champ « title » est obligatoire.", "Élément 1 : le champ « titre » n'est pas reconnu."]],
    ["how-it-works-steps", "number instead of text", [{ icon: "Heart", title: 143, description: "d" }], ["Élément 1 : le champ « title » doit être un texte."]],
    ["how-it-works-steps", "empty text", [{ icon: "Heart", title: " ", description: "d" }], ["Élément 1 : le champ « title » est obligatoire."]],
    ["how-it-works-steps", "not a list", { icon: "Heart", title: "t", description: "d" }, ["Le contenu doit être une liste JSON ([ … ])."]],
    ["how-it-works-steps", "empty list", [], ["La liste doit contenir au moins un élément."]],
    ["how-it-works-steps", "not an object", ["A"], ["Élément 1 : chaque élément doit être un objet ({ … })."]],
    ["how-it-works-steps", "unknown icon", [{ icon: "Rocket", title: "t", description: "d" }], ["Élément 1 : le champ « icon » doit valoir Mouse, ShoppingCart, Heart, CreditCard."]],
    ["how-it-works-steps", "missing title", [{ icon: "Heart", description: "d" }], ["Élément 1 : le champ « title » est obligatoire."]],
    ["testimonials-list", "rating out of range", [{ id: "1", content: "c", author: "a", rating: 9 }], ["Élément 1 : le champ « rating » doit être compris entre 0 et 5."]],
    ["testimonials-list", "rating as text", [{ id: "1", content: "c", author: "a", rating: "5" }], ["Élément 1 : le champ « rating » doit être un nombre."]],
    ["testimonials-list", "wrong key", [{ id: "1", contenu: "c", author: "a", rating: 5 }], ["Élément 1 : le champ « content » est obligatoire.", "Élément 1 : le champ « contenu » n'est pas reconnu."]],
  ];
  it.each(jsonCases)("home block %s with %s is refused with field-level French errors", async (name, _label, value, messages) => {
    const auditBefore = await db().$count(s.auditLog);
    const out = await save(contentAction, "/admin/content", { name, title: "Bloc", content: JSON.stringify(value), type: "json", page: "home", position: "1" });
    expect(out.status).toBe(400);
    expect(formErrors(out).content).toEqual(messages);
    expect(out.data.toast?.description).toBe(messages[0]);
    expect(await db().$count(s.auditLog)).toBe(auditBefore);
    expect(await db().$count(s.contentBlocks, eq(s.contentBlocks.name, name))).toBe(0);
  });

  it("home blocks of the right shape are saved, numeric testimonial ids included", async () => {
    for (const [name, value] of [
      ["how-it-works-steps", [{ icon: "Heart", title: "t", description: "d" }]],
      ["testimonials-list", [{ id: 1, content: "c", author: "a", rating: 4.5 }]],
    ] as const) {
      const out = await save(contentAction, "/admin/content", { name, title: "Bloc", content: JSON.stringify(value), type: "json", page: "home", position: "1" });
      expect((out.data as { ok?: boolean }).ok, JSON.stringify(out.data)).toBe(true);
    }
  });
});

describeEachDb("page slugs and built-in routes", ({ database }) => {
  let admin: SignedInUser;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: "slugs@example.fr" });
  });
  const save = (form: Record<string, string>) => callRoute(pageAction, req("/admin/pages", { cookie: admin.cookie, form: { intent: "save", content: "<p>x</p>", ...form } }));

  // every first segment of app/routes.ts, read from the route config itself
  const segments = [...new Set(routeFirstSegments(routes))];
  it("covers the built-in routes the issue names", () => {
    expect(segments).toEqual(expect.arrayContaining(["blog", "marques", "admin", "auth", "temu", "categories", "codes-promo", "legal"]));
  });
  // (sitemap.xml and robots.txt are refused by the slug format already)
  it.each([...segments.filter((x) => !x.includes(".")), "pourquoi-crevarde", "uploads", "assets"])("the page slug %s is refused in French", async (slug) => {
    const out = await save({ title: `Page ${slug}`, slug });
    expect(out.status).toBe(400);
    expect(formErrors(out).slug).toEqual(["Ce slug est déjà utilisé par une page du site. Choisissez-en un autre."]);
    expect(await database().db.$count(s.pages, eq(s.pages.slug, slug))).toBe(0);
  });
  it.each(["blogueuse", "marques-preferees", "pourquoi-pas", "a-propos-de-nous"])("a slug that only starts like a route (%s) is fine", async (slug) => {
    expect((await save({ title: `Page ${slug}`, slug })).data.ok).toBe(true);
  });
});
