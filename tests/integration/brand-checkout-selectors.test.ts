import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as brandAction } from "#app/routes/admin/brands";
import { action as importAction } from "#app/routes/admin/csv.import";
import { loader as shopsLoader } from "#app/routes/api.extension.marchands";
import type { ExtensionShopList } from "#app/modules/extension/extension-shops";
import { CHECKOUT_SELECTOR_MESSAGES } from "#app/modules/brands/brand-form.schema";
import { SELECTOR_MESSAGES } from "#app/modules/extension/extension.schema";
import { setSetting } from "#app/modules/settings/settings.server";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, type FormAnswer } from "#tests/helpers/route";
import { multipart } from "#tests/helpers/multipart";

const ALL = { couponInput: "#coupon", applyButton: "form.coupon button[type=submit]", total: ".order-total > strong", couponError: "#coupon-error", errorPage: "body.error-page", removeCoupon: ".coupons-appliques button.retirer" };

/**
 * The checkout selectors of a brand set in the back office (issue #40 item 6, ADR 050 §Codes at checkout): the
 * brand form's « Page de paiement (extension) », saved with the brand's audit entry, served to the extension by
 * GET /api/extension/marchands, and left alone by a CSV import of the brand.
 */
describeEachDb("a brand's checkout selectors in the brand form", ({ database }) => {
  let admin: SignedInUser;
  let brandId: string;
  let programId: string;
  const tag = `S${Date.now().toString(36)}`;
  const slug = `selecteurs-${tag.toLowerCase()}`;
  const name = `Selecteurs ${tag}`;
  const db = () => database().db;

  beforeAll(async () => {
    admin = await signedInUser({ role: "admin", email: `selectors-${tag.toLowerCase()}@example.fr` });
    await setSetting("cashback_launched", true);
    [{ id: brandId }] = await db().insert(s.brands).values({ name, slug, websiteUrl: "https://www.selecteurs-ext.fr" }).returning();
    [{ id: programId }] = await db()
      .insert(s.affiliatePrograms)
      .values({ brandId, network: "awin", networkAccountId: "sel", networkProgramId: slug, trackingUrlTemplate: "https://www.awin1.com/cread.php?clickref={CLICK_ID}" })
      .returning();
    await db().insert(s.programRates).values({ programId, label: "Tous", displayPercent: "5.00", validFrom: new Date(Date.now() - 86_400_000) });
  });

  const row = async () => (await db().select().from(s.brands).where(eq(s.brands.id, brandId)))[0]!;
  const audits = () => db().$count(s.auditLog, and(eq(s.auditLog.entity, "brand"), eq(s.auditLog.entityId, brandId)));
  /** The edit dialog's post: the brand's fields, its version, and the fieldset's six inputs (blank when not given). */
  const save = async (selectors: Partial<Record<keyof typeof ALL, string>>) => {
    const current = await row();
    const form: Record<string, string> = { intent: "save", id: brandId, version: current.updatedAt.toISOString(), name, slug, websiteUrl: current.websiteUrl ?? "", description: current.description ?? "" };
    for (const key of Object.keys(ALL) as Array<keyof typeof ALL>) form[`checkoutSelectors.${key}`] = selectors[key] ?? "";
    return callRoute(brandAction, req("/admin/brands", { cookie: admin.cookie, form }));
  };
  const errorsOf = (out: { data: unknown }) => Object.fromEntries(Object.entries((out.data as FormAnswer)?.result?.error ?? {}).map(([k, v]) => [k, v?.[0]]));
  const served = async () => {
    const list = (await callRoute(shopsLoader, req("/api/extension/marchands"))).data as ExtensionShopList;
    return list.shops.find((shop) => shop.programId === programId)?.checkoutSelectors;
  };

  it("saves the six selectors with the brand's audit entry, and the extension's shop list serves them", async () => {
    const before = await audits();
    const out = await save(ALL);
    expect(out.status).toBe(200);
    expect((out.data as { ok?: boolean }).ok).toBe(true);
    expect((await row()).checkoutSelectors).toEqual(ALL);
    expect(await audits()).toBe(before + 1);
    const [entry] = await db().select().from(s.auditLog).where(and(eq(s.auditLog.entityId, brandId), eq(s.auditLog.action, "update")));
    expect((entry!.before as Record<string, unknown>).checkoutSelectors).toBeNull();
    expect((entry!.after as Record<string, unknown>).checkoutSelectors).toEqual(ALL);
    expect(await served()).toEqual(ALL);
  });

  it("keeps only the filled fields: the three « Tester les codes » needs are enough for the extension", async () => {
    const three = { couponInput: "#code", applyButton: "#appliquer", total: "#total" };
    expect((await save({ ...three, couponError: "  " })).status).toBe(200);
    expect((await row()).checkoutSelectors).toEqual(three);
    expect(await served()).toEqual(three);
  });

  it("refuses two of the three required selectors in French, and writes nothing", async () => {
    const before = await row();
    const auditsBefore = await audits();
    const out = await save({ couponInput: "#code", applyButton: "#appliquer", couponError: "#refus" });
    expect(out.status).toBe(400);
    expect(errorsOf(out)).toEqual({ "checkoutSelectors.total": CHECKOUT_SELECTOR_MESSAGES.together });
    expect(CHECKOUT_SELECTOR_MESSAGES.together).toBe("Le champ du code promo, le bouton Appliquer et le total de la commande vont ensemble : renseignez les trois, ou aucun.");
    expect(await row()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it("refuses an optional selector without the three « Tester les codes » needs (the remove button alone), and writes nothing", async () => {
    const before = await row();
    const out = await save({ removeCoupon: ".retirer" });
    expect(out.status).toBe(400);
    expect(errorsOf(out)).toEqual({
      "checkoutSelectors.couponInput": CHECKOUT_SELECTOR_MESSAGES.together,
      "checkoutSelectors.applyButton": CHECKOUT_SELECTOR_MESSAGES.together,
      "checkoutSelectors.total": CHECKOUT_SELECTOR_MESSAGES.together,
    });
    expect(await row()).toEqual(before);
  });

  it("refuses a selector over 200 characters or not CSS in French, and writes nothing", async () => {
    const before = await row();
    const auditsBefore = await audits();
    const out = await save({ couponInput: `#${"c".repeat(200)}`, applyButton: "#ok { color: red }", total: "<div>", errorPage: "[data-error" });
    expect(out.status).toBe(400);
    expect(errorsOf(out)).toEqual({
      "checkoutSelectors.couponInput": "Un sélecteur ne doit pas dépasser 200 caractères.",
      "checkoutSelectors.applyButton": SELECTOR_MESSAGES.syntax,
      "checkoutSelectors.total": SELECTOR_MESSAGES.syntax,
      "checkoutSelectors.errorPage": SELECTOR_MESSAGES.syntax,
    });
    expect(SELECTOR_MESSAGES.syntax).toMatch(/^Ce sélecteur CSS n'est pas valide/);
    expect(await row()).toEqual(before);
    expect(await audits()).toBe(auditsBefore);
  });

  it("a CSV import of the brand keeps its selectors (the file has no such column)", async () => {
    expect((await save(ALL)).status).toBe(200);
    const csv = ["Nom;Slug;Catégorie;Description;Image;Site web", `${name};${slug};;Importée;;https://www.selecteurs-ext.fr`].join("\n");
    const out = await callRoute(importAction, await multipart("/admin/brands/import", admin.cookie, { intent: "confirm", csv, fileName: "import.csv" }), { list: "brands" });
    expect(out.status).toBe(302);
    const imported = await row();
    expect(imported.description).toBe("Importée");
    expect(imported.checkoutSelectors).toEqual(ALL);
    expect(await served()).toEqual(ALL);
  });

  it("clearing every field stores null: the extension gets no selectors for the shop", async () => {
    expect((await save({})).status).toBe(200);
    expect((await row()).checkoutSelectors).toBeNull();
    expect(await served()).toBeNull();
  });
});
