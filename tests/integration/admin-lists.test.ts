import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as promoAction, loader as promoLoader } from "#app/routes/admin/promo-codes";
import { action as offerAction, loader as offerLoader } from "#app/routes/admin/offers";
import { action as dealAction, loader as dealLoader } from "#app/routes/admin/crevarde-deals";
import { action as brandAction, loader as brandLoader } from "#app/routes/admin/brands";
import { req, signedInUser, TEST_ORIGIN } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const DAY = 86_400_000;

describeEachDb("/admin/promo-codes as a list: search, filters, sort, bulk actions (issue #17)", ({ database }) => {
  let cookie: string;
  let brandA: string;
  let brandB: string;
  let category: string;
  const tag = `L${Date.now().toString(36).toUpperCase()}`;
  const list = async (query: string) => (await callRoute(promoLoader, req(`/admin/promo-codes${query}`, { cookie }))).data.codes.map((c) => c.code);
  const bulk = (intent: string, ids: string[], as = cookie) =>
    callRoute(
      promoAction,
      new Request(`${TEST_ORIGIN}/admin/promo-codes`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie: as, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([["intent", intent], ...ids.map((id) => ["ids", id])]),
      }),
    );
  const codesByName = async (names: string[]) => {
    const rows = await database().db.select().from(s.promoCodes).where(inArray(s.promoCodes.code, names));
    return new Map(rows.map((r) => [r.code, r]));
  };

  beforeAll(async () => {
    const db = database().db;
    cookie = (await signedInUser({ role: "admin", email: `lists-${tag.toLowerCase()}@example.fr` })).cookie;
    [{ id: brandA }] = await db.insert(s.brands).values({ name: `Zeta ${tag}`, slug: `zeta-${tag.toLowerCase()}` }).returning();
    [{ id: brandB }] = await db.insert(s.brands).values({ name: `Alpha ${tag}`, slug: `alpha-${tag.toLowerCase()}` }).returning();
    [{ id: category }] = await db.insert(s.categories).values({ name: `Cat ${tag}`, slug: `cat-${tag.toLowerCase()}` }).returning();
    const now = Date.now();
    await db.insert(s.promoCodes).values([
      { brandId: brandA, code: `${tag}A1`, discountAmount: "5%", description: "Soin visage été", expiresAt: new Date(now + 2 * DAY), categoryId: category },
      { brandId: brandA, code: `${tag}A2`, discountAmount: "10%", description: "Sérum 100%_pur", expiresAt: new Date(now - 2 * DAY), isFeatured: true },
      { brandId: brandB, code: `${tag}B1`, discountAmount: "15%", description: "Crème", expiresAt: null },
      { brandId: brandB, code: `${tag}B2`, discountAmount: "20%", description: "Gommage", expiresAt: new Date(now + 60 * DAY) },
    ]);
  });

  it("searches the code, the brand and the description, as text (% and _ are not wildcards)", async () => {
    expect(await list(`?q=${tag}`)).toEqual([`${tag}A1`, `${tag}A2`, `${tag}B1`, `${tag}B2`]);
    expect(await list(`?q=${encodeURIComponent(`alpha ${tag}`)}`)).toEqual([`${tag}B1`, `${tag}B2`]);
    expect(await list(`?q=${encodeURIComponent("100%_pur")}`)).toEqual([`${tag}A2`]);
    expect(await list(`?q=${encodeURIComponent(`${tag}%A`)}`)).toEqual([]);
  });

  it("filters by brand, category, expiry and featured, together with the search", async () => {
    expect(await list(`?q=${tag}&brand=${brandA}`)).toEqual([`${tag}A1`, `${tag}A2`]);
    expect(await list(`?q=${tag}&category=${category}`)).toEqual([`${tag}A1`]);
    expect(await list(`?q=${tag}&expiry=soon`)).toEqual([`${tag}A1`]);
    expect(await list(`?q=${tag}&expiry=expired`)).toEqual([`${tag}A2`]);
    expect(await list(`?q=${tag}&expiry=never`)).toEqual([`${tag}B1`]);
    expect(await list(`?q=${tag}&expiry=live`)).toEqual([`${tag}A1`, `${tag}B1`, `${tag}B2`]);
    expect(await list(`?q=${tag}&featured=oui`)).toEqual([`${tag}A2`]);
    // an unknown value is no filter, never an error
    expect(await list(`?q=${tag}&brand=nope&expiry=bientot&featured=peut-etre`)).toHaveLength(4);
  });

  it("sorts by a column header, either way, empty dates last", async () => {
    expect(await list(`?q=${tag}&sort=code&dir=desc`)).toEqual([`${tag}B2`, `${tag}B1`, `${tag}A2`, `${tag}A1`]);
    expect(await list(`?q=${tag}&sort=brand&dir=asc`)).toEqual([`${tag}B1`, `${tag}B2`, `${tag}A1`, `${tag}A2`]);
    expect(await list(`?q=${tag}&sort=expires&dir=asc`)).toEqual([`${tag}A2`, `${tag}A1`, `${tag}B2`, `${tag}B1`]);
    expect(await list(`?q=${tag}&sort=expires&dir=desc`)).toEqual([`${tag}B2`, `${tag}A1`, `${tag}A2`, `${tag}B1`]);
    const loaded = await callRoute(promoLoader, req(`/admin/promo-codes?q=${tag}&sort=brand`, { cookie }));
    expect(loaded.data.query).toEqual({ q: tag, sort: "brand", dir: "asc", filters: { brand: undefined, category: undefined, expiry: undefined, featured: undefined } });
  });

  it("bulk actions write every ticked code and one audit entry each, in one transaction", async () => {
    const db = database().db;
    const before = await codesByName([`${tag}A1`, `${tag}A2`, `${tag}B1`, `${tag}B2`]);
    const ids = [before.get(`${tag}A1`)!.id, before.get(`${tag}B1`)!.id];

    const featured = await bulk("bulk-feature", ids);
    expect(featured.status).toBe(200);
    expect(featured.data.toast?.title).toBe("2 codes promo mis en avant");
    let after = await codesByName([`${tag}A1`, `${tag}B1`]);
    expect([...after.values()].every((c) => c.isFeatured)).toBe(true);
    const audit = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "promo_code"), inArray(s.auditLog.entityId, ids)));
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => [(a.before as Record<string, unknown>).isFeatured, (a.after as Record<string, unknown>).isFeatured])).toEqual([
      [false, true],
      [false, true],
    ]);

    // « Prolonger »: 30 days after the expiry, or after today once expired; a code without expiry keeps none
    const expiredId = before.get(`${tag}A2`)!.id;
    const extended = await bulk("bulk-extend", [ids[0], expiredId, ids[1]]);
    expect(extended.data.toast?.title).toBe("3 codes promo prolongés");
    after = await codesByName([`${tag}A1`, `${tag}A2`, `${tag}B1`]);
    expect(after.get(`${tag}A1`)!.expiresAt!.getTime()).toBe(before.get(`${tag}A1`)!.expiresAt!.getTime() + 30 * DAY);
    expect(after.get(`${tag}A2`)!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(after.get(`${tag}B1`)!.expiresAt).toBeNull();

    const deleted = await bulk("bulk-delete", [expiredId, before.get(`${tag}B2`)!.id]);
    expect(deleted.data.toast?.title).toBe("2 codes promo supprimés");
    expect([...(await codesByName([`${tag}A2`, `${tag}B2`])).keys()]).toEqual([]);
    const deletions = await db.select().from(s.auditLog).where(and(eq(s.auditLog.action, "delete"), inArray(s.auditLog.entityId, [expiredId])));
    expect(deletions).toHaveLength(1);
    expect((deletions[0].before as Record<string, unknown>).code).toBe(`${tag}A2`);

    // rows that are gone: named one by one; all gone is a 404 with nothing written
    const A1 = after.get(`${tag}A1`)!.id;
    const partly = await bulk("bulk-unfeature", [A1, expiredId]);
    expect(partly.status).toBe(200);
    expect(partly.data.toast).toMatchObject({ type: "success", description: `1 élément n'existe plus : ${expiredId}.` });
    const gone = await bulk("bulk-feature", [expiredId, before.get(`${tag}B2`)!.id]);
    expect(gone.status).toBe(404);
    expect(gone.data.toast?.description).toBe(`Aucun des codes promo sélectionnés n'existe encore. 2 éléments n'existent plus : ${expiredId}, ${before.get(`${tag}B2`)!.id}.`);
  });

  it("a bad selection is a French 400, and only the catalogue permission may act", async () => {
    const none = await bulk("bulk-delete", []);
    expect(none.status).toBe(400);
    expect(none.data.toast?.description).toBe("Sélectionnez au moins un élément.");
    const bad = await bulk("bulk-delete", ["1 or 1=1"]);
    expect(bad.status).toBe(400);
    expect(bad.data.toast?.description).toBe("La sélection contient un élément inconnu.");
    const finance = await signedInUser({ role: "finance", email: `lists-fin-${tag.toLowerCase()}@example.fr` });
    const [row] = await database().db.select().from(s.promoCodes).where(eq(s.promoCodes.code, `${tag}A1`));
    const refused = await bulk("bulk-delete", [row.id], finance.cookie);
    expect([302, 303, 403]).toContain(refused.status);
    expect(await codesByName([`${tag}A1`])).toHaveProperty("size", 1);
  });
});

