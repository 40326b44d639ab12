import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { dataCacheSize } from "#app/lib/data-cache.server";
import { getDb, type Database } from "#app/lib/db.server";
import { listenForDataChanges } from "#app/lib/data-changes.server";
import { recordPriceObservation } from "#app/modules/prices/observations.server";
import { action as postAction } from "#app/routes/coup-de-crevarde.proposer";
import { action as dealsAction, loader as dealsLoader } from "#app/routes/admin/crevarde-deals";
import { action as offersAction, loader as offersLoader } from "#app/routes/admin/offers";
import { loader as dealLoader } from "#app/routes/coup-de-crevarde.$id";
import { listFeaturedDeals, searchDeals } from "#app/modules/deals/deals.server";
import { dealPriceTruths } from "#app/modules/deals/price-truth.server";
import { lowestPriceLabels } from "#app/modules/prices/lowest-price.server";
import { dealSearchSchema } from "#app/modules/deals/deals.schema";
import { searchSite } from "#app/modules/search/site-search.server";
import { listBrandOffers } from "#app/modules/offers/offers.server";
import { listBrands } from "#app/modules/brands/brands.server";
import * as s from "#db/schema";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { dealPostForm } from "#tests/helpers/deal-post";

const uniq = () => randomUUID().slice(0, 8);
const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY);
/** French amounts with any kind of space (Intl writes a no-break space before «€»). */
const plain = (text: string | null | undefined) => text?.replace(/[\s\u00a0\u202f]+/g, " ") ?? null;

/** A form as the browser posts it. */
const post = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded" } });

