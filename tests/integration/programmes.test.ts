import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema";
import { action, loader } from "#app/routes/admin/programmes";
import { resetEnvCache } from "#app/lib/env.server";
import { addRate, bestRateForBrand, conditionsHtml, listActiveProgramsForBrand, listBrandCashback, ratesAt, saveProgram } from "#app/modules/cashback/programs.server";
import { networkCredentials, networkCredentialsConfigured } from "#app/modules/networks/credentials.server";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";

const AWIN = "https://www.awin1.com/cread.php?awinmid=12345&awinaffid=987654&clickref={CLICK_ID}&ued={DEST}";
const DAY = 86_400_000;

describeEachDb("affiliate programmes", ({ database }) => {
  let admin: SignedInUser;
  let member: SignedInUser;
  let brandId: string;
  let otherBrandId: string;
  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: "programmes-admin@example.fr" });
    member = await signedInUser({ email: "programmes-member@example.fr" });
    const [brand, other] = await database()
      .db.insert(s.brands)
      .values([
        { name: "Marque Programme", slug: "marque-programme" },
        { name: "Autre Marque", slug: "autre-marque" },
      ])
      .returning();
    brandId = brand.id;
    otherBrandId = other.id;
  });
  const post = (cookie: string | undefined, form: Record<string, string>) => callRoute(action, req("/admin/programmes", { cookie, form }));
  const auditCount = () => database().db.$count(s.auditLog);
  const programForm = (extra: Record<string, string> = {}) => ({
    intent: "save",
    brandId,
    network: "awin",
    networkAccountId: "987654",
    networkProgramId: "12345",
    trackingUrlTemplate: AWIN,
    ...extra,
  });

  it("money only (finance and admins): anonymous is sent to sign in, a member is refused, on the loader and on the action", async () => {
    const anon = await callRoute(loader, req("/admin/programmes"));
    expect(anon.location).toBe("/auth?redirect=%2Fadmin%2Fprogrammes");
    expect((await callRoute(loader, req("/admin/programmes", { cookie: member.cookie }))).location).toBe("/");
    const before = await auditCount();
    const refusedAnon = await post(undefined, programForm());
    expect(refusedAnon.status).toBe(401);
    const refused = await post(member.cookie, programForm());
    expect(refused.status).toBe(403);
    expect(refused.data).toBe("Accès réservé à la finance et aux administrateurs.");
    expect(await database().db.$count(s.affiliatePrograms)).toBe(0);
    expect(await auditCount()).toBe(before);
  });

  it("refuses bad input with French messages, writing nothing", async () => {
    const before = await auditCount();
    const out = await post(admin.cookie, programForm({ trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=1&ued={DEST}", memberSharePercent: "150", cookieDays: "400", rateBase: "ht", vatRatePercent: "vingt" }));
    expect(out.status).toBe(400);
    expect(formErrors(out)).toEqual({
      trackingUrlTemplate: ["Le lien de tracking doit contenir {CLICK_ID}."],
      memberSharePercent: ["La part membre doit être comprise entre 0 et 100 %."],
      cookieDays: ["La durée du cookie doit être comprise entre 1 et 365 jours."],
      rateBase: ["Choisis la base de calcul des taux."],
      vatRatePercent: ["Le taux de TVA doit être un pourcentage (ex. 20)."],
    });
    const http = await post(admin.cookie, programForm({ trackingUrlTemplate: "http://www.awin1.com/cread.php?clickref={CLICK_ID}" }));
    expect(formErrors(http)).toEqual({ trackingUrlTemplate: ["Le lien de tracking doit commencer par https://."] });
    const rate = await post(admin.cookie, { intent: "rate", programId: "nope", label: "", kind: "percent", value: "101" });
    expect(rate.status).toBe(400);
    expect(formErrors(rate)).toEqual({ programId: ["Le programme est obligatoire."], label: ["Le libellé du taux est obligatoire."] });
    expect(await database().db.$count(s.affiliatePrograms)).toBe(0);
    expect(await auditCount()).toBe(before);
  });

  it("creates a programme (share 70 %, rates on the amount excluding VAT at 20 % by default) with its audit row; a duplicate is a French 409", async () => {
    const out = await post(admin.cookie, programForm({ conditionsMd: "Hors TVA et frais de port", declaredValidationDays: "60" }));
    expect(out.status).toBe(200);
    expect(out.data.toast).toMatchObject({ title: "Programme créé", type: "success" });
    const [p] = await database().db.select().from(s.affiliatePrograms);
    expect(p).toMatchObject({ brandId, network: "awin", memberShareBps: 7000, cookieDays: 30, declaredValidationDays: 60, status: "active", currency: "EUR", trackingUrlTemplate: AWIN, rateBaseExcludesVatAndShipping: true, vatRateBps: 2000 });
    const [entry] = await database().db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "affiliate_program"), eq(s.auditLog.entityId, p.id)));
    expect(entry).toMatchObject({ action: "create", actorEmail: admin.email, before: null });
    expect((entry.after as Record<string, unknown>).trackingUrlTemplate).toBe(AWIN);

    const dup = await post(admin.cookie, programForm());
    expect(dup.status).toBe(409);
    expect(dup.data.toast?.description).toBe("Ce programme existe déjà pour ce réseau et ce compte éditeur.");
  });

  it("edits, pauses and closes a programme, each audited with before and after", async () => {
    const [p] = await database().db.select().from(s.affiliatePrograms);
    const edit = await post(admin.cookie, programForm({ id: p.id, memberSharePercent: "75", rateBase: "incl", vatRatePercent: "5,5" }));
    expect(edit.status).toBe(200);
    const [edited] = await database().db.select().from(s.affiliatePrograms).where(eq(s.affiliatePrograms.id, p.id));
    expect(edited).toMatchObject({ rateBaseExcludesVatAndShipping: false, vatRateBps: 550 });
    const paused = await post(admin.cookie, { intent: "status", id: p.id, status: "paused" });
    expect(paused.status).toBe(200);
    expect(paused.data.toast?.description).toMatch(/En pause/);
    const entries = await database().db.select().from(s.auditLog).where(eq(s.auditLog.entityId, p.id));
    const byAction = entries.filter((e) => e.action === "update").map((e) => [(e.before as Record<string, unknown>).memberShareBps, (e.after as Record<string, unknown>).memberShareBps, (e.before as Record<string, unknown>).status, (e.after as Record<string, unknown>).status]);
    expect(byAction).toEqual(expect.arrayContaining([[7000, 7500, "active", "active"], [7500, 7500, "active", "paused"]]));
    expect((await post(admin.cookie, { intent: "status", id: p.id, status: "supprimé" })).status).toBe(400);
    const missing = await post(admin.cookie, { intent: "status", id: "00000000-0000-4000-8000-000000000000", status: "closed" });
    expect(missing.status).toBe(404);
    expect(missing.data.toast?.description).toBe("Ce programme n'existe plus.");
    await post(admin.cookie, programForm({ id: p.id, memberSharePercent: "70", status: "active", rateBase: "excl", vatRatePercent: "20" }));
  });

  it("adding a rate closes the previous one of the same label; ratesAt gives the rate at click time", async () => {
    const [p] = await database().db.select().from(s.affiliatePrograms);
    const t0 = new Date(Date.now() - 30 * DAY);
    const t1 = new Date(Date.now() - 10 * DAY);
    await addRate(admin, { programId: p.id, label: "Tous les achats", displayPercent: "8.00", displayFixedCents: null, commissionGroupCode: null, validFrom: t0 });
    await addRate(admin, { programId: p.id, label: "Nouveaux clients", displayPercent: "12.00", displayFixedCents: null, commissionGroupCode: "NEW", validFrom: t0 });
    const before = await auditCount();
    const out = await post(admin.cookie, { intent: "rate", programId: p.id, label: "Tous les achats", kind: "percent", value: "10" });
    expect(out.status).toBe(200);
    expect(out.data.toast?.title).toBe("Taux ajouté");
    expect(await auditCount()).toBe(before + 1);

    const all = await database().db.select().from(s.programRates).where(eq(s.programRates.programId, p.id));
    const old = all.find((r) => r.label === "Tous les achats" && r.displayPercent === "8.00")!;
    const current = all.find((r) => r.displayPercent === "10.00")!;
    expect(old.validTo?.getTime()).toBe(current.validFrom.getTime());
    expect(current.validTo).toBeNull();
    // the other label is untouched
    expect(all.find((r) => r.label === "Nouveaux clients")!.validTo).toBeNull();

    const at = async (d: Date) => (await ratesAt(p.id, d)).map((r) => [r.label, r.displayPercent]);
    expect(await at(new Date(t0.getTime() - DAY))).toEqual([]);
    expect(await at(t1)).toEqual([["Nouveaux clients", "12.00"], ["Tous les achats", "8.00"]]);
    expect(await at(new Date())).toEqual([["Nouveaux clients", "12.00"], ["Tous les achats", "10.00"]]);
    // the boundary instant belongs to the new rate
    expect(await at(current.validFrom)).toEqual([["Nouveaux clients", "12.00"], ["Tous les achats", "10.00"]]);
  });

  it("a rate may not start before the latest of its label (French 409, nothing written)", async () => {
    const [p] = await database().db.select().from(s.affiliatePrograms);
    const before = await database().db.$count(s.programRates);
    const out = await post(admin.cookie, { intent: "rate", programId: p.id, label: "Tous les achats", kind: "percent", value: "9", validFrom: "2020-01-01T10:00" });
    expect(out.status).toBe(409);
    expect(out.data.toast?.description).toBe("Un taux plus récent existe déjà pour ce libellé : choisis une date de début postérieure.");
    expect(await database().db.$count(s.programRates)).toBe(before);
  });

  it("member rate for display: best current rate × share; paused programmes and other brands excluded", async () => {
    expect(await bestRateForBrand(brandId)).toMatchObject({ rate: "8,4\u00a0%", label: "Jusqu'à 8,4\u00a0% de cashback" }); // 12 % × 70 %
    const programs = await listActiveProgramsForBrand(brandId);
    expect(programs).toHaveLength(1);
    expect(programs[0].rates.map((r) => [r.label, r.memberLabel])).toEqual([["Nouveaux clients", "8,4\u00a0%"], ["Tous les achats", "7\u00a0%"]]);

    // another brand: one paused programme only → nothing to show
    const paused = await saveProgram(admin, { brandId: otherBrandId, network: "cj", networkAccountId: "1", networkProgramId: "2", trackingUrlTemplate: "https://www.anrdoezrs.net/click-1-2?sid={CLICK_ID}", memberSharePercent: 7000, currency: "EUR", cookieDays: 30, declaredValidationDays: null, status: "paused", conditionsMd: null, rateBase: true, vatRatePercent: 2000 });
    await addRate(admin, { programId: paused.id, label: "Tous", displayPercent: "20.00", displayFixedCents: null, commissionGroupCode: null, validFrom: null });
    const map = await listBrandCashback([brandId, otherBrandId]);
    expect([...map.keys()]).toEqual([brandId]);
    expect(await listActiveProgramsForBrand(otherBrandId)).toEqual([]);
    expect(await listBrandCashback([])).toEqual(new Map());
  });

  it("the loader lists programmes with current rates, history and per-network credential status (never the values)", async () => {
    process.env.AWIN_API_TOKEN = "secret-awin-token";
    resetEnvCache();
    try {
      const out = await callRoute(loader, req("/admin/programmes", { cookie: admin.cookie }));
      expect(out.status).toBe(200);
      const awin = out.data.programs.find((p) => p.network === "awin");
      expect(awin?.brandName).toBe("Marque Programme");
      expect(awin?.currentRates.map((r) => r.memberLabel)).toEqual(["7\u00a0%", "8,4\u00a0%"]); // newest first
      expect(awin?.history).toHaveLength(3);
      expect(out.data.networks.find((n) => n.network === "awin")).toMatchObject({ configured: true, envVars: ["AWIN_API_TOKEN"] });
      expect(out.data.networks.find((n) => n.network === "impact")).toMatchObject({ configured: false });
      expect(JSON.stringify(out.data)).not.toContain("secret-awin-token");
    } finally {
      delete process.env.AWIN_API_TOKEN;
      resetEnvCache();
    }
  });
});