describeEachDb("/admin/offers as a list (issue #17)", ({ database }) => {
  let cookie: string;
  let brand: string;
  const tag = `o${Date.now().toString(36)}`;
  const list = async (query: string) => (await callRoute(offerLoader, req(`/admin/offers${query}`, { cookie }))).data.offers.map((o) => o.name);

  beforeAll(async () => {
    const db = database().db;
    cookie = (await signedInUser({ role: "editor", email: `offers-${tag}@example.fr` })).cookie;
    [{ id: brand }] = await db.insert(s.brands).values({ name: `Marque ${tag}`, slug: `marque-${tag}` }).returning();
    await db.insert(s.offers).values([
      { brandId: brand, name: `Crème ${tag}`, regularPrice: "20,00€" },
      { brandId: brand, name: `Baume ${tag}`, regularPrice: "12,00€", isFeatured: true },
      { brandId: brand, name: `Savon ${tag}`, regularPrice: "5,00€" },
    ]);
  });

  it("searches, filters and sorts; bulk actions are audited", async () => {
    expect(await list(`?q=${tag}`)).toEqual([`Baume ${tag}`, `Crème ${tag}`, `Savon ${tag}`]);
    expect(await list(`?q=${tag}&sort=name&dir=desc`)).toEqual([`Savon ${tag}`, `Crème ${tag}`, `Baume ${tag}`]);
    // no cashback column of their own to sort by: the brand's programmes give it (issue #34), shown read-only
    expect(await list(`?q=${tag}&sort=cashback&dir=desc`)).toEqual([`Savon ${tag}`, `Crème ${tag}`, `Baume ${tag}`]);
    const shown = (await callRoute(offerLoader, req(`/admin/offers?q=${tag}`, { cookie }))).data.offers;
    expect(shown.map((o) => o.cashbackLabel)).toEqual([null, null, null]);
    expect(await list(`?q=${tag}&featured=non&brand=${brand}`)).toEqual([`Crème ${tag}`, `Savon ${tag}`]);
    const rows = await database().db.select().from(s.offers).where(eq(s.offers.brandId, brand));
    const ids = rows.filter((r) => !r.isFeatured).map((r) => r.id);
    const res = await callRoute(
      offerAction,
      new Request(`${TEST_ORIGIN}/admin/offers`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([["intent", "bulk-feature"], ...ids.map((id) => ["ids", id])]),
      }),
    );
    expect(res.data.toast?.title).toBe("2 offres mises en avant");
    expect(await list(`?q=${tag}&featured=oui`)).toHaveLength(3);
    const audit = await database().db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "offer"), inArray(s.auditLog.entityId, ids)));
    expect(audit).toHaveLength(2);
  });
});

