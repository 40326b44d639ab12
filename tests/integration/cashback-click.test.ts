import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { loader as activateLoader } from "#app/routes/cashback.activate";
import { loader as continueLoader } from "#app/routes/cashback.activate.continue";
import { loader as brandLoader } from "#app/routes/brands.$id";
import { loader as codesLoader } from "#app/routes/codes-promo";
import { loader as dealsLoader } from "#app/routes/coup-de-crevarde";
import { loader as homeLoader } from "#app/routes/home";
import { buildTrackingUrl, CLICK_OUT_NOT_PUBLIC, CLICK_SESSION_LIMIT, CLICK_SESSION_LIMIT_MESSAGE } from "#app/modules/cashback/click-out.server";
import { CLICK_ID_PATTERN } from "#app/modules/cashback/click-id";
import { setSetting } from "#app/modules/settings/settings.server";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { SUB_ID_PARAM, type NetworkName } from "#app/modules/networks/networks";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { askMoi } from "#tests/helpers/moi";
import { callRoute } from "#tests/helpers/route";

const TEMPLATES: Record<Exclude<NetworkName, "timeone">, string> = {
  awin: "https://www.awin1.com/cread.php?awinmid=1&awinaffid=2&clickref={CLICK_ID}&ued={DEST}",
  effiliation: "https://track.effiliation.com/servlet/effi.redir?id_compteur=1&effi_id={CLICK_ID}&url={DEST}",
  kwanko: "https://action.metaffiliation.com/trk.php?mclic=P1&argsite={CLICK_ID}&redir={DEST}",
  cj: "https://www.anrdoezrs.net/click-1-2?sid={CLICK_ID}&url={DEST}",
  tradedoubler: "https://clk.tradedoubler.com/click?p=1&a=2&epi={CLICK_ID}&url={DEST}",
  impact: "https://example.sjv.io/c/1/2/3?subId1={CLICK_ID}&u={DEST}",
  rakuten: "https://click.linksynergy.com/deeplink?id=x&mid=1&u1={CLICK_ID}&murl={DEST}",
};

describe("buildTrackingUrl", () => {
  const dest = "https://www.marque.fr/promo?x=1&y=é";
  for (const [network, template] of Object.entries(TEMPLATES) as [Exclude<NetworkName, "timeone">, string][]) {
    it(`puts the click id in ${network}'s ${SUB_ID_PARAM[network]} and encodes the destination`, () => {
      const url = new URL(buildTrackingUrl(template, network, "cABCDEFGHIJ0123456789", dest));
      expect(url.searchParams.get(SUB_ID_PARAM[network]!)).toBe("cABCDEFGHIJ0123456789");
      expect([...url.searchParams.values()]).toContain(dest);
    });
  }
  it("appends the network's sub-id parameter when the template has no {CLICK_ID}", () => {
    const url = new URL(buildTrackingUrl("https://www.awin1.com/cread.php?awinmid=1&ued={DEST}", "awin", "cABCDEFGHIJ0123456789", dest));
    expect(url.searchParams.get("clickref")).toBe("cABCDEFGHIJ0123456789");
    expect(url.searchParams.get("ued")).toBe(dest);
  });
});