describe("network credentials come from the environment", () => {
  it("reads each network's variables; half a pair is refused at start-up", () => {
    const saved = { ...process.env };
    try {
      process.env.TRADEDOUBLER_CLIENT_ID = "td-id";
      process.env.TRADEDOUBLER_CLIENT_SECRET = " td-secret ";
      process.env.RAKUTEN_API_TOKEN = "rk";
      resetEnvCache();
      expect(networkCredentials("tradedoubler")).toEqual({ clientId: "td-id", clientSecret: "td-secret" });
      expect(networkCredentials("rakuten")).toEqual({ apiToken: "rk" });
      expect(networkCredentialsConfigured("tradedoubler")).toBe(true);
      expect(networkCredentialsConfigured("awin")).toBe(false);
      expect(networkCredentials("timeone")).toBeNull();
      delete process.env.TRADEDOUBLER_CLIENT_SECRET;
      resetEnvCache();
      expect(() => networkCredentials("tradedoubler")).toThrow(/TRADEDOUBLER_CLIENT_ID and TRADEDOUBLER_CLIENT_SECRET must be set together/);
    } finally {
      process.env = saved;
      resetEnvCache();
    }
  });
});

describe("programme conditions", () => {
  it("render a little markdown as safe HTML", () => {
    expect(conditionsHtml("**Hors TVA** et *frais de port*\n\n- pas de cumul\n- retours exclus")).toBe(
      "<p><strong>Hors TVA</strong> et <em>frais de port</em></p><ul><li>pas de cumul</li><li>retours exclus</li></ul>",
    );
    const hostile = conditionsHtml('<img src=x onerror="alert(1)"> & [lien](javascript:alert(1))');
    expect(hostile).toBe('<p>&lt;img src=x onerror="alert(1)"&gt; &amp; [lien](javascript:alert(1))</p>');
    expect(hostile).not.toMatch(/<img|<a /);
    expect(conditionsHtml(null)).toBe("");
  });
});