describeEachDb("price observations and the deals' price truth (issue #39, ADR 049)", ({ database }) => {
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let categoryId: string;
  let brandId: string;
  beforeAll(async () => {
    const db = await getDb();
    admin = await signedInUser({ role: "admin" });
    [{ id: categoryId }] = await db.insert(s.categories).values({ name: "Prix", slug: `prix-${uniq()}` }).returning({ id: s.categories.id });
    [{ id: brandId }] = await db.insert(s.brands).values({ name: `Marque ${uniq()}`, slug: `marque-${uniq()}` }).returning({ id: s.brands.id });
  });
  const observationsOf = async (key: string) =>
    (await getDb()).select().from(s.priceObservations).where(eq(s.priceObservations.productKey, key)).orderBy(asc(s.priceObservations.observedAt));
  const asAdmin = <H,>(handler: H, path: string, init: RequestInit = {}) => callRoute(handler, req(path, { cookie: admin.cookie, ...init }));

  it("a member's deal post records the price they saw, under the product key, in the post's transaction", async () => {
    const me = await signedInUser();
    const shop = `boutique-${uniq()}`;
    const posted = await callRoute(
      postAction,
      req("/coup-de-crevarde/proposer", {
        cookie: me.cookie,
        form: dealPostForm(categoryId, { url: `https://www.${shop}.fr/produit/42?utm_source=newsletter` }),
      }),
    );
    expect(posted.status).toBeLessThan(400);
    const [deal] = await (await getDb()).select().from(s.crevardeDeals).where(eq(s.crevardeDeals.authorId, me.id));
    const rows = await observationsOf(`${shop}.fr/produit/42`);
    expect(rows.map((r) => [r.merchant, r.priceCents, r.currency, r.source, r.sourceId])).toEqual([[`${shop}.fr`, 1999, "EUR", "deal", deal.id]]);
    // its own price is not its history: no reference yet
    expect((await callRoute(dealLoader, req(`/coup-de-crevarde/${deal.id}`, { cookie: me.cookie }), { id: deal.id })).data.deal.priceTruth).toBeNull();
  });

  it("an admin's deal, created then edited, records each new price once; a save at the same price records nothing", async () => {
    const shop = `admin-${uniq()}`;
    const title = `Deal admin ${uniq()}`;
    const fields = { title, description: "Un deal du back office.", source: "amazon", badgeText: "Top", url: `https://${shop}.com/p/7?gclid=abc`, brandId, status: "published" };
    const created = await asAdmin(dealsAction, "/admin/crevarde-deals", post({ ...fields, price: "9,99€" }));
    expect(created.data.toast?.title).toBe("Deal créé");
    const listed = async () => (await asAdmin(dealsLoader, `/admin/crevarde-deals?q=${encodeURIComponent(title)}`)).data.deals[0];
    const first = await listed();
    await asAdmin(dealsAction, "/admin/crevarde-deals", post({ ...fields, id: first.id, version: first.updatedAt.toISOString(), price: "7,49€" }));
    const second = await listed();
    await asAdmin(dealsAction, "/admin/crevarde-deals", post({ ...fields, id: second.id, version: second.updatedAt.toISOString(), price: "7,49 €", description: "Même prix, autre texte." }));
    const rows = await observationsOf(`${shop}.com/p/7`);
    expect(rows.map((r) => [r.priceCents, r.source, r.sourceId])).toEqual([
      [999, "deal", first.id],
      [749, "deal", first.id],
    ]);
  });

  it("an admin's draft deal records its price only when it is published, from its form or in bulk", async () => {
    const shop = `brouillon-${uniq()}`;
    const title = `Brouillon ${uniq()}`;
    await asAdmin(dealsAction, "/admin/crevarde-deals", post({ title, description: "Un brouillon.", source: "amazon", badgeText: "Top", url: `https://${shop}.com/p/8`, price: "5€", status: "draft" }));
    expect(await observationsOf(`${shop}.com/p/8`)).toEqual([]);
    const draft = (await asAdmin(dealsLoader, `/admin/crevarde-deals?q=${encodeURIComponent(title)}`)).data.deals[0];
    const published = await asAdmin(dealsAction, "/admin/crevarde-deals", post({ intent: "bulk-publish", ids: draft.id }));
    expect(published.status).toBe(200);
    expect((await observationsOf(`${shop}.com/p/8`)).map((r) => [r.priceCents, r.sourceId])).toEqual([[500, draft.id]]);
  });

  it("an admin's draft offer records its regular price only when it is published in bulk", async () => {
    const shop = `offre-brouillon-${uniq()}`;
    const name = `Brouillon ${uniq()}`;
    await asAdmin(offersAction, "/admin/offers", post({ brandId, name, regularPrice: "12€", url: `https://${shop}.com/creme`, status: "draft" }));
    expect(await observationsOf(`${shop}.com/creme`)).toEqual([]);
    const draft = (await asAdmin(offersLoader, `/admin/offers?q=${encodeURIComponent(name)}`)).data.offers[0];
    const published = await asAdmin(offersAction, "/admin/offers", post({ intent: "bulk-publish", ids: draft.id }));
    expect(published.status).toBe(200);
    expect((await observationsOf(`${shop}.com/creme`)).map((r) => [r.priceCents, r.source, r.sourceId])).toEqual([[1200, "offer", draft.id]]);
    // published again: the same price is no new observation
    await asAdmin(offersAction, "/admin/offers", post({ intent: "bulk-publish", ids: draft.id }));
    expect(await observationsOf(`${shop}.com/creme`)).toHaveLength(1);
  });

  it("an admin's offer save records its regular price; an offer without a product link records nothing", async () => {
    const name = `Sérum ${uniq()}`;
    const shop = `offre-${uniq()}`;
    const saved = await asAdmin(offersAction, "/admin/offers", post({ brandId, name, regularPrice: "24,90€", url: `https://fr.${shop}.com/serum.html`, status: "published" }));
    expect(saved.status).toBe(200);
    const [offer] = await (await getDb()).select().from(s.offers).where(eq(s.offers.name, name));
    expect((await observationsOf(`${shop}.com/serum.html`)).map((r) => [r.priceCents, r.source, r.sourceId, r.merchant])).toEqual([[2490, "offer", offer.id, `${shop}.com`]]);

    const listed = (await asAdmin(offersLoader, `/admin/offers?q=${encodeURIComponent(name)}`)).data.offers[0];
    await asAdmin(offersAction, "/admin/offers", post({ id: offer.id, version: listed.updatedAt.toISOString(), brandId, name, regularPrice: "19,90€", url: `https://${shop}.com/serum.html?utm_medium=x`, status: "published" }));
    expect((await observationsOf(`${shop}.com/serum.html`)).map((r) => r.priceCents)).toEqual([2490, 1990]);

    const before = await (await getDb()).$count(s.priceObservations);
    await asAdmin(offersAction, "/admin/offers", post({ brandId, name: `${name} bis`, regularPrice: "5€", url: `https://${shop}.com/`, status: "published" }));
    expect(await (await getDb()).$count(s.priceObservations)).toBe(before);
  });

  it("an offer's card shows its product's 30-day low, its current price among it; its link is never sent", async () => {
    const db = await getDb();
    const shop = `carte-${uniq()}`;
    const [offer] = await db.insert(s.offers).values({ brandId, name: `Crème ${uniq()}`, regularPrice: "19,90€", url: `https://www.${shop}.fr/creme` }).returning();
    const observe = (priceCents: number, days: number) => db.insert(s.priceObservations).values({ productKey: `${shop}.fr/creme`, merchant: `${shop}.fr`, priceCents, source: "offer", observedAt: daysAgo(days) });
    await observe(1490, 20);
    await observe(1990, 2);
    const [shown] = (await listBrandOffers(brandId, false)).filter((o) => o.id === offer.id);
    expect(plain(shown.lowest)).toBe("Prix le plus bas des 30 derniers jours : 14,90 €");
    expect(shown).not.toHaveProperty("url");
    const [plainOffer] = await db.insert(s.offers).values({ brandId, name: `Sans lien ${uniq()}`, regularPrice: "9€" }).returning();
    expect((await listBrandOffers(brandId, false)).find((o) => o.id === plainOffer.id)?.lowest).toBeNull();
  });

  it("stores no exact repeat of the latest price of a product at its merchant, whatever the source", async () => {
    const db = await getDb();
    const url = `https://www.repeat-${uniq()}.fr/article`;
    const write = (price: string, currency = "EUR") => db.transaction((tx) => recordPriceObservation(tx, { url, price, currency, source: "import" }));
    expect([await write("10,00€"), await write("10 €"), await write("10,00 €", "USD"), await write("12€"), await write("10€")]).toEqual([true, false, true, true, true]);
    expect((await observationsOf(new URL(url).host.replace("www.", "") + "/article")).map((r) => `${r.priceCents} ${r.currency}`)).toEqual(["1000 EUR", "1000 USD", "1200 EUR", "1000 EUR"]);
  });

  /** A published deal of `shop` with `history`: [days ago, cents] observed before it. */
  async function dealWithHistory(shop: string, deal: { price: string; originalPrice: string | null; brandId?: string }, history: [number, number][]) {
    const db = await getDb();
    const key = `${shop}.fr/produit`;
    for (const [days, priceCents] of history) await db.insert(s.priceObservations).values({ productKey: key, merchant: `${shop}.fr`, priceCents, source: "offer", observedAt: daysAgo(days) });
    const [row] = await db
      .insert(s.crevardeDeals)
      .values({ title: `Produit ${shop.replace(/-/g, "")}`, description: "x", ...deal, source: "shop", badgeText: "-50 %", url: `https://www.${shop}.fr/produit?ref=x`, isFeatured: true, publishedAt: new Date() })
      .returning();
    return row;
  }
  const truthOf = async (id: string) => (await callRoute(dealLoader, req(`/coup-de-crevarde/${id}`), { id })).data.deal.priceTruth;

  it("the deal page: a « -50 % » over a typed original price is told from the 30-day low, « Prix barré annoncé » and « Réduction surestimée »", async () => {
    const deal = await dealWithHistory(`moitie-${uniq()}`, { price: "19,90€", originalPrice: "39,80€" }, [[40, 2290], [20, 2490]]);
    const truth = await truthOf(deal.id);
    expect(truth && { ...truth, lowest: plain(truth.lowest), percent: plain(truth.percent) }).toEqual({
      lowest: "Prix le plus bas des 30 derniers jours : 22,90 €",
      percent: "-13 %",
      reduction: 13,
      overstated: true,
      note: null,
    });
    // its badge's typed « -50 % » says the true reduction
    expect((await callRoute(dealLoader, req(`/coup-de-crevarde/${deal.id}`), { id: deal.id })).data.deal.badgeText).toBe("-13\u00a0%");
    // the home page's featured cards, the site search and the deals list read the same rule
    expect((await listFeaturedDeals(false, 100)).find((d) => d.id === deal.id)?.priceTruth).toEqual(truth);
    const word = deal.title.split(" ")[1];
    expect((await searchSite(word, false)).deals.find((d) => d.id === deal.id)?.priceTruth).toEqual(truth);
    expect((await searchDeals(dealSearchSchema.parse({ q: word }), false)).deals.find((d) => d.id === deal.id)?.priceTruth).toEqual(truth);
  });

  it("the deal page: the Aldi case, back to a price already seen in the 30 days, is « Pas une baisse » with its date", async () => {
    const deal = await dealWithHistory(`aldi-${uniq()}`, { price: "1,29€", originalPrice: "1,69€" }, [[20, 129], [10, 169]]);
    const truth = await truthOf(deal.id);
    expect([truth?.percent, truth?.reduction, truth?.overstated]).toEqual([null, 0, true]);
    expect((await callRoute(dealLoader, req(`/coup-de-crevarde/${deal.id}`), { id: deal.id })).data.deal.badgeText).toBe("Pas une baisse");
    expect(plain(truth?.lowest)).toBe("Prix le plus bas des 30 derniers jours : 1,29 €");
    expect(plain(truth?.note)).toMatch(/^Pas une baisse : déjà vu à 1,29 € le \d{1,2}(er)? \p{L}+ \d{4}$/u);
  });

  it("the deal page: a true reduction keeps its typed original price when it is not above the reference", async () => {
    const deal = await dealWithHistory(`vrai-${uniq()}`, { price: "15€", originalPrice: "20€" }, [[15, 2000]]);
    expect(await truthOf(deal.id)).toMatchObject({ percent: "-25\u00a0%", overstated: false, note: null });
    const none = await dealWithHistory(`vide-${uniq()}`, { price: "15€", originalPrice: "20€" }, []);
    expect(await truthOf(none.id)).toBeNull();
  });

  it("a brand's « Jusqu'à -X % » on /marques reads its deals' true reductions, as its page and the deals' cards do", async () => {
    const db = await getDb();
    const [brand] = await db.insert(s.brands).values({ name: `Vraie Marque ${uniq()}`, slug: `vraie-${uniq()}` }).returning();
    const deal = await dealWithHistory(`marque-${uniq()}`, { price: "19,90€", originalPrice: "39,80€", brandId: brand.id }, [[40, 2290], [20, 2490]]);
    expect((await truthOf(deal.id))?.reduction).toBe(13);
    // typed, the deal would say -50 %: the brand's card and its page say -13 %
    expect((await listBrands()).find((b) => b.id === brand.id)?.maxDiscountPercent).toBe(13);
    // a deal with no history keeps its typed reduction, the best of the brand's then wins
    await dealWithHistory(`sans-${uniq()}`, { price: "10€", originalPrice: "12€", brandId: brand.id }, []);
    expect((await listBrands()).find((b) => b.id === brand.id)?.maxDiscountPercent).toBe(16);
  });

  it("a page's deal truths and 30-day lows are read once, kept for every visitor, and follow a price write at once", async () => {
    const stop = await listenForDataChanges(database(), (database() as Database & { url?: string }).url);
    try {
      const db = await getDb();
      const shop = `garde-${uniq()}`;
      const deal = await dealWithHistory(shop, { price: "19,90€", originalPrice: "39,80€" }, [[20, 2490]]);
      const url = `https://www.${shop}.fr/produit?ref=x`;
      const read = async () => ({ truth: (await dealPriceTruths([deal])).get(deal.id)?.percent, low: plain((await lowestPriceLabels([url], new Date())).get(url)) });
      const held = dataCacheSize();
      expect(await read()).toEqual({ truth: "-20\u00a0%", low: "Prix le plus bas des 30 derniers jours : 24,90 €" });
      // one entry each, served again without another one
      expect(dataCacheSize()).toBe(held + 2);
      expect(await read()).toEqual({ truth: "-20\u00a0%", low: "Prix le plus bas des 30 derniers jours : 24,90 €" });
      expect(dataCacheSize()).toBe(held + 2);
      // a merchant's lower price of 10 days ago: both follow
      await db.transaction((tx) => recordPriceObservation(tx, { url, price: "17,90€", source: "import", observedAt: daysAgo(10) }));
      await expect.poll(read, { timeout: 30_000 }).toEqual({ truth: null, low: "Prix le plus bas des 30 derniers jours : 17,90 €" });
    } finally {
      await stop();
    }
  });

  it("a price import changes a brand's « Jusqu'à -X % » kept in the cache at once: the price history notifies a change", async () => {
    const stop = await listenForDataChanges(database(), (database() as Database & { url?: string }).url);
    try {
      const db = await getDb();
      const [brand] = await db.insert(s.brands).values({ name: `Marque Cache ${uniq()}`, slug: `cache-${uniq()}` }).returning();
      const shop = `cache-${uniq()}`;
      await dealWithHistory(shop, { price: "19,90€", originalPrice: "39,80€", brandId: brand.id }, []);
      const discount = async () => (await listBrands()).find((b) => b.id === brand.id)?.maxDiscountPercent;
      expect(await discount()).toBe(50);
      // kept: the cache serves it while nothing it follows changes
      expect(await discount()).toBe(50);
      // a merchant's price of 20 days ago, as an admin's CSV line records it: the 30-day low is 22,90 €
      await db.transaction((tx) => recordPriceObservation(tx, { url: `https://www.${shop}.fr/produit`, price: "22,90€", source: "import", observedAt: daysAgo(20) }));
      await expect.poll(discount, { timeout: 30_000 }).toBe(13);
    } finally {
      await stop();
    }
  });
});