describeEachDb("/admin/crevarde-deals as a list (issue #17)", ({ database }) => {
  let cookie: string;
  const tag = `d${Date.now().toString(36)}`;
  const list = async (query: string) => (await callRoute(dealLoader, req(`/admin/crevarde-deals${query}`, { cookie }))).data.deals.map((d) => d.title);

  beforeAll(async () => {
    cookie = (await signedInUser({ role: "admin", email: `deals-${tag}@example.fr` })).cookie;
    const base = { description: "d", price: "1€", badgeText: "Top", url: "https://www.temu.com/x" };
    const hour = 3_600_000;
    await database().db.insert(s.crevardeDeals).values([
      { ...base, title: `Ancien ${tag}`, source: "temu", createdAt: new Date(Date.now() - 3 * hour), temperature: 150 },
      { ...base, title: `Récent ${tag}`, source: "shein", createdAt: new Date(Date.now() - hour), temperature: 20, status: "pending_review", publishedAt: null },
      { ...base, title: `Expiré ${tag}`, source: "temu", createdAt: new Date(Date.now() - 2 * hour), expiredAt: new Date(), temperature: 60 },
    ]);
  });

  it("newest first by default; filters by source, status and expiry; sorts by temperature; bulk actions", async () => {
    expect(await list(`?q=${tag}`)).toEqual([`Récent ${tag}`, `Expiré ${tag}`, `Ancien ${tag}`]);
    expect(await list(`?q=${tag}&source=temu`)).toEqual([`Expiré ${tag}`, `Ancien ${tag}`]);
    expect(await list(`?q=${tag}&status=pending_review`)).toEqual([`Récent ${tag}`]);
    expect(await list(`?q=${tag}&expiry=expired`)).toEqual([`Expiré ${tag}`]);
    expect(await list(`?q=${tag}&expiry=live`)).toEqual([`Récent ${tag}`, `Ancien ${tag}`]);
    expect(await list(`?q=${tag}&sort=temperature&dir=desc`)).toEqual([`Ancien ${tag}`, `Expiré ${tag}`, `Récent ${tag}`]);
    const rows = await database().db.select().from(s.crevardeDeals).where(inArray(s.crevardeDeals.title, [`Ancien ${tag}`]));
    const res = await callRoute(
      dealAction,
      new Request(`${TEST_ORIGIN}/admin/crevarde-deals`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([["intent", "bulk-delete"], ["ids", rows[0].id]]),
      }),
    );
    expect(res.data.toast?.title).toBe("1 deal supprimé");
    expect(await list(`?q=${tag}`)).toEqual([`Récent ${tag}`, `Expiré ${tag}`]);
  });
});

