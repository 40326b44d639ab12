import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "#app/lib/db.server";
import { boostUntilText } from "#app/modules/cashback/boost";
import { startClickSession } from "#app/modules/cashback/click-out.server";
import { bestRateForBrand, listBrandCashback } from "#app/modules/cashback/programs.server";
import { listBrandOffers, listFeaturedOffers } from "#app/modules/offers/offers.server";
import { searchSite, suggest } from "#app/modules/search/site-search.server";
import { importRecords } from "#app/modules/conversions/import.server";
import { memberBalances, verifyLedger } from "#app/modules/ledger/ledger.server";
import { setSetting } from "#app/modules/settings/settings.server";
import { action as programmesAction, loader as programmesLoader } from "#app/routes/admin/programmes";
import { action as settingsAction } from "#app/routes/admin/settings";
import { loader as authLoader } from "#app/routes/auth";
import { loader as monCashbackLoader } from "#app/routes/mon-cashback";
import * as s from "#db/schema";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { makeClick, makeProgramme, rec } from "#tests/helpers/conversions";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";

vi.mock("#app/modules/cashback/notifications.server", () => ({ onMemberCashbackChanged: vi.fn(async () => {}) }));

const DAY = 86_400_000;
const pull = (records: Parameters<typeof importRecords>[0]["records"]) => importRecords({ records, source: "pull", actor: "system" });
/** A Paris `datetime-local` value `days` from now (whole minutes). */
const local = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(d).replace(" ", "T");
};

