import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#app/seed/index";
import { loader as layoutLoader } from "#app/routes/admin/_layout";
import { action as dashAction, loader as dashLoader } from "#app/routes/admin/dashboard";
import { action as promoAction, loader as promoLoader } from "#app/routes/admin/promo-codes";
import { action as offerAction } from "#app/routes/admin/offers";
import { action as dealAction, loader as dealLoader } from "#app/routes/admin/crevarde-deals";
import { action as categoryAction } from "#app/routes/admin/categories";
import { action as brandAction } from "#app/routes/admin/brands";
import { action as contentAction } from "#app/routes/admin/content";
import { action as pageAction } from "#app/routes/admin/pages";
import { action as userAction, loader as usersLoader } from "#app/routes/admin/users";
import { loader as homeLoader } from "#app/routes/home";
import { loader as slugLoader } from "#app/routes/page.$slug";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";
import { postUpload } from "#tests/helpers/upload";

/** What a member is told by each admin action: the message of the permission it asks for first (ADR 022). */
const MEMBER_REFUSAL: Record<string, string> = {
  ...Object.fromEntries(["promo-codes.tsx", "offers.tsx", "crevarde-deals.tsx", "categories.tsx", "brands.tsx", "content.tsx", "pages.tsx", "blog.tsx", "upload.ts", "csv.import.tsx", "aide.tsx", "prix.tsx", "prix.import.tsx"].map((f) => [f, "Accès réservé aux éditeurs et aux administrateurs."])),
  "programmes.tsx": "Accès réservé à la finance et aux administrateurs.",
  "conversions.tsx": "Accès réservé à la finance et aux administrateurs.",
  "paiements.tsx": "Accès réservé à la finance et aux administrateurs.",
  "tresorerie.tsx": "Accès réservé à la finance et aux administrateurs.",
  "reclamations.tsx": "Accès réservé à la finance et aux administrateurs.",
  "parrainages.tsx": "Accès réservé à la finance et aux administrateurs.",
  "users.tsx": "Accès réservé aux administrateurs.",
  "settings.tsx": "Accès réservé aux administrateurs.",
  "dashboard.tsx": "Accès réservé à l'équipe.",
  "historique.tsx": "Accès réservé à l'équipe.",
  "moderation.tsx": "Accès réservé à la modération et aux administrateurs.",
  "contact.tsx": "Accès réservé à la modération et aux administrateurs.",
};