describeEachDb("cashback click-out", ({ database }) => {
  const db = () => database().db;
  let brand: typeof s.brands.$inferSelect;
  let otherBrand: typeof s.brands.$inferSelect;
  let program: typeof s.affiliatePrograms.$inferSelect;
  let paused: typeof s.affiliatePrograms.$inferSelect;
  let deal: typeof s.crevardeDeals.$inferSelect;
  let otherDeal: typeof s.crevardeDeals.$inferSelect;
  let code: typeof s.promoCodes.$inferSelect;

  beforeAll(async () => {
    [brand] = await db().insert(s.brands).values({ name: "Marque Cashback", slug: "marque-cashback", websiteUrl: "https://www.marque-cashback.fr/" }).returning();
    [otherBrand] = await db().insert(s.brands).values({ name: "Autre", slug: "autre-cashback", websiteUrl: "https://www.autre.fr/" }).returning();
    [program] = await db()
      .insert(s.affiliatePrograms)
      .values({ brandId: brand.id, network: "awin", networkAccountId: "111", networkProgramId: "222", trackingUrlTemplate: TEMPLATES.awin, declaredValidationDays: 45, conditionsMd: "Hors frais de port." })
      .returning();
    [paused] = await db()
      .insert(s.affiliatePrograms)
      .values({ brandId: otherBrand.id, network: "cj", networkAccountId: "1", networkProgramId: "2", trackingUrlTemplate: TEMPLATES.cj, status: "paused" })
      .returning();
    const now = Date.now();
    await db().insert(s.programRates).values([
      { programId: program.id, label: "Nouveaux clients", displayPercent: "10.00", validFrom: new Date(now - 86_400_000) },
      { programId: program.id, label: "Clients existants", displayPercent: "5.00", validFrom: new Date(now - 86_400_000) },
      // expired and future rates are not in the snapshot
      { programId: program.id, label: "Ancien taux", displayPercent: "20.00", validFrom: new Date(now - 10 * 86_400_000), validTo: new Date(now - 86_400_000) },
      { programId: program.id, label: "Taux futur", displayPercent: "30.00", validFrom: new Date(now + 86_400_000) },
    ]);
    [deal] = await db()
      .insert(s.crevardeDeals)
      .values({ title: "Deal marque", description: "d", price: "10 €", source: "Marque", badgeText: "HOT", url: "https://www.marque-cashback.fr/deal", brandId: brand.id })
      .returning();
    [otherDeal] = await db()
      .insert(s.crevardeDeals)
      .values({ title: "Deal autre", description: "d", price: "10 €", source: "Autre", badgeText: "HOT", url: "https://www.autre.fr/deal", brandId: otherBrand.id })
      .returning();
    [code] = await db().insert(s.promoCodes).values({ brandId: brand.id, code: "CASH10", discountAmount: "10%", url: "https://www.marque-cashback.fr/code" }).returning();
    invalidateAllowedHosts();
  });

  const activate = (programId: string, query = "", cookie?: string) =>
    callRoute(activateLoader, req(`/cashback/activer/${programId}${query}`, { cookie, headers: { "user-agent": "Mozilla/5.0 Firefox/130.0", referer: "http://localhost:3000/marques/marque-cashback" } }), { programId });

  it("a member gets a 302 to the network with a fresh click id in clickref, and a click session with the rate snapshot", async () => {
    const member = await signedInUser();
    const out = await activate(program.id, "", member.cookie);
    expect(out.status).toBe(302);
    expect(out.headers.get("cache-control")).toBe("no-store");
    expect(out.headers.get("referrer-policy")).toBe("no-referrer");
    const location = new URL(out.location!);
    expect(location.host).toBe("www.awin1.com");
    const clickId = location.searchParams.get("clickref")!;
    expect(clickId).toMatch(CLICK_ID_PATTERN);
    expect(location.searchParams.get("ued")).toBe("https://www.marque-cashback.fr/");
    const [row] = await db().select().from(s.clickSessions).where(eq(s.clickSessions.clickId, clickId));
    expect(row.userId).toBe(member.id);
    expect(row.clickId).not.toContain(member.id);
    expect(row.clickId).not.toContain(member.id.replaceAll("-", "").slice(0, 8));
    expect(row.brandId).toBe(brand.id);
    expect(row.destinationUrl).toBe("https://www.marque-cashback.fr/");
    expect(row.sourcePath).toBe("/marques/marque-cashback");
    expect(row.userAgentFamily).toBe("firefox");
    expect(row.visitorHash).toMatch(/^[0-9a-f]{32}$/);
    const snapshot = row.rateSnapshot as { shareBps: number; programId: string; clickedAt: string; rates: Array<{ label: string; displayPercent: string }> };
    expect(snapshot.shareBps).toBe(7000);
    expect(snapshot.programId).toBe(program.id);
    expect(snapshot.rates.map((r) => r.label).sort()).toEqual(["Clients existants", "Nouveaux clients"]);
    expect(snapshot.rates.find((r) => r.label === "Nouveaux clients")?.displayPercent).toBe("10.00");
    expect(Date.parse(snapshot.clickedAt)).toBeGreaterThan(Date.now() - 60_000);
    // a second click gets another id
    const again = new URL((await activate(program.id, "", member.cookie)).location!);
    expect(again.searchParams.get("clickref")).not.toBe(clickId);
  });

  it("a deal or a code of the brand sends to its own page", async () => {
    const member = await signedInUser();
    const viaDeal = new URL((await activate(program.id, `?deal=${deal.id}`, member.cookie)).location!);
    expect(viaDeal.searchParams.get("ued")).toBe("https://www.marque-cashback.fr/deal");
    const [dealRow] = await db().select().from(s.clickSessions).where(eq(s.clickSessions.clickId, viaDeal.searchParams.get("clickref")!));
    expect(dealRow.dealId).toBe(deal.id);
    const viaCode = new URL((await activate(program.id, `?code=${code.id}`, member.cookie)).location!);
    expect(viaCode.searchParams.get("ued")).toBe("https://www.marque-cashback.fr/code");
  });

  it("a deal of another brand, or a malformed id, is a French 400 and records nothing", async () => {
    const member = await signedInUser();
    const other = await activate(program.id, `?deal=${otherDeal.id}`, member.cookie);
    expect(other.status).toBe(400);
    expect(other.data).toBe("Ce bon plan n'appartient pas à cette marque.");
    expect((await activate(program.id, "?deal=pas-un-uuid", member.cookie)).status).toBe(400);
    expect((await activate(program.id, `?deal=${deal.id}&code=${code.id}`, member.cookie)).status).toBe(400);
    expect(await db().select().from(s.clickSessions).where(eq(s.clickSessions.userId, member.id))).toHaveLength(0);
  });

  it("a deal scheduled for later or a code already unpublished (ADR 030) is a French 400 and records nothing", async () => {
    const member = await signedInUser();
    const [later] = await db()
      .insert(s.crevardeDeals)
      .values({ title: "Deal programmé", description: "d", price: "10 €", source: "Marque", badgeText: "HOT", url: "https://www.marque-cashback.fr/plus-tard", brandId: brand.id, publishAt: new Date(Date.now() + 3_600_000) })
      .returning();
    const [ended] = await db()
      .insert(s.promoCodes)
      .values({ brandId: brand.id, code: "FINI10", discountAmount: "10%", unpublishAt: new Date(Date.now() - 60_000) })
      .returning();
    for (const query of [`?deal=${later.id}`, `?code=${ended.id}`]) {
      const out = await activate(program.id, query, member.cookie);
      expect(out.status).toBe(400);
      expect(out.data).toBe(CLICK_OUT_NOT_PUBLIC);
    }
    expect(await db().select().from(s.clickSessions).where(eq(s.clickSessions.userId, member.id))).toHaveLength(0);
  });

  it("a paused, unknown or malformed programme is a French 404, never a 500", async () => {
    const member = await signedInUser();
    const out = await activate(paused.id, "", member.cookie);
    expect(out.status).toBe(404);
    expect(out.data).toBe("Ce programme de cashback n'existe pas ou n'est plus actif.");
    expect((await activate("00000000-0000-4000-8000-000000000000", "", member.cookie)).status).toBe(404);
    expect((await activate("xyz", "", member.cookie)).status).toBe(404);
    expect((await activate(paused.id)).status).toBe(404);
  });

  it("too many clicks from one member get a French 429 and no click session", async () => {
    const member = await signedInUser();
    await db()
      .insert(s.rateLimits)
      .values({ key: `${CLICK_SESSION_LIMIT.name}:${member.id}`, count: CLICK_SESSION_LIMIT.limit, resetAt: new Date(Date.now() + 60_000) });
    const out = await activate(program.id, "", member.cookie);
    expect(out.status).toBe(429);
    expect(out.data).toBe(CLICK_SESSION_LIMIT_MESSAGE);
    expect(await db().select().from(s.clickSessions).where(eq(s.clickSessions.userId, member.id))).toHaveLength(0);
  });

  it("a visitor is sent to sign in and back to the same activation (deal or code kept); an inactive programme is a 404", async () => {
    const out = await activate(program.id);
    expect(out.status).toBe(302);
    expect(out.location).toBe(`/auth?redirect=${encodeURIComponent(`/cashback/activer/${program.id}/suite`)}`);
    const withDeal = await activate(program.id, `?deal=${deal.id}`);
    expect(withDeal.location).toBe(`/auth?redirect=${encodeURIComponent(`/cashback/activer/${program.id}/suite?deal=${deal.id}`)}`);
    expect((await activate(paused.id)).status).toBe(404);
    // the page a visitor lands on once signed in: for members only, then on to the activation
    const cont = (id: string, query = "", cookie?: string) => callRoute(continueLoader, req(`/cashback/activer/${id}/suite${query}`, { cookie }), { programId: id });
    expect((await cont(program.id, `?deal=${deal.id}`)).location).toBe(`/auth?redirect=${encodeURIComponent(`/cashback/activer/${program.id}/suite?deal=${deal.id}`)}`);
    // only `deal` or `code` travels through sign-in: a junk query never makes an oversized Location (found by the route fuzzer)
    const junk = `?deal=${deal.id}&x=${"$1 ".repeat(5000)}`;
    expect((await cont(program.id, junk)).location).toBe(`/auth?redirect=${encodeURIComponent(`/cashback/activer/${program.id}/suite?deal=${deal.id}`)}`);
    // nor does a 14 kB id in the path, which the fuzzer also sent: past the redirect limit the way back is dropped
    const longId = encodeURIComponent("\\ ".repeat(2330));
    expect((await cont(longId)).location).toBe("/auth");
    const member = await signedInUser();
    expect((await cont(program.id, `?deal=${deal.id}`, member.cookie)).data).toEqual({ brandName: "Marque Cashback", href: `/cashback/activer/${program.id}?deal=${deal.id}` });
    expect((await cont(paused.id, "", member.cookie)).status).toBe(404);
  });

  it("a featured offer's « Activer le cashback » goes through its brand's programme, for everyone, only once launched", async () => {
    await db().insert(s.offers).values({ name: "Offre cashback", brandId: brand.id, regularPrice: "20,00€", isFeatured: true });
    await db().insert(s.offers).values({ name: "Offre sans programme", brandId: otherBrand.id, regularPrice: "20,00€", isFeatured: true });
    await setSetting("cashback_launched", true);
    const home = await callRoute(homeLoader, req("/"));
    expect(home.data.offers.find((o) => o.name === "Offre cashback")?.cashback?.href).toBe(`/cashback/activer/${program.id}`);
    expect(home.data.offers.find((o) => o.name === "Offre sans programme")?.cashback).toBeNull();
    await setSetting("cashback_launched", false);
    const off = await callRoute(homeLoader, req("/"));
    expect(off.data.offers.find((o) => o.name === "Offre cashback")?.cashback?.href).toBeNull();
  });

  it("the brand page shows the block (member rates, declared delay), the same for everyone; /api/moi gives a member's links through the click-out, only once launched", async () => {
    const member = await signedInUser();
    const moi = (cookie?: string) => askMoi(cookie, { deals: [deal.id], codes: [code.id] });
    await setSetting("cashback_launched", false);
    const off = await callRoute(brandLoader, req("/marques/marque-cashback", { cookie: member.cookie }), { id: "marque-cashback" });
    expect(off.data.cashback).toBeNull();
    expect((await moi(member.cookie)).cashback).toEqual({});
    await setSetting("cashback_launched", true);
    const on = await callRoute(brandLoader, req("/marques/marque-cashback", { cookie: member.cookie }), { id: "marque-cashback" });
    expect(on.data.cashback?.programId).toBe(program.id);
    expect(on.data.cashback?.rates).toMatchObject([
      { label: "Clients existants", memberRate: "3,5\u00a0%" },
      { label: "Nouveaux clients", memberRate: "7\u00a0%" },
    ]);
    expect(on.data.cashback?.delayText).toBe("Délai de validation annoncé : 45 jours");
    // a shared page (ADR 048): the member gets the visitor's page, masked codes and /kpi links included
    const visitor = await callRoute(brandLoader, req("/marques/marque-cashback"), { id: "marque-cashback" });
    expect(on.data).toEqual(visitor.data);
    expect(on.data.codes.find((c) => c.id === code.id)?.masked).toBe(true);
    // their links come from /api/moi; a visitor gets none
    expect((await moi(member.cookie)).cashback).toEqual({
      [deal.id]: `/cashback/activer/${program.id}?deal=${deal.id}`,
      [code.id]: `/cashback/activer/${program.id}?code=${code.id}`,
    });
    expect((await moi()).cashback).toEqual({});
  });

  it("on the home page a member's featured deal and code of a brand with a programme go through the click-out, once launched", async () => {
    const member = await signedInUser();
    await db().update(s.crevardeDeals).set({ isFeatured: true }).where(eq(s.crevardeDeals.id, deal.id));
    await db().update(s.promoCodes).set({ isFeatured: true }).where(eq(s.promoCodes.id, code.id));
    await setSetting("cashback_launched", true);
    // the same page for everyone (ADR 048): /kpi in the page, the member's links from /api/moi
    const home = await callRoute(homeLoader, req("/", { cookie: member.cookie }));
    expect(home.data.codes).toEqual((await callRoute(homeLoader, req("/"))).data.codes);
    expect(home.data.deals.find((d) => d.id === deal.id)).not.toHaveProperty("cashbackHref");
    const moi = (cookie?: string) => askMoi(cookie, { deals: [deal.id], codes: [code.id] });
    expect((await moi(member.cookie)).cashback).toEqual({
      [deal.id]: `/cashback/activer/${program.id}?deal=${deal.id}`,
      [code.id]: `/cashback/activer/${program.id}?code=${code.id}`,
    });
    expect((await moi()).cashback).toEqual({});
    await setSetting("cashback_launched", false);
    expect((await moi(member.cookie)).cashback).toEqual({});
  });

  it("on /codes-promo and /coup-de-crevarde a member's cards of a brand with a programme go through the click-out, once launched", async () => {
    const member = await signedInUser();
    await setSetting("cashback_launched", true);
    // both are the same page for everyone (ADR 048): /kpi in the page, the member's links from /api/moi
    const codes = await callRoute(codesLoader, req("/codes-promo", { cookie: member.cookie }));
    expect(codes.data.codes.find((c) => c.id === code.id)).not.toHaveProperty("cashbackHref");
    const deals = await callRoute(dealsLoader, req("/coup-de-crevarde", { cookie: member.cookie }));
    expect(deals.data.deals.find((d) => d.id === deal.id)).not.toHaveProperty("cashbackHref");
    const moi = (cookie?: string) => askMoi(cookie, { deals: [deal.id, otherDeal.id], codes: [code.id] });
    expect((await moi(member.cookie)).cashback).toEqual({
      [deal.id]: `/cashback/activer/${program.id}?deal=${deal.id}`,
      [code.id]: `/cashback/activer/${program.id}?code=${code.id}`,
    });
    // the brand of the paused programme keeps /kpi; a visitor gets no link
    expect((await moi()).cashback).toEqual({});
    await setSetting("cashback_launched", false);
    expect((await moi(member.cookie)).cashback).toEqual({});
  });

  it("the observed delay replaces the declared one from 20 of our validated conversions in 180 days", async () => {
    const day = 86_400_000;
    const now = Date.now();
    const rows = Array.from({ length: 20 }, (_, i) => ({
      network: "awin",
      networkAccountId: "111",
      conversionKey: `k${i}`,
      programId: program.id,
      networkStatusRaw: "approved",
      status: "approved" as const,
      commissionAmount: "1.00",
      firstCommissionAmount: "1.00",
      currency: "EUR",
      transactionAt: new Date(now - (i + 1) * day - 5 * day),
      validatedAt: new Date(now - 5 * day),
      rawHash: `h${i}`,
    }));
    // too old, and pending: not counted
    rows.push({ ...rows[0], conversionKey: "old", rawHash: "old", transactionAt: new Date(now - 400 * day), validatedAt: new Date(now - 200 * day) });
    await db().insert(s.conversions).values(rows);
    await setSetting("cashback_launched", true);
    const page = await callRoute(brandLoader, req("/marques/marque-cashback"), { id: "marque-cashback" });
    expect(page.data.cashback?.delayText).toBe("Délai de validation constaté : 10 jours (90 % des achats validés sous 18 jours)");
  });
});