describeEachDb("programme boosts (issue #34 item 6)", ({ database }) => {
  let admin: SignedInUser;
  let brandId: string;
  let programId: string;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: "boost-admin@example.fr" });
    const [brand] = await database().db.insert(s.brands).values({ name: "Marque Boostée", slug: "marque-boostee", websiteUrl: "https://www.marque-boostee.fr" }).returning();
    brandId = brand.id;
    const [program] = await database()
      .db.insert(s.affiliatePrograms)
      .values({ brandId, network: "awin", networkAccountId: "111", networkProgramId: "boost-1", trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=1&awinaffid=111&clickref={CLICK_ID}&ued={DEST}" })
      .returning();
    programId = program.id;
    await database().db.insert(s.programRates).values({ programId, label: "Tous les achats", displayPercent: "10.00", validFrom: new Date(Date.now() - 30 * DAY) });
  });
  const post = (form: Record<string, string>) => callRoute(programmesAction, req("/admin/programmes", { cookie: admin.cookie, form: { intent: "boost", programId, ...form } }));
  const boostAudits = () => database().db.$count(s.auditLog, and(eq(s.auditLog.entity, "affiliate_program"), eq(s.auditLog.entityId, programId)));

  it("refuses a boost that ends before it starts, is not above the usual share, or is over, in French, writing nothing", async () => {
    const before = await boostAudits();
    const backwards = await post({ startsAt: local(3), endsAt: local(1), boostSharePercent: "100" });
    expect(backwards.status).toBe(400);
    expect(formErrors(backwards).endsAt).toEqual(["La fin du boost doit être postérieure à son début."]);
    const missing = await post({ startsAt: "", endsAt: "", boostSharePercent: "abc" });
    expect(formErrors(missing)).toMatchObject({
      startsAt: ["La date de début du boost est obligatoire."],
      endsAt: ["La date de fin du boost est obligatoire."],
      boostSharePercent: ["La part membre boostée doit être un pourcentage (ex. 100)."],
    });
    expect(formErrors(await post({ startsAt: local(0), endsAt: local(2), boostSharePercent: "120" })).boostSharePercent).toEqual([
      "La part membre boostée ne peut pas dépasser 100 % de la commission.",
    ]);
    const notAbove = await post({ startsAt: local(0), endsAt: local(2), boostSharePercent: "70" });
    expect(notAbove.status).toBe(400);
    expect((notAbove.data as { toast: { description: string } }).toast.description).toBe(
      "La part membre boostée doit dépasser la part habituelle (70\u00a0%) : sinon le taux boosté ne serait pas supérieur au taux de base.",
    );
    const over = await post({ startsAt: local(-3), endsAt: local(-1), boostSharePercent: "100" });
    expect(over.status).toBe(400);
    expect((over.data as { toast: { description: string } }).toast.description).toBe("La fin du boost est déjà passée : choisis une date de fin à venir.");
    const [row] = await database().db.select().from(s.affiliatePrograms).where(eq(s.affiliatePrograms.id, programId));
    expect(row.boostShareBps).toBeNull();
    expect(await boostAudits()).toBe(before);
  });

  it("saves a boost with its audit entry; every rate shown is boosted until the end, then the usual rate comes back by itself", async () => {
    const before = await boostAudits();
    const saved = await post({ startsAt: local(-1), endsAt: local(5), boostSharePercent: "100" });
    expect(saved.status).toBe(200);
    expect(await boostAudits()).toBe(before + 1);
    const [audit] = await database().db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "affiliate_program"), eq(s.auditLog.entityId, programId))).orderBy(s.auditLog.at);
    expect(audit.actorEmail).toBe("boost-admin@example.fr");
    expect(audit.after).toMatchObject({ boostShareBps: 10_000 });
    const [row] = await database().db.select().from(s.affiliatePrograms).where(eq(s.affiliatePrograms.id, programId));

    // the one source of every surface's rate (cards, tiles, brand page, search, /marques): 10 % × 100 % instead of × 70 %
    const now = new Date();
    const boosted = await bestRateForBrand(brandId, now);
    expect(boosted).toMatchObject({ rate: "10\u00a0%", label: "10\u00a0% de cashback", boost: { base: "7\u00a0%" } });
    expect(boosted?.boostText).toBe(`Cashback boosté : 10\u00a0% au lieu de 7\u00a0% ${boostUntilText(row.boostEndsAt!, now)}`);
    // the admin list says so too
    const page = await callRoute(programmesLoader, req("/admin/programmes", { cookie: admin.cookie }));
    const listed = (page.data as { programs: { id: string; boostState: string; currentRates: { boostedLabel: string | null; memberLabel: string }[] }[] }).programs.find((p) => p.id === programId)!;
    expect(listed.boostState).toBe("active");
    expect(listed.currentRates[0]).toMatchObject({ boostedLabel: "10\u00a0%", memberLabel: "7\u00a0%" });

    // read again at the boost's end, without any write: the cached entry does not outlive it
    const atEnd = await listBrandCashback([brandId], row.boostEndsAt!);
    expect(atEnd.get(brandId)).toMatchObject({ rate: "7\u00a0%", boost: null, boostText: null });
    const justBefore = await listBrandCashback([brandId], new Date(row.boostEndsAt!.getTime() - 1));
    expect(justBefore.get(brandId)?.rate).toBe("10\u00a0%");
  });

  it("the boost reaches every surface of the rate: featured offer cards, the brand's offers, search results and suggestions", async () => {
    await setSetting("cashback_launched", true);
    const [offer] = await database()
      .db.insert(s.offers)
      .values({ brandId, name: "Sérum boostissime", regularPrice: "30,00 €", isFeatured: true, url: "https://www.marque-boostee.fr/serum" })
      .returning();
    const now = new Date();
    const text = (await bestRateForBrand(brandId, now))?.boostText;
    expect(text).toMatch(/^Cashback boosté : 10\u00a0% au lieu de 7\u00a0% /);
    const featured = (await listFeaturedOffers(null, true, now)).find((o) => o.id === offer.id);
    expect(featured?.cashback).toMatchObject({ boost: text });
    expect((await listBrandOffers(brandId, true, now)).find((o) => o.id === offer.id)?.cashback).toMatchObject({ boost: text });
    const found = await searchSite("boostissime", false, now);
    expect(JSON.stringify(found)).toContain(text);
    const suggested = await suggest("Marque Boost", now);
    expect(suggested.find((x) => x.kind === "brand" && x.label === "Marque Boostée")).toMatchObject({ boost: text });
  });

  it("a purchase clicked during the boost is credited at the boosted share; one clicked after it at the usual share", async () => {
    const member = await signedInUser({ email: "boost-member@example.fr" });
    const [row] = await database().db.select().from(s.affiliatePrograms).where(eq(s.affiliatePrograms.id, programId));
    const during = await startClickSession({ userId: member.id, programId, ip: "203.0.113.9", userAgent: null, now: new Date() });
    const after = await startClickSession({ userId: member.id, programId, ip: "203.0.113.9", userAgent: null, now: new Date(row.boostEndsAt!.getTime() + 1000) });
    const [snapDuring] = await database().db.select().from(s.clickSessions).where(eq(s.clickSessions.clickId, during.clickId));
    expect(snapDuring.rateSnapshot).toMatchObject({ shareBps: 10_000, boosted: true, usualShareBps: 7000 });
    await setSetting("welcome_bonus_cents", 0);
    await pull([
      rec({ networkAccountId: "111", networkProgramId: "boost-1", clickId: during.clickId, status: "approved", networkStatusRaw: "approved", commissionAmount: "10.00" }),
      rec({ networkAccountId: "111", networkProgramId: "boost-1", clickId: after.clickId, status: "approved", networkStatusRaw: "approved", commissionAmount: "10.00" }),
    ]);
    const cashbacks = await database().db.select().from(s.memberCashbacks).where(eq(s.memberCashbacks.userId, member.id));
    expect(cashbacks.map((c) => c.amountCents).sort((a, b) => a - b)).toEqual([700, 1000]);
    await setSetting("welcome_bonus_cents", 300);
  });

  it("removing the boost is audited and ends it at once", async () => {
    const before = await boostAudits();
    const cleared = await callRoute(programmesAction, req("/admin/programmes", { cookie: admin.cookie, form: { intent: "boost-clear", programId } }));
    expect(cleared.status).toBe(200);
    expect(await boostAudits()).toBe(before + 1);
    expect(await bestRateForBrand(brandId)).toMatchObject({ rate: "7\u00a0%", boostText: null });
  });
});

