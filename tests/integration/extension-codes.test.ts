import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { loader as codesLoader } from "#app/routes/api.extension.marchands.$programId.codes";
import { action as resultAction, loader as resultLoader } from "#app/routes/api.extension.codes.$id.resultat";
import { loader as moiLoader } from "#app/routes/api.extension.moi";
import { loader as shopsLoader } from "#app/routes/api.extension.marchands";
import type { ExtensionCodeList, ExtensionMoi, ExtensionShopList } from "#app/modules/extension/extension-shops";
import { creditMember } from "#app/modules/ledger/ledger-events.server";
import { RATE_LIMITS } from "#app/lib/rate-limit.server";
import { setSetting } from "#app/modules/settings/settings.server";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const EXTENSION_ORIGIN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const SELECTORS = { couponInput: "#coupon", applyButton: "#apply", total: "#total", couponError: "#coupon-error", errorPage: "#error" };

/**
 * The extension's codes at checkout and its popup (issue #40 items 6 and 7, ADR 050): a shop's codes, a code's
 * result reported as the member's « Ça a marché ? » answer, the popup's member and balances.
 */
describeEachDb("the extension's codes, results and popup", ({ database }) => {
  let brandId: string;
  let programId: string;
  let liveId: string;
  let expiredId: string;

  beforeAll(async () => {
    const db = database().db;
    await setSetting("cashback_launched", true);
    [{ id: brandId }] = await db.insert(s.brands).values({ name: "Caisse Ext", slug: "caisse-ext", websiteUrl: "https://www.caisse-ext.fr", checkoutSelectors: SELECTORS }).returning();
    [{ id: programId }] = await db
      .insert(s.affiliatePrograms)
      .values({ brandId, network: "awin", networkAccountId: "ext", networkProgramId: "caisse-ext", trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}" })
      .returning();
    await db.insert(s.programRates).values({ programId, label: "Tous", displayPercent: "10.00", validFrom: new Date(Date.now() - 86_400_000) });
    [{ id: liveId }] = await db.insert(s.promoCodes).values({ brandId, code: "CAISSE10", discountAmount: "-10 %" }).returning();
    [{ id: expiredId }] = await db.insert(s.promoCodes).values({ brandId, code: "VIEUX", discountAmount: "-5 %", expiresAt: new Date(Date.now() - 86_400_000) }).returning();
  });

  const codes = (cookie?: string, id = programId) => callRoute(codesLoader, req(`/api/extension/marchands/${id}/codes`, { cookie }), { programId: id });
  const report = (id: string, body: unknown, options: { cookie?: string; origin?: string; type?: string } = {}) => {
    const request = req(`/api/extension/codes/${id}/resultat`, {
      method: "POST",
      cookie: options.cookie,
      headers: { "content-type": options.type ?? "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    if (options.origin !== undefined) request.headers.set("origin", options.origin);
    return callRoute(resultAction, request, { id });
  };
  const answers = (promoCodeId: string) => database().db.select().from(s.codeFeedback).where(eq(s.codeFeedback.promoCodeId, promoCodeId));

  it("lists the shop's checkout selectors with the partner shops", async () => {
    const shops = (await callRoute(shopsLoader, req("/api/extension/marchands"))).data as ExtensionShopList;
    expect(shops.shops.find((shop) => shop.programId === programId)?.checkoutSelectors).toEqual(SELECTORS);
  });

  it("gives a member the shop's live codes in full, a visitor masked ones (as on the site), never kept by a cache", async () => {
    const member = await signedInUser();
    const mine = await codes(member.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.data).toEqual<ExtensionCodeList>({ signedIn: true, codes: [{ id: liveId, code: "CAISSE10", discount: "-10 %", masked: false }] });
    const visitor = (await codes()).data as ExtensionCodeList;
    expect(visitor.signedIn).toBe(false);
    expect(visitor.codes).toEqual([{ id: liveId, code: expect.not.stringContaining("CAISSE10"), discount: "-10 %", masked: true }]);
    expect((await codes(undefined, "not-a-uuid")).status).toBe(404);
    expect((await codes(undefined, "00000000-0000-4000-8000-000000000000")).data).toEqual({ message: "Cette boutique n'est pas partenaire de Crevarde." });
  });

  it("records a signed-in member's result as their « Ça a marché ? » answer, the latest winning", async () => {
    const member = await signedInUser();
    const yes = await report(liveId, { answer: "oui" }, { cookie: member.cookie, origin: EXTENSION_ORIGIN });
    expect(yes.status).toBe(200);
    expect(yes.data).toEqual({ recorded: true, message: "Résultat enregistré : il compte dans « Ça a marché ? »." });
    const no = await report(liveId, { answer: "non" }, { cookie: member.cookie, origin: EXTENSION_ORIGIN });
    expect(no.status).toBe(200);
    const rows = await database().db.select().from(s.codeFeedback).where(and(eq(s.codeFeedback.promoCodeId, liveId), eq(s.codeFeedback.userId, member.id)));
    expect(rows.map((r) => [r.worked, r.reason])).toEqual([[false, null]]);
    // from the site itself too (the same session)
    expect((await report(liveId, { answer: "oui" }, { cookie: member.cookie })).status).toBe(200);
  });

  it("records nothing for a visitor, and says so", async () => {
    const before = (await answers(expiredId)).length;
    const res = await report(expiredId, { answer: "oui" }, { origin: EXTENSION_ORIGIN });
    expect(res.status).toBe(401);
    expect(res.data).toEqual({ recorded: false, message: "Sans connexion à Crevarde, ce résultat n'est pas enregistré : connecte-toi sur le site pour qu'il compte." });
    expect(await answers(expiredId)).toHaveLength(before);
  });

  it("refuses a bad body, a non-JSON body, another origin and an unknown code with a French 4xx", async () => {
    const member = await signedInUser();
    const opts = { cookie: member.cookie, origin: EXTENSION_ORIGIN };
    for (const body of [{ answer: "peut-être" }, { answer: "oui", extra: 1 }, {}, [], "pas du json"]) {
      const res = await report(liveId, body, opts);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await report(liveId, { answer: "maybe" }, opts)).data).toEqual({ recorded: false, message: "Résultat invalide : « answer » vaut « oui » ou « non »." });
    // a form or text/plain body (which a page elsewhere may send without a preflight) is refused
    const form = await report(liveId, "answer=oui", { ...opts, type: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect((await report(liveId, JSON.stringify({ answer: "oui" }), { ...opts, type: "text/plain" })).status).toBe(415);
    for (const origin of ["https://evil.example", "null", ""]) {
      const res = await report(liveId, { answer: "oui" }, { ...opts, origin });
      expect(res.status, origin).toBe(403);
      expect(res.data).toEqual({ recorded: false, message: "Requête refusée : elle ne provient ni de l'extension Crevarde ni du site." });
    }
    expect((await report("00000000-0000-4000-8000-000000000000", { answer: "oui" }, opts)).status).toBe(404);
    expect((await report("pas-un-id", { answer: "oui" }, opts)).status).toBe(404);
    expect((await callRoute(resultLoader, req(`/api/extension/codes/${liveId}/resultat`))).status).toBe(405);
  });

  it("shares « Ça a marché ? »'s rate limit: 30 answers per member in 10 minutes, then a French 429", async () => {
    const member = await signedInUser();
    for (let i = 0; i < RATE_LIMITS.codeFeedback.limit; i++) {
      expect((await report(liveId, { answer: i % 2 ? "non" : "oui" }, { cookie: member.cookie, origin: EXTENSION_ORIGIN })).status, `result ${i}`).toBe(200);
    }
    const refused = await report(liveId, { answer: "oui" }, { cookie: member.cookie, origin: EXTENSION_ORIGIN });
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual({ recorded: false, message: "Tu as répondu trop souvent. Réessaie dans quelques minutes." });
  });

  it("gives the popup the member's « Disponible » and « En attente », privately, and a visitor nobody's data", async () => {
    const member = await signedInUser();
    await database().db.transaction((tx) => creditMember(tx, { key: `test:${member.id}:ext`, kind: "cashback_credit", userId: member.id, amountCents: 1234, actor: "system:test" }));
    const mine = await callRoute(moiLoader, req("/api/extension/moi", { cookie: member.cookie }));
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const { member: shown } = mine.data as ExtensionMoi;
    expect(shown).toMatchObject({ available: "12,34\u00a0€", pending: "0,00\u00a0€" });
    const visitor = await callRoute(moiLoader, req("/api/extension/moi"));
    expect(visitor.data).toEqual({ member: null });
    expect(visitor.headers.get("cache-control")).toBe("private, no-store");
  });
});
