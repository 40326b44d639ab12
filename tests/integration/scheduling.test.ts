import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { alertFormSchema } from "#app/modules/alerts/alerts.schema";
import { matchDealAlerts, saveAlert } from "#app/modules/alerts/alerts.server";
import { dealFormSchema } from "#app/modules/deals/deal-form.schema";
import { saveDeal } from "#app/modules/deals/deals-admin.server";
import { saveOffer } from "#app/modules/offers/offers-admin.server";
import { offerFormSchema } from "#app/modules/offers/offer-form.schema";
import { savePage } from "#app/modules/pages/pages-admin.server";
import { pageFormSchema } from "#app/modules/pages/page-form.schema";
import * as s from "#db/schema";
import { listenForDataChanges, onDataChange } from "#app/lib/data-changes.server";
import { dataCacheSize } from "#app/lib/data-cache.server";
import type { Database } from "#app/lib/db.server";
import { getDb } from "#app/lib/db.server";
import { expiringCodes } from "#app/modules/admin/dashboard.server";
import { listBrands } from "#app/modules/brands/brands.server";
import { getHeroFigures } from "#app/modules/content/hero-figures.server";
import { getPublishedPage, listPublishedPages } from "#app/modules/content/pages.server";
import { getDealPage } from "#app/modules/deals/deal-votes.server";
import { listFeaturedDeals, searchDeals } from "#app/modules/deals/deals.server";
import { dealSearchSchema } from "#app/modules/deals/deals.schema";
import { listBrandOffers, listFeaturedOffers } from "#app/modules/offers/offers.server";
import { listFeaturedCodes, listMemberCodes } from "#app/modules/promo-codes/promo-codes.server";
import { savePromoCode } from "#app/modules/promo-codes/promo-codes-admin.server";
import { promoCodeFormSchema } from "#app/modules/promo-codes/promo-code-form.schema";
import { listPromoCodesAdmin } from "#app/modules/promo-codes/promo-codes-admin.server";
import { parseListQuery } from "#app/modules/admin/list-query";
import { promoCodeListSpec } from "#app/modules/promo-codes/promo-code-list";
import { refreshLexicon } from "#app/modules/search/search.server";
import { searchSite } from "#app/modules/search/site-search.server";
import { sitemapEntries } from "#app/modules/seo/sitemap.server";
import { describeEachDb } from "#tests/helpers/db";

/** A creation from an admin form (no version: nothing to conflict with). */
const CREATE = { actor: { id: "scheduling-admin", email: "scheduling@example.fr" }, version: null };

const MINUTE = 60_000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/**
 * Scheduling (issue #17 item 4, ADR 030) as a server runs it: the public data cache warm
 * (listening for changes), and the request's time moving past a « Publier le » or a
 * « Dépublier le » with no write at all.
 */