describeEachDb("welcome bonus (issue #34 item 6)", ({ database }) => {
  const approved = (clickId: string, over: Partial<Parameters<typeof rec>[0]> = {}) => rec({ clickId, status: "approved", networkStatusRaw: "approved", commissionAmount: "10.00", ...over });

  async function memberWithClicks(n: number) {
    const member = await signedInUser();
    const programme = await makeProgramme("awin");
    const clicks = [];
    for (let i = 0; i < n; i++) clicks.push(await makeClick(member.id, programme.id));
    return { member, programme, clicks };
  }
  const bonusesOf = (userId: string) => database().db.select().from(s.welcomeBonuses).where(eq(s.welcomeBonuses.userId, userId));

  it("is credited once, from the marketing account, when the first purchase is validated, audited; not again at the second", async () => {
    await setSetting("welcome_bonus_cents", 300);
    const { member, programme, clicks } = await memberWithClicks(2);
    await pull([approved(clicks[0].clickId, { networkProgramId: programme.networkProgramId })]);
    const [bonus] = await bonusesOf(member.id);
    expect(bonus).toMatchObject({ amountCents: 300 });
    // 10 € × 70 % = 7 € of cashback, plus the 3 € bonus
    expect(await memberBalances(member.id)).toMatchObject({ available: 1000, pending: 0 });
    const db = await getDb();
    const transfers = await db.select().from(s.ledgerTransfers).where(like(s.ledgerTransfers.idempotencyKey, `wb:${bonus.id}%`));
    expect(transfers).toHaveLength(1);
    const [marketing] = await db.select().from(s.ledgerAccounts).where(and(eq(s.ledgerAccounts.owner, "platform"), eq(s.ledgerAccounts.kind, "marketing")));
    expect(transfers[0]).toMatchObject({ fromAccountId: marketing.id, amountCents: 300, refType: "welcome_bonus", refId: bonus.id });
    expect(await db.$count(s.auditLog, and(eq(s.auditLog.entity, "welcome_bonus"), eq(s.auditLog.entityId, bonus.id)))).toBe(1);

    await pull([approved(clicks[1].clickId, { networkProgramId: programme.networkProgramId })]);
    expect(await bonusesOf(member.id)).toHaveLength(1);
    expect(await memberBalances(member.id)).toMatchObject({ available: 1700 });
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });

    // /mon-cashback: the bonus is a line of the history, with its label
    const page = await callRoute(monCashbackLoader, req("/mon-cashback", { cookie: member.cookie }));
    expect((page.data as { welcomeBonus: unknown }).welcomeBonus).toEqual({ amountCents: 300, creditedAt: bonus.createdAt.toISOString() });
  });

  it("is not credited for a refused purchase, nor when the setting is 0, nor at a later purchase once the first had none", async () => {
    await setSetting("welcome_bonus_cents", 300);
    const refused = await memberWithClicks(1);
    const key = `refused-${refused.clicks[0].clickId}`;
    await pull([rec({ conversionKey: key, clickId: refused.clicks[0].clickId, networkProgramId: refused.programme.networkProgramId })]);
    await pull([rec({ conversionKey: key, clickId: refused.clicks[0].clickId, networkProgramId: refused.programme.networkProgramId, status: "declined", networkStatusRaw: "declined" })]);
    expect((await database().db.select().from(s.memberCashbacks).where(eq(s.memberCashbacks.userId, refused.member.id)))[0].status).toBe("refused");
    expect(await bonusesOf(refused.member.id)).toEqual([]);
    expect((await memberBalances(refused.member.id)).available).toBe(0);

    await setSetting("welcome_bonus_cents", 0);
    const off = await memberWithClicks(2);
    await pull([approved(off.clicks[0].clickId, { networkProgramId: off.programme.networkProgramId })]);
    expect(await bonusesOf(off.member.id)).toEqual([]);
    expect((await memberBalances(off.member.id)).available).toBe(700);
    // the bonus is on again, but this member's first purchase is already validated
    await setSetting("welcome_bonus_cents", 300);
    await pull([approved(off.clicks[1].clickId, { networkProgramId: off.programme.networkProgramId })]);
    expect(await bonusesOf(off.member.id)).toEqual([]);
    expect(await verifyLedger()).toEqual({ ok: true, problems: [] });
  });

  it("a second bonus row for a member is refused by the database", async () => {
    const { member } = await memberWithClicks(0);
    await database().db.insert(s.welcomeBonuses).values({ userId: member.id, amountCents: 300 });
    await expect(database().db.insert(s.welcomeBonuses).values({ userId: member.id, amountCents: 300 })).rejects.toThrow();
  });

  describe("the sign-up page and the settings", () => {
    it("promises the bonus only while cashback is launched and the bonus is above 0", async () => {
      const promise = async () => ((await callRoute(authLoader, req("/auth?tab=signup"))).data as { welcomeBonus: string | null }).welcomeBonus;
      await setSetting("welcome_bonus_cents", 300);
      await setSetting("cashback_launched", true);
      expect(await promise()).toBe("3,00\u00a0€ offerts à ton premier achat validé");
      await setSetting("cashback_launched", false);
      expect(await promise()).toBeNull();
      await setSetting("cashback_launched", true);
      await setSetting("welcome_bonus_cents", 0);
      expect(await promise()).toBeNull();
      await setSetting("welcome_bonus_cents", 300);
    });

    it("an admin sets the bonus in euros on /admin/settings (audited with the settings), a bad amount is refused in French", async () => {
      const admin = await signedInUser({ role: "admin" });
      const form = { temuEndsAt: "2027-05-25T23:59", welcomeBonus: "5,50" };
      const saved = await callRoute(settingsAction, req("/admin/settings", { cookie: admin.cookie, form }));
      expect(saved.status).toBe(200);
      const db = await getDb();
      const [row] = await db.select().from(s.siteSettings).where(eq(s.siteSettings.key, "welcome_bonus_cents"));
      expect(row.value).toBe(550);
      const bad = await callRoute(settingsAction, req("/admin/settings", { cookie: admin.cookie, form: { ...form, welcomeBonus: "mille" } }));
      expect(bad.status).toBe(400);
      expect(formErrors(bad).welcomeBonus).toEqual(["Le bonus de bienvenue doit être un montant en euros entre 0 et 100 (par exemple 3,00)."]);
      await setSetting("welcome_bonus_cents", 300);
    });
  });
});
