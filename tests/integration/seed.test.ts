import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { DEMO_SEEDED_KEY, SEED_IMAGE_VERSION, seed } from "#app/seed/index";
import { DEMO_ACCOUNTS } from "#app/seed/demo-accounts";
import { DEMO_BOOSTED_PROGRAM } from "#app/seed/data/programs";
import { OFFER_PRICE_HISTORY, PRICE_HISTORY } from "#app/seed/data/price-history";
import { getPublicOffer } from "#app/modules/offers/offers.server";
import { productKey } from "#app/modules/prices/product-key";
import { getDealPage } from "#app/modules/deals/deal-votes.server";
import { HOME_BLOCK_DEFAULTS } from "#app/modules/content/home-defaults";
import { bestRateForBrand, listActiveProgramsForBrand } from "#app/modules/cashback/programs.server";
import { NETWORKS, SUB_ID_PARAM } from "#app/modules/networks/networks";
import { trackingTemplateError } from "#app/modules/cashback/programs.schema";
import { retentionRows } from "#app/modules/content/legal";
import { missingLegalFields } from "#app/modules/legal/identity";
import { getLegalIdentity } from "#app/modules/legal/identity.server";
import type { Db } from "#app/lib/db.server";
import { cookieFor } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";

const TABLES = {
  categories: s.categories,
  brands: s.brands,
  promoCodes: s.promoCodes,
  deals: s.crevardeDeals,
  offers: s.offers,
  contentBlocks: s.contentBlocks,
  blogArticles: s.blogArticles,
  pages: s.pages,
  siteSettings: s.siteSettings,
  user: s.user,
  account: s.account,
  profiles: s.profiles,
  affiliatePrograms: s.affiliatePrograms,
  programRates: s.programRates,
  priceObservations: s.priceObservations,
};

const counts = async (db: Db) => {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    out[name] = (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
  }
  return out;
};

const DAY = 86_400_000;