describeEachDb("scheduled deals, codes, offers and pages", ({ database }) => {
  let stop: (() => Promise<void>) | undefined;
  const seen: string[] = [];
  let off: (() => void) | undefined;
  let brandId: string;
  beforeAll(async () => {
    stop = await listenForDataChanges(database(), (database() as Database & { url?: string }).url);
    off = onDataChange((table) => seen.push(table));
    const db = await getDb();
    const [brand] = await db.insert(s.brands).values({ name: "Horlogerie Lumen", slug: "horlogerie-lumen" }).returning();
    brandId = brand!.id;
  });
  afterAll(async () => {
    off?.();
    await stop?.();
  });
  const heard = async (table: string) => {
    await expect.poll(() => seen, { timeout: 60_000 }).toContain(table);
    seen.length = 0;
  };

  it("shows a code scheduled a minute ahead once the request's time passes it, the cache warm, and never leaves the future view to the present", async () => {
    const t0 = new Date();
    const db = await getDb();
    await db.insert(s.promoCodes).values({ brandId, code: "MINUIT", discountAmount: "-20%", isFeatured: true, description: "Montres programmées", publishAt: later(t0, MINUTE) });
    await heard("promo_codes");
    const codes = async (now: Date) => (await listFeaturedCodes(null, now)).map((c) => c.brandName + ":" + c.discount);
    expect(await codes(t0)).not.toContain("Horlogerie Lumen:-20%");
    expect(dataCacheSize()).toBeGreaterThan(0);
    expect(await codes(t0)).not.toContain("Horlogerie Lumen:-20%");
    const due = later(t0, MINUTE + 1000);
    expect(await codes(due)).toContain("Horlogerie Lumen:-20%");
    expect((await listMemberCodes(null, "someone", due)).live.map((c) => c.code)).toContain("MINUIT");
    // a request of the present, after one of the (test) future, still gets the present
    expect(await codes(t0)).not.toContain("Horlogerie Lumen:-20%");
    expect((await listMemberCodes(null, "someone", t0)).live.map((c) => c.code)).not.toContain("MINUIT");
    const figures = async (now: Date) => JSON.stringify(await getHeroFigures(now));
    expect(await figures(due)).not.toBe(await figures(t0));
  });

  it("shows a deal on the real clock at its « Publier le » without a write (the cache entry ends there)", async () => {
    const db = await getDb();
    const publishAt = new Date(Date.now() + 1500);
    const [deal] = await db
      .insert(s.crevardeDeals)
      .values({ title: "Montre à l'heure", description: "Programmée", price: "49€", source: "amazon", badgeText: "Top", url: "https://www.amazon.fr/x", isFeatured: true, brandId, publishAt })
      .returning();
    await heard("crevarde_deals");
    const titles = async () => (await listFeaturedDeals(false)).map((d) => d.title);
    expect(await titles()).not.toContain("Montre à l'heure");
    expect(await getDealPage(deal!.id, null)).toBeNull();
    await expect.poll(titles, { timeout: 60_000, interval: 250 }).toContain("Montre à l'heure");
    expect(await getDealPage(deal!.id, null)).not.toBeNull();
  });

  it("hides a deal, an offer and a page after their « Dépublier le », everywhere they are read", async () => {
    const t0 = new Date();
    const end = later(t0, MINUTE);
    const after = later(end, 1);
    const db = await getDb();
    const [deal] = await db
      .insert(s.crevardeDeals)
      .values({ title: "Chronographe éphémère", description: "Vente flash", price: "99€", originalPrice: "199€", source: "amazon", badgeText: "Flash", url: "https://www.amazon.fr/y", isFeatured: true, brandId, unpublishAt: end })
      .returning();
    await db.insert(s.offers).values({ brandId, name: "Bracelet éphémère", regularPrice: "30€", isFeatured: true, unpublishAt: end });
    await db.insert(s.pages).values({ title: "Soldes d'été", slug: "soldes-ete", content: "<p>Jusqu'à dimanche</p>", unpublishAt: end });
    await heard("pages");

    const dealTitles = async (now: Date) => (await listFeaturedDeals(false, undefined, now)).map((d) => d.title);
    const searched = async (now: Date) => (await searchDeals(dealSearchSchema.parse({ q: "chronographe" }), false, now)).deals.map((d) => d.title);
    const offerNames = async (now: Date) => [...(await listFeaturedOffers(null, false, now)), ...(await listBrandOffers(brandId, false, now))].map((o) => o.name);
    const sitemap = async (now: Date) => (await sitemapEntries("Crevarde", now)).map((e) => e.path);
    const brandDeals = async (now: Date) => (await listBrands({ now })).find((b) => b.id === brandId)?.deals;

    await refreshLexicon(await getDb(), t0);
    expect(await dealTitles(t0)).toContain("Chronographe éphémère");
    expect(await searched(t0)).toContain("Chronographe éphémère");
    expect((await searchSite("chronographe", false, t0)).deals.map((d) => d.title)).toContain("Chronographe éphémère");
    expect(await offerNames(t0)).toEqual(["Bracelet éphémère", "Bracelet éphémère"]);
    expect(await getPublishedPage("soldes-ete", t0)).not.toBeNull();
    expect(await sitemap(t0)).toEqual(expect.arrayContaining(["/soldes-ete", `/coup-de-crevarde/${deal!.id}`]));
    const before = await brandDeals(t0);

    expect(await dealTitles(after)).not.toContain("Chronographe éphémère");
    expect(await searched(after)).not.toContain("Chronographe éphémère");
    expect((await searchSite("chronographe", false, after)).deals).toEqual([]);
    expect(await getDealPage(deal!.id, null, after)).toBeNull();
    expect(await offerNames(after)).toEqual([]);
    expect(await getPublishedPage("soldes-ete", after)).toBeNull();
    expect((await listPublishedPages(after)).map((p) => p.slug)).not.toContain("soldes-ete");
    expect(await sitemap(after)).not.toEqual(expect.arrayContaining(["/soldes-ete"]));
    expect(await sitemap(after)).not.toContain(`/coup-de-crevarde/${deal!.id}`);
    expect(await brandDeals(after)).toBe(before! - 1);
    // the suggestions' lexicon rebuilt then keeps no word of it
    await refreshLexicon(await getDb(), after);
    const [word] = await db.select().from(s.searchLexicon).where(eq(s.searchLexicon.word, "chronographe"));
    expect(word).toBeUndefined();
  });

  it("stores the admin's Paris time, winter and summer, and lists the code as « Programmé »", async () => {
    const input = promoCodeFormSchema.parse({ brandId, code: "HIVER", discountAmount: "5€", publishAt: "2030-01-15T10:00", unpublishAt: "2030-07-14T23:30" });
    const saved = await savePromoCode(input, CREATE);
    const db = await getDb();
    const [row] = await db.select().from(s.promoCodes).where(eq(s.promoCodes.id, saved!.id));
    expect(row!.publishAt!.toISOString()).toBe("2030-01-15T09:00:00.000Z");
    expect(row!.unpublishAt!.toISOString()).toBe("2030-07-14T21:30:00.000Z");
    const scheduled = await listPromoCodesAdmin(parseListQuery("http://localhost/admin/promo-codes?schedule=scheduled", promoCodeListSpec));
    // MINUIT (first test) is still a minute away too
    expect(scheduled.rows.map((r) => r.code)).toEqual(["HIVER", "MINUIT"]);
    const ended = await listPromoCodesAdmin(parseListQuery("http://localhost/admin/promo-codes?schedule=ended", promoCodeListSpec), new Date("2030-08-01T00:00:00Z"));
    expect(ended.rows.map((r) => r.code)).toEqual(["HIVER"]);
    // the database refuses a window that ends before it starts
    await expect(db.update(s.promoCodes).set({ unpublishAt: new Date("2029-01-01T00:00:00Z") }).where(eq(s.promoCodes.id, saved!.id))).rejects.toThrow();
  });

  it("stores the window of offers, pages and deals saved from their forms", async () => {
    // the two nights of 2030's clock changes in Paris
    const dates = { publishAt: "2030-03-31T02:30", unpublishAt: "2030-10-27T02:30" };
    const offer = await saveOffer(offerFormSchema.parse({ brandId, name: "Offre d'été", regularPrice: "10€", ...dates }), CREATE);
    const page = await savePage(pageFormSchema.parse({ title: "Page d'été", slug: "page-ete", content: "<p>x</p>", ...dates }), CREATE);
    const deal = await saveDeal(dealFormSchema.parse({ title: "Deal d'été", description: "D", price: "1€", source: "amazon", badgeText: "Top", url: "https://www.amazon.fr/e", ...dates }), CREATE);
    const db = await getDb();
    const windows = await Promise.all([
      db.select({ p: s.offers.publishAt, u: s.offers.unpublishAt }).from(s.offers).where(eq(s.offers.id, offer!.id)),
      db.select({ p: s.pages.publishAt, u: s.pages.unpublishAt }).from(s.pages).where(eq(s.pages.id, page!.id)),
      db.select({ p: s.crevardeDeals.publishAt, u: s.crevardeDeals.unpublishAt }).from(s.crevardeDeals).where(eq(s.crevardeDeals.id, deal!.id)),
    ]);
    // 02:30 does not exist on the spring night: read as 03:30 CEST; it exists twice on the autumn night: the second one, CET
    for (const [w] of windows) expect([w!.p!.toISOString(), w!.u!.toISOString()]).toEqual(["2030-03-31T01:30:00.000Z", "2030-10-27T01:30:00.000Z"]);
  });

  it("matches members' alerts to a scheduled admin deal at its « Publier le », not before", async () => {
    const publishAt = new Date("2032-05-01T08:00:00Z");
    const input = dealFormSchema.parse({ title: "Réveil programmé", description: "D", price: "9€", source: "amazon", badgeText: "Top", url: "https://www.amazon.fr/z", publishAt: "2032-05-01T10:00" });
    const saved = await saveDeal(input, CREATE);
    const db = await getDb();
    const [job] = await db.select().from(s.jobs).where(eq(s.jobs.key, `${saved!.id}:published`));
    expect(job!.runAt.toISOString()).toBe(publishAt.toISOString());
    const [alertUser] = await db.insert(s.user).values({ id: "alert-member", name: "A", email: "alerte@example.test" }).returning();
    await saveAlert(alertUser!.id, alertFormSchema.parse({ query: "réveil", frequency: "instant" }));
    expect(await matchDealAlerts(saved!.id, "published", new Date("2032-05-01T07:59:00Z"))).toBe(0);
    expect(await matchDealAlerts(saved!.id, "published", publishAt)).toBe(1);
  });

  it("lists on the dashboard the codes expiring within 3 days, soonest first", async () => {
    const now = new Date("2031-03-10T12:00:00Z");
    const db = await getDb();
    const codes = [
      ["DANS2J", later(now, 2 * 86_400_000)],
      ["DANS1H", later(now, 3_600_000)],
      ["DANS4J", later(now, 4 * 86_400_000)],
      ["HIER", later(now, -86_400_000)],
    ] as const;
    for (const [code, expiresAt] of codes) await db.insert(s.promoCodes).values({ brandId, code, discountAmount: "1€", expiresAt });
    const expiring = await expiringCodes(now);
    expect(expiring.codes.map((c) => c.code)).toEqual(["DANS1H", "DANS2J"]);
    expect(expiring.total).toBe(2);
  });
});