describeEachDb("/admin/brands as a list (issue #17)", ({ database }) => {
  it("searches the name and slug, filters by category, sorts by name, shows the programmes' rate; bulk delete takes their codes along, audited", async () => {
    const db = database().db;
    const tag = `b${Date.now().toString(36)}`;
    const { cookie } = await signedInUser({ role: "editor", email: `brands-${tag}@example.fr` });
    const [cat] = await db.insert(s.categories).values({ name: `Cat ${tag}`, slug: `cat-${tag}` }).returning();
    const made = await db
      .insert(s.brands)
      .values([
        { name: `Un ${tag}`, slug: `un-${tag}`, categoryId: cat.id },
        { name: `Deux ${tag}`, slug: `deux-${tag}` },
      ])
      .returning();
    await db.insert(s.promoCodes).values({ brandId: made[0].id, code: `C${tag}`, discountAmount: "5%" });
    const list = async (query: string) => (await callRoute(brandLoader, req(`/admin/brands${query}`, { cookie }))).data.brands.map((b) => b.name);
    expect(await list(`?q=${tag}`)).toEqual([`Deux ${tag}`, `Un ${tag}`]);
    expect(await list(`?q=un-${tag}`)).toEqual([`Un ${tag}`]);
    expect(await list(`?q=${tag}&category=${cat.id}`)).toEqual([`Un ${tag}`]);
    expect(await list(`?q=${tag}&sort=name&dir=desc`)).toEqual([`Un ${tag}`, `Deux ${tag}`]);
    // the cashback column is the brand's active programmes' rate, read-only (issue #34)
    const [program] = await db
      .insert(s.affiliatePrograms)
      .values({ brandId: made[1].id, network: "awin", networkAccountId: tag, networkProgramId: tag, trackingUrlTemplate: "https://x.example/?c={CLICK_ID}" })
      .returning();
    await db.insert(s.programRates).values({ programId: program.id, label: "Tous les achats", displayPercent: "10.00", validFrom: new Date(Date.now() - 60_000) });
    const rows = (await callRoute(brandLoader, req(`/admin/brands?q=${tag}`, { cookie }))).data.brands;
    expect(rows.map((b) => [b.name, b.cashbackLabel])).toEqual([
      [`Deux ${tag}`, "7\u00a0% de cashback"],
      [`Un ${tag}`, null],
    ]);
    const res = await callRoute(
      brandAction,
      new Request(`${TEST_ORIGIN}/admin/brands`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams([["intent", "bulk-delete"], ...made.map((b) => ["ids", b.id])]),
      }),
    );
    expect(res.data.toast?.title).toBe("2 marques supprimées");
    expect(await list(`?q=${tag}`)).toEqual([]);
    expect(await db.select().from(s.promoCodes).where(eq(s.promoCodes.code, `C${tag}`))).toEqual([]);
    const audit = await db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "brand"), inArray(s.auditLog.entityId, made.map((b) => b.id))));
    expect(audit.map((a) => a.action)).toEqual(["delete", "delete"]);
  });
});