describeEachDb("admin back office", ({ database }) => {
  let admin: SignedInUser;
  let member: SignedInUser;
  beforeAll(async () => {
    await seed(database().db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-admin-")) });
    admin = await signedInUser({ role: "admin", username: "Zoé" });
    member = await signedInUser();
  });
  const as = (cookie: string | undefined, p: string, form?: Record<string, string>) => req(p, { cookie, form });

  it("guards every screen and action on the server", async () => {
    const anon = await callRoute(layoutLoader, as(undefined, "/admin/brands"));
    expect(anon.location).toBe("/auth?redirect=%2Fadmin%2Fbrands");
    expect((await callRoute(promoLoader, as(member.cookie, "/admin/promo-codes"))).location).toBe("/");
    for (const action of [promoAction, offerAction, dealAction, categoryAction, brandAction, contentAction, pageAction, userAction, dashAction]) {
      expect((await callRoute(action, as(member.cookie, "/admin/x", { intent: "delete", id: "00000000-0000-0000-0000-000000000000" }))).status).toBe(403);
      expect((await callRoute(action, as(undefined, "/admin/x", { intent: "delete", id: "00000000-0000-0000-0000-000000000000" }))).status).toBe(401);
    }
    const layout = await callRoute(layoutLoader, as(admin.cookie, "/admin"));
    expect(layout.data.initials).toBe("ZO");
  });

  it("matrix: every admin loader and action × anonymous, member, admin", async () => {
    const dir = path.resolve("app/routes/admin");
    const files = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."));
    expect(files.length).toBeGreaterThanOrEqual(12);
    let loaders = 0;
    let actions = 0;
    for (const file of files) {
      const mod = await import(path.join(dir, file));
      const url = file === "dashboard.tsx" || file === "_layout.tsx" ? "/admin" : `/admin/${file.replace(/\.tsx?$/, "")}`;
      if (mod.loader && file !== "upload.ts") {
        loaders++;
        const anon = await callRoute(mod.loader, as(undefined, `${url}?page=2`));
        expect(anon.location, `${file} loader, anonymous`).toBe(`/auth?redirect=${encodeURIComponent(`${url}?page=2`)}`);
        expect((await callRoute(mod.loader, as(member.cookie, url))).location, `${file} loader, member`).toBe("/");
        const ok = await callRoute(mod.loader, as(admin.cookie, url));
        // a batch's SEPA file: the admin is let through to "Lot introuvable." for a batch that does not exist
        // the file routes name no batch, network or claim here, the CSV routes no list: 404 past the guard
        expect(ok.status, `${file} loader, admin`).toBe(["paiements.lots.ts", "reclamations.export.ts", "reclamations.justificatif.ts", "csv.export.ts", "csv.import.tsx"].includes(file) ? 404 : 200);
        expect(ok.location).toBeNull();
      }
      if (mod.action) {
        actions++;
        const form = { intent: "delete", id: "00000000-0000-0000-0000-000000000000" };
        const anon = await callRoute(mod.action, as(undefined, url, form));
        expect(anon.status, `${file} action, anonymous`).toBe(401);
        expect(anon.data, `${file} action, anonymous`).toBe("Authentification requise.");
        const refused = await callRoute(mod.action, as(member.cookie, url, form));
        expect(refused.status, `${file} action, member`).toBe(403);
        expect(refused.data, `${file} action, member`).toBe(MEMBER_REFUSAL[file]);
        // the admin gets through the guard: a French 4xx about the (missing) item or form, never 401/403/5xx
        const done = await callRoute(mod.action, as(admin.cookie, url, form));
        expect([400, 404, 409], `${file} action, admin (${done.status})`).toContain(done.status);
      }
    }
    // the upload route's GET is a 405 for everyone (it has no page)
    expect((await callRoute((await import("#app/routes/admin/upload")).loader, as(undefined, "/admin/upload"))).status).toBe(405);
    // + /admin/conversions (issue #12), /admin/paiements and its batch files (payouts), /admin/tresorerie, /admin/reclamations with its CSV and proof files
    // + /admin/moderation (DSA notices)
    // + /admin/:list/export and /admin/:list/import (CSV, ADR 029)
    // + /admin/parrainages (held referrals, issue #35 item 3)
    // + /admin/aide and /admin/contact (help centre and contact messages, issue #34 item 7)
    // + /admin/blog (the blog's articles, issue #37 item 1)
    // + /admin/historique (history with restore and the bin, issue #37 item 2)
    // + /admin/prix and /admin/prix/import (the price history, issue #39 item 6)
    expect(loaders).toBe(29);
    expect(actions).toBe(25);
  });

  it("dashboard shows real figures and initialises only missing blocks", async () => {
    const db = database().db;
    const dash = await callRoute(dashLoader, as(admin.cookie, "/admin"));
    expect(dash.data.stats.pages).toBe(4);
    expect(dash.data.stats.brands).toBe(29);
    expect(dash.data.stats.users).toBeGreaterThanOrEqual(4);
    expect(dash.data.stats.chart.days).toHaveLength(30);
    const none = await callRoute(dashAction, as(admin.cookie, "/admin", { intent: "init-content" }));
    expect(none.data.toast).toMatchObject({ title: "Information", description: "Tout le contenu est déjà initialisé." });
    await db.update(s.contentBlocks).set({ content: "Titre modifié" }).where(eq(s.contentBlocks.name, "how-it-works-title"));
    await db.delete(s.contentBlocks).where(eq(s.contentBlocks.name, "hero-subtitle"));
    await db.delete(s.contentBlocks).where(eq(s.contentBlocks.name, "testimonials-footer"));
    const two = await callRoute(dashAction, as(admin.cookie, "/admin", { intent: "init-content" }));
    expect(two.data.toast).toMatchObject({ title: "Succès", description: "2 blocs de contenu ont été initialisés avec succès." });
    const [kept] = await db.select().from(s.contentBlocks).where(eq(s.contentBlocks.name, "how-it-works-title"));
    expect(kept.content).toBe("Titre modifié");
  });

  it("promo codes: create, validate, update, delete with the spec's messages", async () => {
    const db = database().db;
    const [brand] = await db.select().from(s.brands).where(eq(s.brands.slug, "nuxe"));
    const bad = await callRoute(promoAction, as(admin.cookie, "/admin/promo-codes", { intent: "save", brandId: "", code: "", discountAmount: "" }));
    expect(bad.status).toBe(400);
    expect(formErrors(bad)).toMatchObject({ brandId: ["La marque est obligatoire."], code: ["Le code est obligatoire."], discountAmount: ["Le montant de réduction est obligatoire."] });
    const created = await callRoute(promoAction, as(admin.cookie, "/admin/promo-codes", { intent: "save", brandId: brand.id, code: "TEST25", discountAmount: "25%", description: "", category: "", expiresAt: "2030-01-31" }));
    expect(created.data.toast).toMatchObject({ title: "Code promo créé" });
    const [row] = await db.select().from(s.promoCodes).where(eq(s.promoCodes.code, "TEST25"));
    expect(row).toMatchObject({ description: null, categoryId: null, isFeatured: false });
    const updated = await callRoute(promoAction, as(admin.cookie, "/admin/promo-codes", { intent: "save", id: row.id, version: row.updatedAt.toISOString(), brandId: brand.id, code: "TEST30", discountAmount: "30%", category: "Soin", isFeatured: "on" }));
    expect(updated.data.toast?.title).toBe("Code promo mis à jour");
    const list = await callRoute(promoLoader, as(admin.cookie, "/admin/promo-codes"));
    expect(list.data.codes.find((c) => c.code === "TEST30")?.category).toBe("Soin");
    const codes = list.data.codes.map((c) => c.code);
    expect([...codes].sort((a: string, b: string) => a.localeCompare(b, "en"))).toEqual(codes.slice().sort((a: string, b: string) => a.localeCompare(b, "en")));
    const deleted = await callRoute(promoAction, as(admin.cookie, "/admin/promo-codes", { intent: "delete", id: row.id }));
    expect(deleted.data.toast).toMatchObject({ title: "Code promo supprimé" });
    const gone = await callRoute(promoAction, as(admin.cookie, "/admin/promo-codes", { intent: "delete", id: row.id }));
    expect(gone.status).toBe(404);
  });

  it("offers keep no cashback of their own (their brand's programmes give it); deals default to hot and 'Voir le deal'", async () => {
    const db = database().db;
    const [brand] = await db.select().from(s.brands).where(eq(s.brands.slug, "caudalie"));
    // a percentage posted by an old form is no field: ignored
    const offer = await callRoute(offerAction, as(admin.cookie, "/admin/offers", { intent: "save", brandId: brand.id, name: "Crème test", regularPrice: "10,00€", cashbackPercent: "12.5", tag: "" }));
    expect(offer.data.toast?.title).toBe("Offre créée");
    const [o] = await db.select().from(s.offers).where(eq(s.offers.name, "Crème test"));
    expect(o).not.toHaveProperty("cashbackPercent");
    expect(o.tag).toBeNull();
    expect((await callRoute(offerAction, as(admin.cookie, "/admin/offers", { intent: "save", brandId: brand.id, name: "x", regularPrice: "" }))).status).toBe(400);
    const deal = await callRoute(dealAction, as(admin.cookie, "/admin/crevarde-deals", { intent: "save", title: "<b>Deal</b> admin", description: "desc", price: "1€", source: "Temu", badgeText: "Top", url: "https://www.temu.com/fr/test", badgeType: "nope", ctaText: "" }));
    expect(deal.data.toast?.title).toBe("Deal créé");
    const [d] = await db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.title, "Deal admin"));
    expect(d).toMatchObject({ badgeType: "hot", ctaText: "Voir le deal", source: "temu" });
    const missing = await callRoute(dealAction, as(admin.cookie, "/admin/crevarde-deals", { intent: "save", title: "", url: "javascript:alert(1)" }));
    expect(missing.status).toBe(400);
    expect(Object.keys(formErrors(missing))).toEqual(expect.arrayContaining(["title", "description", "price", "source", "badgeText", "url"]));
    expect((await callRoute(dealLoader, as(admin.cookie, "/admin/crevarde-deals"))).data.deals[0].title).toBe("Deal admin");
  });

  it("categories and pages validate in the spec's order; slugs are unique", async () => {
    const cat = await callRoute(categoryAction, as(admin.cookie, "/admin/categories", { intent: "save", name: "", slug: "" }));
    expect(cat.data.toast).toMatchObject({ title: "Champ requis", description: "Le nom de la catégorie est obligatoire." });
    expect((await callRoute(categoryAction, as(admin.cookie, "/admin/categories", { intent: "save", name: "Ongles", slug: "ongles" }))).data.toast?.title).toBe("Catégorie créée avec succès");
    const dup = await callRoute(categoryAction, as(admin.cookie, "/admin/categories", { intent: "save", name: "Ongles 2", slug: "ongles" }));
    expect(dup.status).toBe(409);
    expect(dup.data.toast?.description).toBe("Ce slug est déjà utilisé.");
    const page = await callRoute(pageAction, as(admin.cookie, "/admin/pages", { intent: "save", title: "", slug: "", content: "" }));
    expect(page.data.toast?.description).toBe("Le titre de la page est obligatoire.");
    const page2 = await callRoute(pageAction, as(admin.cookie, "/admin/pages", { intent: "save", title: "Nous écrire", slug: "", content: "" }));
    expect(page2.data.toast?.description).toBe("Le slug de la page est obligatoire.");
    const saved = await callRoute(pageAction, as(admin.cookie, "/admin/pages", { intent: "save", title: "Nous écrire", slug: "nous-ecrire", content: '<p>Écris-nous</p><script>alert(1)</script><img src=x onerror="alert(1)">' }));
    expect(saved.data.toast?.title).toBe("Page créée avec succès");
    const pub = await callRoute(slugLoader, req("/nous-ecrire"), { slug: "nous-ecrire" });
    expect(pub.data.content).toContain("<p>Écris-nous</p>");
    expect(pub.data.content).not.toMatch(/script|onerror/);
  });

  it("brands: deleting a brand deletes its offers and promo codes", async () => {
    const db = database().db;
    const created = await callRoute(brandAction, as(admin.cookie, "/admin/brands", { intent: "save", name: "Marque Test", slug: "marque-test", maxDiscountPercent: "20" }));
    expect(created.data.toast?.title).toBe("Marque créée");
    const [b] = await db.select().from(s.brands).where(eq(s.brands.slug, "marque-test"));
    await db.insert(s.promoCodes).values({ brandId: b.id, code: "MT10", discountAmount: "10%" });
    await db.insert(s.offers).values({ brandId: b.id, name: "Produit MT", regularPrice: "5€" });
    const del = await callRoute(brandAction, as(admin.cookie, "/admin/brands", { intent: "delete", id: b.id }));
    expect(del.data.toast?.title).toBe("Marque supprimée");
    expect(await db.select().from(s.promoCodes).where(eq(s.promoCodes.brandId, b.id))).toEqual([]);
    expect(await db.select().from(s.offers).where(eq(s.offers.brandId, b.id))).toEqual([]);
    expect((await callRoute(brandAction, as(admin.cookie, "/admin/brands", { intent: "save", name: "X", slug: "X Y", maxDiscountPercent: "500" }))).status).toBe(400);
  });

  it("content blocks: missing fields message, html sanitized on save, preview sanitized", async () => {
    const db = database().db;
    const missing = await callRoute(contentAction, as(admin.cookie, "/admin/content", { intent: "save", name: "", title: "", content: "", page: "home" }));
    expect(missing.data.toast).toMatchObject({ title: "Champs requis", description: "Veuillez remplir les champs suivants : Nom, Titre, Contenu" });
    const saved = await callRoute(contentAction, as(admin.cookie, "/admin/content", { intent: "save", name: "promo-banner", title: "Bannière", content: '<strong>Hello</strong><script>x()</script>', type: "html", page: "about", position: "3" }));
    expect(saved.data.toast?.title).toBe("Bloc de contenu créé avec succès");
    const [block] = await db.select().from(s.contentBlocks).where(eq(s.contentBlocks.name, "promo-banner"));
    expect(block).toMatchObject({ page: "about", content: "<strong>Hello</strong>", position: 3 });
    const preview = await callRoute(contentAction, as(admin.cookie, "/admin/content", { intent: "preview", content: '<a href="javascript:alert(1)">x</a><em>ok</em>' }));
    expect(preview.data.preview).toBe("<a>x</a><em>ok</em>");
  });

  it("content blocks: invalid JSON is refused with a French 400, valid JSON is stored", async () => {
    const db = database().db;
    const save = (fields: Record<string, string>) =>
      callRoute(contentAction, as(admin.cookie, "/admin/content", { intent: "save", name: "json-test", title: "JSON", type: "json", page: "home", position: "40", ...fields }));
    const bad = await save({ content: '{"items": [1, 2,]}' });
    expect(bad.status).toBe(400);
    expect(bad.data.ok).toBe(false);
    expect(bad.data.toast).toMatchObject({ title: "Erreur", description: "Le contenu n'est pas un JSON valide : erreur à la ligne 1, colonne 17." });
    // the field error is what the dialog shows under "Contenu*"
    expect(formErrors(bad).content).toEqual(["Le contenu n'est pas un JSON valide : erreur à la ligne 1, colonne 17."]);
    expect(await db.select().from(s.contentBlocks).where(eq(s.contentBlocks.name, "json-test"))).toEqual([]);
    const unclosed = await save({ content: '{"items": [' });
    expect(unclosed.status).toBe(400);
    expect(unclosed.data.toast?.description).toBe("Le contenu n'est pas un JSON valide : il s'arrête avant la fin (crochet, accolade ou guillemet non fermé).");
    const good = await save({ content: '{"items": [1, 2]}' });
    expect(good.data.toast?.title).toBe("Bloc de contenu créé avec succès");
    const [block] = await db.select().from(s.contentBlocks).where(eq(s.contentBlocks.name, "json-test"));
    // editing an existing block into invalid JSON is refused too, and the stored content stays
    const edit = await save({ id: block.id, version: block.updatedAt.toISOString(), content: "pas du JSON" });
    expect(edit.status).toBe(400);
    const [kept] = await db.select().from(s.contentBlocks).where(eq(s.contentBlocks.id, block.id));
    expect(kept.content).toBe('{"items": [1, 2]}');
    // other types are not checked as JSON
    expect((await save({ id: block.id, version: block.updatedAt.toISOString(), type: "text", content: "pas du JSON" })).data.ok).toBe(true);
  });

  it("users: search, edit role and username, no self-demotion, delete cascades", async () => {
    const db = database().db;
    const target = await signedInUser({ username: "Cible", email: "cible@example.fr" });
    const found = await callRoute(usersLoader, as(admin.cookie, "/admin/users?q=cible"));
    expect(found.data.users.map((u) => u.email)).toEqual(["cible@example.fr"]);
    const nobody = await callRoute(usersLoader, as(admin.cookie, "/admin/users?q=%25%25personne"));
    expect(nobody.data.users).toEqual([]);
    const upd = await callRoute(userAction, as(admin.cookie, "/admin/users", { intent: "save", id: target.id, username: "Nouvelle", role: "admin" }));
    expect(upd.data.toast?.title).toBe("Utilisateur mis à jour avec succès");
    const [u] = await db.select().from(s.user).where(eq(s.user.id, target.id));
    expect(u.role).toBe("admin");
    expect((await callRoute(userAction, as(admin.cookie, "/admin/users", { intent: "save", id: target.id, role: "superadmin" }))).status).toBe(400);
    const self = await callRoute(userAction, as(admin.cookie, "/admin/users", { intent: "save", id: admin.id, role: "user" }));
    expect(self.status).toBe(409);
    expect((await callRoute(userAction, as(admin.cookie, "/admin/users", { intent: "delete", id: admin.id }))).status).toBe(409);
    const del = await callRoute(userAction, as(admin.cookie, "/admin/users", { intent: "delete", id: target.id }));
    expect(del.data.toast?.title).toBe("Utilisateur supprimé avec succès");
    expect(await db.select().from(s.profiles).where(eq(s.profiles.id, target.id))).toEqual([]);
  });

  it("upload: real images are stored; renamed files, SVG and oversized files are refused", async () => {
    const upload = (name: string, content: Buffer, type: string) => postUpload(admin.cookie, name, content, type);
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#fff" } }).png().toBuffer();
    const ok = await upload("photo.png", png, "image/png");
    expect(ok.data).toMatchObject({ ok: true, title: "Image téléchargée" });
    expect(ok.data.url).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
    const renamed = await upload("evil.jpg", Buffer.from("<?php echo 1; ?>"), "image/jpeg");
    expect(renamed.data).toMatchObject({ ok: false, title: "Erreur de téléchargement", message: "Type de fichier non pris en charge : seules les images JPG, PNG ou WEBP sont acceptées." });
    const svg = await upload("x.svg", Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml");
    expect(svg.status).toBe(400);
    const big = await upload("big.jpg", Buffer.alloc(2 * 1024 * 1024 + 10, 1), "image/jpeg");
    expect(big.status).toBe(413);
    expect(big.data.message).toBe("Fichier trop volumineux: L'image ne doit pas dépasser 2Mo.");
    // a real 3 MB image (random pixels, so it does not compress) is refused the same way
    const noise = await sharp(Buffer.from(Array.from({ length: 1100 * 1000 * 3 }, (_, i) => (i * 2654435761) % 251)), { raw: { width: 1100, height: 1000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    const threeMb = await upload("photo.png", noise, "image/png");
    expect(threeMb.status).toBe(413);
    expect(threeMb.data).toMatchObject({ ok: false, title: "Erreur de téléchargement", message: "Fichier trop volumineux: L'image ne doit pas dépasser 2Mo." });
  });

  it("the home page reflects admin edits", async () => {
    const db = database().db;
    await db.update(s.contentBlocks).set({ content: "Comment ça roule ?" }).where(eq(s.contentBlocks.name, "how-it-works-title"));
    const home = await callRoute(homeLoader, req("/"));
    expect(home.data.content.howItWorks.title).toBe("Comment ça roule ?");
  });

  it("pages: saved as a draft they are 404 to visitors and members, then published from the same form", async () => {
    const db = database().db;
    const save = (extra: Record<string, string>) =>
      callRoute(pageAction, as(admin.cookie, "/admin/pages", { intent: "save", title: "Soldes d'hiver", slug: "soldes-hiver", content: "<p>Bientôt</p>", ...extra }));
    expect((await save({ status: "draft" })).data.toast?.title).toBe("Page créée avec succès");
    const [row] = await db.select().from(s.pages).where(eq(s.pages.slug, "soldes-hiver"));
    expect(row.published).toBe(false);
    for (const cookie of [undefined, member.cookie]) {
      expect((await callRoute(slugLoader, req("/soldes-hiver", { cookie }), { slug: "soldes-hiver" })).status).toBe(404);
    }
    expect((await callRoute(slugLoader, req("/soldes-hiver", { cookie: admin.cookie }), { slug: "soldes-hiver" })).status).toBe(200);
    await save({ id: row.id, version: row.updatedAt.toISOString(), status: "published" });
    expect((await callRoute(slugLoader, req("/soldes-hiver"), { slug: "soldes-hiver" })).data.title).toBe("Soldes d'hiver");
    // no status at all (the spec's form) means published; garbage too
    const [published] = await db.select().from(s.pages).where(eq(s.pages.id, row.id));
    await save({ id: row.id, version: published.updatedAt.toISOString(), status: "n'importe quoi" });
    expect((await db.select().from(s.pages).where(eq(s.pages.id, row.id)))[0].published).toBe(true);
  });
});
