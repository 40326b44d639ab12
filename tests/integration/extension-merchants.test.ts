import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { loader as shopsLoader } from "#app/routes/api.extension.marchands";
import type { ExtensionShop, ExtensionShopList } from "#app/modules/extension/extension-shops";
import { setSetting } from "#app/modules/settings/settings.server";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const DAY = 86_400_000;

/** GET /api/extension/marchands (issue #40 item 2, ADR 050): the partner shops the extension matches locally. */
describeEachDb("/api/extension/marchands", ({ database }) => {
  const tag = randomUUID().slice(0, 6);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const db = database().db;
    await setSetting("cashback_launched", true);
    const brand = async (name: string, websiteUrl: string | null) =>
      (await db.insert(s.brands).values({ name: `${name} ${tag}`, slug: `${name.toLowerCase()}-${tag}`, websiteUrl }).returning())[0]!.id;
    const programme = async (brandId: string, boosted: boolean) =>
      (
        await db
          .insert(s.affiliatePrograms)
          .values({
            brandId,
            network: "awin",
            networkAccountId: "ext",
            networkProgramId: `ext-${brandId}`,
            trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}",
            ...(boosted ? { boostShareBps: 10_000, boostStartsAt: new Date(Date.now() - DAY), boostEndsAt: new Date(Date.now() + 3 * DAY) } : {}),
          })
          .returning()
      )[0]!.id;
    const rate = (programId: string, label: string, displayPercent: string) => db.insert(s.programRates).values({ programId, label, displayPercent, validFrom: new Date(Date.now() - DAY) });

    ids.plain = await brand("Plaine", "https://fr.plaine-ext.com/boutique");
    ids.plainProgramme = await programme(ids.plain, false);
    await rate(ids.plainProgramme, "Nouveaux clients", "10.00");
    await rate(ids.plainProgramme, "Clients existants", "5.00");
    await db.insert(s.promoCodes).values([
      { brandId: ids.plain, code: `LIVE1${tag}`, discountAmount: "-10 %" },
      { brandId: ids.plain, code: `LIVE2${tag}`, discountAmount: "-5 €", expiresAt: new Date(Date.now() + DAY) },
      { brandId: ids.plain, code: `GONE${tag}`, discountAmount: "-20 %", expiresAt: new Date(Date.now() - DAY) },
    ]);
    ids.boosted = await brand("Boostee", "https://www.boostee-ext.co.uk");
    ids.boostedProgramme = await programme(ids.boosted, true);
    await rate(ids.boostedProgramme, "Tous les achats", "10.00");
    // no programme, no website, a programme without a current rate: none is a partner shop
    await brand("Sansprogramme", "https://www.sans-programme-ext.fr");
    const noSite = await brand("Sanssite", null);
    await rate(await programme(noSite, false), "Tous", "8.00");
    await programme(await brand("Sanstaux", "https://sans-taux-ext.fr"), false);
  });

  const ask = (headers: Record<string, string> = {}, cookie?: string) => callRoute(shopsLoader, req("/api/extension/marchands", { headers, cookie }));
  const shopsOf = (res: Awaited<ReturnType<typeof ask>>) => (res.data as ExtensionShopList).shops.filter((shop) => shop.name.endsWith(tag));

  it("lists each partner shop by registrable domain, with the brand page's rate, its live codes and its programme", async () => {
    const res = await ask();
    expect(res.status).toBe(200);
    const shops = shopsOf(res);
    expect(shops).toEqual<ExtensionShop[]>([
      { programId: ids.boostedProgramme, name: `Boostee ${tag}`, domains: ["boostee-ext.co.uk"], rateLabel: "10\u00a0% de cashback", liveCodes: 0, checkoutSelectors: null },
      { programId: ids.plainProgramme, name: `Plaine ${tag}`, domains: ["plaine-ext.com"], rateLabel: "Jusqu'à 7\u00a0% de cashback", liveCodes: 2, checkoutSelectors: null },
    ]);
  });

  it("reflects a boost: the boosted share while it runs (10 % of a 10 % rate at 100 %, not 7 %)", async () => {
    const [boosted] = shopsOf(await ask()).filter((shop) => shop.programId === ids.boostedProgramme);
    expect(boosted!.rateLabel).toBe("10\u00a0% de cashback");
    await database().db.update(s.affiliatePrograms).set({ boostShareBps: null, boostStartsAt: null, boostEndsAt: null }).where(eq(s.affiliatePrograms.id, ids.boostedProgramme));
    const [after] = shopsOf(await ask()).filter((shop) => shop.programId === ids.boostedProgramme);
    expect(after!.rateLabel).toBe("7\u00a0% de cashback");
  });

  it("is public and cacheable, with an ETag, and answers 304 to a client that holds the current copy", async () => {
    const res = await ask();
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    const again = await ask({ "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.data).toBe("");
    expect((await ask({ "if-none-match": `W/${etag}, "other"` })).status).toBe(304);
    expect((await ask({ "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("holds no personal data: a member's answer is a visitor's, byte for byte", async () => {
    const member = await signedInUser();
    const visitor = await ask();
    const signedIn = await ask({}, member.cookie);
    expect(signedIn.headers.get("etag")).toBe(visitor.headers.get("etag"));
    expect(JSON.stringify(signedIn.data)).toBe(JSON.stringify(visitor.data));
    expect(JSON.stringify(visitor.data)).not.toContain(member.email);
    expect(Object.keys((visitor.data as ExtensionShopList).shops[0]!).sort()).toEqual(["checkoutSelectors", "domains", "liveCodes", "name", "programId", "rateLabel"]);
  });

  it("is empty before the launch: no rate is shown anywhere yet", async () => {
    await setSetting("cashback_launched", false);
    try {
      expect((await ask()).data).toEqual({ shops: [] });
    } finally {
      await setSetting("cashback_launched", true);
    }
  });
});