describeEachDb("demo seed", ({ database }) => {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-seed-"));

  it("is idempotent: a second run adds and changes nothing", async () => {
    const db = database().db;
    const messages: string[] = [];
    await seed(db, { uploadsDir, log: (m) => messages.push(m) });
    expect(messages.some((m) => m.includes("demo data ready"))).toBe(true);
    const first = await counts(db);
    expect(first).toMatchObject({ brands: 29, blogArticles: 6, pages: 4, user: 4, account: 4, profiles: 4 });
    expect(first.siteSettings).toBeGreaterThanOrEqual(2); // migrations may add settings of their own
    expect(first.contentBlocks).toBe(HOME_BLOCK_DEFAULTS.length);
    const snapshot = async () => ({
      brands: await db.select({ id: s.brands.id, u: s.brands.updatedAt }).from(s.brands).orderBy(asc(s.brands.slug)),
      codes: await db.select({ id: s.promoCodes.id, e: s.promoCodes.expiresAt }).from(s.promoCodes).orderBy(asc(s.promoCodes.code)),
      users: await db.select({ id: s.user.id }).from(s.user).orderBy(asc(s.user.email)),
      files: fs.readdirSync(uploadsDir).sort(),
    });
    const before = await snapshot();
    await seed(db, { uploadsDir });
    expect(await counts(db)).toEqual(first);
    expect(await snapshot()).toEqual(before);
  });

  it("keeps admin edits and, run by hand (npm run db:seed), restores only missing rows", async () => {
    const db = database().db;
    await db
      .update(s.contentBlocks)
      .set({ content: "Titre modifié par l'admin" })
      .where(and(eq(s.contentBlocks.page, "home"), eq(s.contentBlocks.name, "hero")));
    await db.delete(s.blogArticles).where(eq(s.blogArticles.id, "dupes-2025"));
    await seed(db, { uploadsDir });
    const [hero] = await db
      .select()
      .from(s.contentBlocks)
      .where(and(eq(s.contentBlocks.page, "home"), eq(s.contentBlocks.name, "hero")));
    expect(hero.content).toBe("Titre modifié par l'admin");
    expect(await db.select().from(s.blogArticles).where(eq(s.blogArticles.id, "dupes-2025"))).toHaveLength(1);
  });

  it("gives demo rows that show an older generated image the current one; an uploaded image wins", async () => {
    const db = database().db;
    expect(SEED_IMAGE_VERSION).toBe("v3");
    await db.update(s.brands).set({ imageUrl: "/uploads/seed-brand-nuxe.webp" }).where(eq(s.brands.slug, "nuxe"));
    await db.update(s.brands).set({ imageUrl: "/uploads/0b7c9a5e-upload.webp" }).where(eq(s.brands.slug, "caudalie"));
    await db.update(s.blogArticles).set({ imageUrl: "/uploads/seed-blog-dupes-2025.webp" }).where(eq(s.blogArticles.id, "dupes-2025"));
    await db.update(s.crevardeDeals).set({ imageUrl: "/uploads/seed-v2-deal-2.webp" }).where(eq(s.crevardeDeals.title, "Palette 18 fards à paupières nude"));
    await db.update(s.offers).set({ imageUrl: "/uploads/5f1e2d3c-upload.webp" }).where(eq(s.offers.name, "Huile Prodigieuse 100 ml"));
    await db.update(s.offers).set({ imageUrl: "https://cdn.example.com/serum.jpg" }).where(eq(s.offers.name, "Sérum Vinoperfect éclat"));
    // the start-up seed (already seeded: nothing restored) refreshes the images too
    expect(await seed(db, { once: true, uploadsDir })).toEqual({ seeded: false, createdAccounts: [] });
    const brand = async (slug: string) => (await db.select().from(s.brands).where(eq(s.brands.slug, slug)))[0].imageUrl;
    expect(await brand("nuxe")).toBe("/uploads/seed-v3-brand-nuxe.webp");
    expect(await brand("caudalie")).toBe("/uploads/0b7c9a5e-upload.webp");
    expect((await db.select().from(s.blogArticles).where(eq(s.blogArticles.id, "dupes-2025")))[0].imageUrl).toBe("/uploads/seed-v3-blog-dupes-2025.webp");
    expect((await db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.title, "Palette 18 fards à paupières nude")))[0].imageUrl).toBe(
      "/uploads/seed-v3-deal-2.webp",
    );
    expect((await db.select().from(s.offers).where(eq(s.offers.name, "Sérum Vinoperfect éclat")))[0].imageUrl).toBe("https://cdn.example.com/serum.jpg");
    // the previous look's packshot gave way to the current one, an uploaded product photo did not
    expect((await db.select().from(s.offers).where(eq(s.offers.name, "Huile Prodigieuse 100 ml")))[0].imageUrl).toBe("/uploads/5f1e2d3c-upload.webp");
    // and so does the seed run by hand
    await db.update(s.brands).set({ imageUrl: "/uploads/seed-brand-nuxe.webp" }).where(eq(s.brands.slug, "nuxe"));
    await seed(db, { uploadsDir });
    expect(await brand("nuxe")).toBe("/uploads/seed-v3-brand-nuxe.webp");
    expect(await brand("caudalie")).toBe("/uploads/0b7c9a5e-upload.webp");
    await db.update(s.brands).set({ imageUrl: "/uploads/seed-v3-brand-caudalie.webp" }).where(eq(s.brands.slug, "caudalie"));
    await db.update(s.offers).set({ imageUrl: "/uploads/seed-v3-offer-1.webp" }).where(eq(s.offers.name, "Sérum Vinoperfect éclat"));
    await db.update(s.offers).set({ imageUrl: "/uploads/seed-v3-offer-2.webp" }).where(eq(s.offers.name, "Huile Prodigieuse 100 ml"));
  });

  it("holds 90 days of price history for a dozen products, and its « -50 % » deal is told from the 30-day low (ADR 049)", async () => {
    const db = database().db;
    const keys = await db.select({ key: s.priceObservations.productKey, first: sql<Date>`min(${s.priceObservations.observedAt})` }).from(s.priceObservations).groupBy(s.priceObservations.productKey);
    expect(keys).toHaveLength(Object.keys(PRICE_HISTORY).length + Object.keys(OFFER_PRICE_HISTORY).length);
    expect(keys.length).toBeGreaterThanOrEqual(13);
    // the offers' products: a year (below)
    const offerKeys = new Set((await db.select({ url: s.offers.url }).from(s.offers)).map((o) => productKey(o.url)?.key));
    const oldest = Math.min(...keys.filter((k) => !offerKeys.has(k.key)).map((k) => new Date(k.first).getTime()));
    expect(Date.now() - oldest).toBeGreaterThanOrEqual(85 * DAY);
    expect(Date.now() - oldest).toBeLessThanOrEqual(91 * DAY);
    const [fifty] = await db.select().from(s.crevardeDeals).where(eq(s.crevardeDeals.badgeText, "-50 %"));
    const truth = (await getDealPage(fifty.id, null))?.deal.priceTruth;
    expect(truth).toMatchObject({ percent: "-11\u00a0%", overstated: true, note: null });
    expect(truth?.lowest.replace(/\s/g, " ")).toBe("Prix le plus bas des 30 derniers jours : 16,99 €");
  });

  it("holds a year of price history for an offer's product, shown on its card and its page (ADR 049 §The offer page)", async () => {
    const db = database().db;
    const [huile] = await db.select().from(s.offers).where(eq(s.offers.name, "Huile Prodigieuse 100 ml"));
    expect(huile.url).toBe("https://fr.nuxe.com/huile-prodigieuse-100-ml");
    const [{ first }] = await db
      .select({ first: sql<Date>`min(${s.priceObservations.observedAt})` })
      .from(s.priceObservations)
      .where(eq(s.priceObservations.productKey, productKey(huile.url)!.key));
    expect(Date.now() - new Date(first).getTime()).toBeGreaterThan(300 * DAY);
    const page = await getPublicOffer(huile.id, true);
    expect(page?.offer.lowest?.replace(/\s/g, " ")).toBe("Prix le plus bas des 30 derniers jours : 27,90 €");
  });

  it("holds 29 brands with their images, rates and real domains", async () => {
    const db = database().db;
    const brands = await db
      .select({ ...getTableColumns(s.brands), category: s.categories.name })
      .from(s.brands)
      .leftJoin(s.categories, eq(s.categories.id, s.brands.categoryId));
    expect(brands).toHaveLength(29);
    // every brand, code and offer points at one of the 8 seeded categories: none created on the way
    const categoryNames = new Set((await db.select().from(s.categories)).map((c) => c.name));
    expect(categoryNames.size).toBe(8);
    for (const name of ["Soin du visage", "Maquillage", "Parfum", "Cheveux", "Corps & bain", "Mode", "Sport", "Bien-être"]) {
      expect(categoryNames.has(name)).toBe(true);
    }
    for (const b of brands) {
      expect(categoryNames.has(b.category!)).toBe(true);
      expect(b.description!.length).toBeGreaterThan(20);
      // no hand-typed cashback: a brand's rate comes from its programmes only (issue #34)
      expect(b).not.toHaveProperty("cashbackPercent");
      expect(b.maxDiscountPercent).toBeGreaterThanOrEqual(10);
      expect(b.maxDiscountPercent).toBeLessThanOrEqual(35);
      expect(b.websiteUrl).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+/);
      expect(b.imageUrl).toMatch(/^\/uploads\/seed-v3-brand-.+\.webp$/);
      expect(fs.existsSync(path.join(uploadsDir, path.basename(b.imageUrl!)))).toBe(true);
    }
    const byCategory = (names: string[]) => brands.filter((b) => names.includes(b.category!)).length;
    expect(byCategory(["Mode"])).toBe(7);
    expect(byCategory(["Sport"])).toBe(5);
    expect(byCategory(["Soin du visage", "Maquillage", "Parfum", "Cheveux", "Corps & bain", "Bien-être"])).toBe(17);
  });

  it("holds promo codes that are expired, expiring soon, without date and featured", async () => {
    const db = database().db;
    const codes = await db
      .select({ code: s.promoCodes, website: s.brands.websiteUrl })
      .from(s.promoCodes)
      .innerJoin(s.brands, eq(s.brands.id, s.promoCodes.brandId));
    expect(codes.length).toBeGreaterThanOrEqual(18);
    const now = Date.now();
    const at = (c: (typeof codes)[number]) => c.code.expiresAt?.getTime();
    expect(codes.some((c) => at(c) !== undefined && at(c)! < now)).toBe(true);
    expect(codes.some((c) => at(c) !== undefined && at(c)! > now && at(c)! < now + 7 * DAY)).toBe(true);
    expect(codes.some((c) => at(c) !== undefined && at(c)! > now + 7 * DAY)).toBe(true);
    expect(codes.some((c) => c.code.expiresAt === null)).toBe(true);
    const featuredActive = codes.filter((c) => c.code.isFeatured && (at(c) === undefined || at(c)! > now));
    expect(featuredActive.length).toBeGreaterThanOrEqual(4);
    for (const c of codes) {
      expect(c.code.discountAmount).toMatch(/^\d+(%|€)$/);
      expect(c.code.url).toBe(c.website);
    }
  });

  it("holds deals from the three marketplaces with every badge type", async () => {
    const db = database().db;
    const deals = await db.select().from(s.crevardeDeals);
    expect(deals.length).toBeGreaterThanOrEqual(12);
    expect(new Set(deals.map((d) => d.badgeType))).toEqual(new Set(["hot", "risky", "fun"]));
    expect(new Set(deals.map((d) => d.source))).toEqual(new Set(["temu", "shein", "aliexpress"]));
    const hosts = { temu: "www.temu.com", shein: "fr.shein.com", aliexpress: "fr.aliexpress.com" } as const;
    for (const d of deals) {
      expect(new URL(d.url).protocol).toBe("https:");
      expect(new URL(d.url).host).toBe(hosts[d.source as keyof typeof hosts]);
      expect(d.price).toMatch(/^\d+,\d{2}€$/);
      expect(d.imageUrl).toMatch(/^\/uploads\/seed-v3-deal-/);
      expect(d.ctaText === "Voir le deal" || /^[A-Z0-9]{5,}$/.test(d.ctaText)).toBe(true);
    }
    expect(deals.some((d) => d.ctaText !== "Voir le deal")).toBe(true);
    expect(deals.filter((d) => d.isFeatured).length).toBeGreaterThanOrEqual(3);
    expect(new Set(deals.map((d) => d.createdAt.getTime())).size).toBe(deals.length);
    // published hours ago with temperatures: a fresh demo shows real temperatures, not « Nouveau » (issue #34 item 9)
    const { toPublicDeal } = await import("#app/modules/deals/deals.server");
    for (const d of deals) {
      expect(d.publishedAt?.getTime()).toBe(d.createdAt.getTime());
      const shown = toPublicDeal({ ...d, brandName: null, authorName: null }, false);
      expect(shown.heat.isNew, d.title).toBe(false);
      expect(shown.heat.temperature).toBe(d.temperature);
      expect(shown.postedAgo).toMatch(/^il y a \d+ (heures?|jours?)$/);
    }
    expect(new Set(deals.map((d) => d.temperature)).size).toBeGreaterThan(5);
    expect(deals.some((d) => d.temperature >= 100 && d.hotSince !== null)).toBe(true);

    const offers = await db.select().from(s.offers);
    expect(offers.length).toBeGreaterThanOrEqual(9);
    expect(offers.filter((o) => o.isFeatured).length).toBeGreaterThanOrEqual(6);
    for (const o of offers) {
      expect(o.regularPrice).toMatch(/^\d+,\d{2}€$/);
      expect(o.imageUrl).toMatch(/^\/uploads\/seed-v3-offer-/);
    }
  });

  it("holds the home blocks, the blog, the legal pages and the settings", async () => {
    const db = database().db;
    const blocks = await db.select().from(s.contentBlocks).where(eq(s.contentBlocks.page, "home"));
    for (const d of HOME_BLOCK_DEFAULTS) {
      const b = blocks.find((x) => x.name === d.name);
      expect(b?.position).toBe(d.position);
      expect(b?.type).toBe(d.type);
    }

    const articles = await db.select().from(s.blogArticles);
    const ids = articles.map((a) => a.id);
    expect(ids).toHaveLength(6);
    expect(ids).toEqual(
      expect.arrayContaining(["skincare-chere", "dupes-2025", "actifs-efficaces", "routine-minimaliste", "cashback-explique"]),
    );
    expect(ids.some((id) => /^temoignage-[a-z]+$/.test(id))).toBe(true);
    for (const a of articles) {
      expect(["Décryptage", "Bons plans", "Science", "Témoignage", "Conseils", "Guides"]).toContain(a.category);
      // dated in the present year, never ahead of the seed (issue #37 item 1)
      expect(a.publishedAt.getUTCFullYear()).toBe(new Date().getUTCFullYear());
      expect(a.publishedAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(a.published).toBe(true);
      expect((a.body.match(/<p>/g) ?? []).length).toBeGreaterThanOrEqual(4);
      expect(a.imageUrl).toMatch(/^\/uploads\/seed-v3-blog-/);
    }

    const pages = await db.select().from(s.pages);
    expect(pages.map((p) => [p.slug, p.title]).sort()).toEqual([
      ["cgv", "Conditions générales de vente"],
      ["cookies", "Politique de cookies"],
      ["mentions-legales", "Mentions légales"],
      ["politique-confidentialite", "Politique de confidentialité"],
    ]);
    for (const p of pages) {
      expect(p.published).toBe(true);
      expect(p.content).not.toMatch(/Dernière mise à jour/);
      // the privacy policy's stored text only adds a security note to what the code renders (ADR 011)
      if (p.slug !== "politique-confidentialite") expect(p.content).toContain("Crevarde");
    }
    // the publisher and the host are settings, never frozen into the stored pages (ADR 011)
    expect(pages.map((p) => p.content).join("\n")).not.toMatch(/12 rue des Économes|Crevarde SAS/);
    expect(missingLegalFields(await getLegalIdentity())).toEqual([]);
    const page = (slug: string) => pages.find((p) => p.slug === slug)!.content;
    const cgv = page("cgv");
    expect(cgv.match(/<h2>Article \d+ – /g)).toHaveLength(13);
    expect(cgv).toContain("<h2>Article 1 – Objet</h2>");
    expect(cgv).toContain("<h2>Article 13 – ");
    expect(cgv).toMatch(/hors taxes, hors frais de livraison et avant application des codes promo/);
    expect(cgv).toMatch(/30 à 90 jours après l'achat/);
    expect(cgv).toMatch(/dès que 10 euros ont été cumulés/);
    expect(cgv).toMatch(/14 jours/);
    expect(page("politique-confidentialite")).toMatch(/Sécurité/);
    // the durations are rendered under the page from the constants the purge task applies (ADR 008)
    expect(retentionRows().map((r) => `${r.data} ${r.duration}`).join("\n")).toMatch(/Données d'achat.*3 ans/);
    const cookies = page("cookies");
    expect(cookies).toMatch(/6 mois/);
    expect(cookies).toMatch(/13 mois/);
    expect(cookies).toMatch(/tout accepter, tout refuser, ou choisir finalité par finalité/i);

    const settings = Object.fromEntries((await db.select().from(s.siteSettings)).map((r) => [r.key, r.value]));
    // the demo shows live cashback (issue #12 item 8); the settings default stays off (settings.server.ts)
    expect(settings).toMatchObject({ temu_offer_ends_at: "2025-05-25T23:59:59+02:00", cashback_launched: true });
  });

  it("creates the demo accounts with their roles, profiles and working passwords", async () => {
    const db = database().db;
    for (const a of DEMO_ACCOUNTS) {
      const [u] = await db.select().from(s.user).where(eq(s.user.email, a.email));
      expect(u.role).toBe(a.role);
      expect(u.name).toBe(a.username);
      expect(u.emailVerified).toBe(true);
      const [acc] = await db.select().from(s.account).where(eq(s.account.userId, u.id));
      expect(acc.providerId).toBe("credential");
      expect(acc.accountId).toBe(u.id);
      expect(await verifyPassword({ hash: acc.password!, password: a.password })).toBe(true);
      expect(await verifyPassword({ hash: acc.password!, password: `${a.password}x` })).toBe(false);
      const [p] = await db.select().from(s.profiles).where(eq(s.profiles.id, u.id));
      expect(p).toMatchObject({ username: a.username, email: a.email, dealsUsed: a.dealsUsed });
    }
    expect(DEMO_ACCOUNTS.map((a) => [a.email, a.role, a.password])).toEqual([
      ["admin@crevarde.local", "admin", "CrevardeAdmin2025!"],
      ["membre@crevarde.local", "user", "CrevardeMembre2025!"],
      ["editeur@crevarde.local", "editor", "CrevardeEditeur2025!"],
      ["finance@crevarde.local", "finance", "CrevardeFinance2025!"],
    ]);
    const member = DEMO_ACCOUNTS.find((a) => a.role === "user")!;
    expect(member).toMatchObject({ username: "Camille", dealsUsed: 3 });
  });

  it("lets the demo accounts sign in through better-auth", async () => {
    for (const a of DEMO_ACCOUNTS) {
      expect(await cookieFor(a.email, a.password)).toMatch(/session_token=/);
    }
  });

  it("gives one demo brand a programme on each of the eight networks, share 70 %, with a rate history", async () => {
    const db = database().db;
    const [nuxe] = await db.select().from(s.brands).where(eq(s.brands.slug, "nuxe"));
    // closed programmes only carry the demo member's past purchases (app/seed/demo-cashback.ts)
    const all = await db.select().from(s.affiliatePrograms);
    expect(all.filter((p) => p.status !== "active").every((p) => p.status === "closed" && p.networkAccountId === "demo")).toBe(true);
    // besides Nuxe's, one programme of another brand carries the demo's running boost (issue #34 item 6)
    const programs = all.filter((p) => p.status === "active" && p.networkProgramId !== DEMO_BOOSTED_PROGRAM.program.networkProgramId);
    expect(programs.every((p) => p.brandId === nuxe.id)).toBe(true);
    expect(programs.map((p) => p.network).sort()).toEqual([...NETWORKS].sort());
    for (const p of programs) {
      expect(p).toMatchObject({ memberShareBps: 7000, status: "active", currency: "EUR" });
      expect(trackingTemplateError(p.trackingUrlTemplate)).toBeNull();
      const param = SUB_ID_PARAM[p.network as keyof typeof SUB_ID_PARAM] ?? "subid";
      expect(new URL(p.trackingUrlTemplate.replace("{DEST}", "x")).searchParams.get(param), p.network).toBe("{CLICK_ID}");
      const rates = await db.select().from(s.programRates).where(eq(s.programRates.programId, p.id));
      // an older rate that ended, then the current one
      expect(rates.some((r) => r.validTo !== null), p.network).toBe(true);
      expect(rates.some((r) => r.validTo === null), p.network).toBe(true);
    }
    const active = await listActiveProgramsForBrand(nuxe.id);
    expect(active).toHaveLength(8);
    // Awin "Tous les achats" went from 8 % to 10 %: 10 % × 70 % = 7 %, the best of the brand
    expect(await bestRateForBrand(nuxe.id)).toMatchObject({ rate: "7\u00a0%", label: "Jusqu'à 7\u00a0% de cashback" });
  });

  it("gives one demo programme a boost running now, relative to the seed time (issue #34 item 6)", async () => {
    const db = database().db;
    const [brand] = await db.select().from(s.brands).where(eq(s.brands.slug, DEMO_BOOSTED_PROGRAM.brandSlug));
    const [program] = await db.select().from(s.affiliatePrograms).where(eq(s.affiliatePrograms.brandId, brand.id));
    expect(program).toMatchObject({ status: "active", memberShareBps: 7000, boostShareBps: 10_000 });
    const now = Date.now();
    expect(program.boostStartsAt!.getTime()).toBeLessThan(now);
    expect(program.boostEndsAt!.getTime() - now).toBeGreaterThan(4 * 86_400_000);
    // 8 % × 100 % instead of 8 % × 70 %
    expect(await bestRateForBrand(brand.id)).toMatchObject({ rate: "8\u00a0%", boost: { base: "5,6\u00a0%" }, boostText: expect.stringMatching(/^Cashback boosté : 8\u00a0% au lieu de 5,6\u00a0% jusqu'au /) });
  });

  it("dates expiries relative to the seed time", async () => {
    // created_at is the seed time: each expiry is that time plus the configured offset
    const { PROMO_CODES } = await import("#app/seed/data/promo-codes");
    const db = database().db;
    const rows = await db
      .select({ code: s.promoCodes.code, expiresAt: s.promoCodes.expiresAt, createdAt: s.promoCodes.createdAt })
      .from(s.promoCodes);
    for (const p of PROMO_CODES) {
      const row = rows.find((r) => r.code === p.code)!;
      if (p.expiresInDays === null) expect(row.expiresAt).toBeNull();
      else expect(Math.abs(row.expiresAt!.getTime() - row.createdAt.getTime() - p.expiresInDays * DAY)).toBeLessThan(60_000);
    }
  });
});

describeEachDb("start-up demo seed", ({ database }) => {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-seed-once-"));
  const marker = async (db: Db) => db.select().from(s.siteSettings).where(eq(s.siteSettings.key, DEMO_SEEDED_KEY));
  const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
  const member = DEMO_ACCOUNTS.find((a) => a.role === "user")!;

  it("records the seed in the same transaction as the rows: a failure leaves neither", async () => {
    const db = database().db;
    await db.execute(sql`
      create function crevarde_test_refuse_marker() returns trigger language plpgsql as $$
      begin
        if new.key = ${sql.raw(`'${DEMO_SEEDED_KEY}'`)} then raise exception 'marker refused by the test'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger crevarde_test_refuse_marker before insert on site_settings for each row execute function crevarde_test_refuse_marker()`);
    try {
      await expect(seed(db, { once: true, uploadsDir })).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger crevarde_test_refuse_marker on site_settings`);
      await db.execute(sql`drop function crevarde_test_refuse_marker()`);
    }
    expect(await counts(db)).toMatchObject({ brands: 0, deals: 0, blogArticles: 0, user: 0, account: 0 });
    expect(await marker(db)).toEqual([]);
  });

  it("seeds an empty database once, concurrently too, with the demo admin's random password", async () => {
    const db = database().db;
    const password = "Aléatoire-1234567890-xyz";
    const runs = await Promise.all([1, 2, 3].map(() => seed(db, { once: true, uploadsDir, adminPassword: password })));
    expect(runs.filter((r) => r.seeded)).toHaveLength(1);
    const created = runs.find((r) => r.seeded)!.createdAccounts;
    expect(created).toEqual([
      { role: "admin", email: admin.email, password },
      { role: "user", email: member.email, password: member.password },
      { role: "editor", email: "editeur@crevarde.local", password: expect.stringMatching(/^[\w-]{24}$/) },
      { role: "finance", email: "finance@crevarde.local", password: expect.stringMatching(/^[\w-]{24}$/) },
    ]);
    // the other back-office accounts get random passwords of their own, never the README's
    const [editor, finance] = created.slice(2);
    expect(editor.password).not.toBe(finance.password);
    for (const staff of [editor, finance]) {
      expect(staff.password).not.toBe(password);
      expect(DEMO_ACCOUNTS.map((a) => a.password)).not.toContain(staff.password);
      expect(await cookieFor(staff.email, staff.password)).toMatch(/session_token=/);
    }
    expect(runs.filter((r) => !r.seeded).every((r) => r.createdAccounts.length === 0)).toBe(true);
    expect(await counts(db)).toMatchObject({ brands: 29, blogArticles: 6, pages: 4, user: 4, account: 4, profiles: 4 });
    expect(await marker(db)).toHaveLength(1);
    // the demo admin signs in with the random password only
    const [u] = await db.select().from(s.user).where(eq(s.user.email, admin.email));
    const [acc] = await db.select().from(s.account).where(eq(s.account.userId, u.id));
    expect(await verifyPassword({ hash: acc.password!, password })).toBe(true);
    expect(await verifyPassword({ hash: acc.password!, password: admin.password })).toBe(false);
    expect(await cookieFor(admin.email, password)).toMatch(/session_token=/);
  });

  it("does not run again: what an admin deleted stays deleted at the next start", async () => {
    const db = database().db;
    await db.delete(s.blogArticles).where(eq(s.blogArticles.id, "dupes-2025"));
    await db.delete(s.offers);
    const [m] = await db.select({ id: s.user.id }).from(s.user).where(eq(s.user.email, member.email));
    await db.delete(s.user).where(eq(s.user.id, m.id));
    const before = await counts(db);
    for (let restart = 0; restart < 3; restart++) {
      expect(await seed(db, { once: true, uploadsDir })).toEqual({ seeded: false, createdAccounts: [] });
    }
    expect(await counts(db)).toEqual(before);
    expect(await db.select().from(s.blogArticles).where(eq(s.blogArticles.id, "dupes-2025"))).toEqual([]);
    expect(await db.select().from(s.user).where(eq(s.user.email, member.email))).toEqual([]);
  });
});
