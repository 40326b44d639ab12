/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "../../db/schema";
import { seed } from "../../db/seed/index";
import { loader as dashLoader } from "../../app/routes/admin/dashboard";
import { action as promoAction } from "../../app/routes/admin/promo-codes";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/admin/settings";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as kpiLoader } from "../../app/routes/kpi";
import { req, signedInUser } from "../helpers/auth";
import { describeEachDb } from "../helpers/db";
import { callRoute } from "../helpers/route";

describeEachDb("admin settings", () => {
  it("only admins read and change the settings; they drive the public site", async () => {
    const member = await signedInUser();
    const admin = await signedInUser({ role: "admin" });
    expect((await callRoute(settingsLoader, req("/admin/settings", { cookie: member.cookie }))).location).toBe("/");
    expect((await callRoute(settingsAction, req("/admin/settings", { form: { temuEndsAt: "2030-01-01T00:00" }, cookie: member.cookie }))).status).toBe(403);
    const bad = await callRoute<any>(settingsAction, req("/admin/settings", { form: { temuEndsAt: "demain", redirectHosts: "pas un hôte" }, cookie: admin.cookie }));
    expect(bad.status).toBe(400);
    expect((await callRoute<any>(kpiLoader, req(`/kpi?destination=${encodeURIComponent("https://partenaire.example.fr/x")}`))).status).toBe(400);
    const saved = await callRoute<any>(settingsAction, req("/admin/settings", {
      form: { cashbackLaunched: "on", temuEndsAt: "2030-05-25T23:59", redirectHosts: "partenaire.example.fr, www.autre.fr" },
      cookie: admin.cookie,
    }));
    expect(saved.data.toast.title).toBe("Paramètres enregistrés");
    const settings = await callRoute<any>(settingsLoader, req("/admin/settings", { cookie: admin.cookie }));
    expect(settings.data).toMatchObject({ contentProtection: false, cashbackLaunched: true, redirectHosts: "partenaire.example.fr,www.autre.fr" });
    expect((await callRoute<any>(homeLoader, req("/"))).data.launched).toBe(true);
    const kpi = await callRoute<any>(kpiLoader, req(`/kpi?destination=${encodeURIComponent("https://partenaire.example.fr/x")}`));
    expect(kpi.location).toBe("https://partenaire.example.fr/x");
  });
});

describeEachDb("audit log", ({ database }) => {
  it("records every admin write with the row before and after", async () => {
    const db = database().db;
    await seed(db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-audit-")) });
    const admin = await signedInUser({ role: "admin", email: "auditrice@example.fr" });
    const [brand] = await db.select().from(s.brands).limit(1);
    await callRoute(promoAction, req("/admin/promo-codes", { form: { intent: "save", brandId: brand.id, code: "AUDIT1", discountAmount: "5%" }, cookie: admin.cookie }));
    const [code] = await db.select().from(s.promoCodes).where(eq(s.promoCodes.code, "AUDIT1"));
    await callRoute(promoAction, req("/admin/promo-codes", { form: { intent: "save", id: code.id, brandId: brand.id, code: "AUDIT2", discountAmount: "5%" }, cookie: admin.cookie }));
    await callRoute(promoAction, req("/admin/promo-codes", { form: { intent: "delete", id: code.id }, cookie: admin.cookie }));
    const entries = await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, code.id));
    expect(entries.map((e) => e.action).sort()).toEqual(["create", "delete", "update"]);
    const update = entries.find((e) => e.action === "update")!;
    expect(update).toMatchObject({ actorEmail: "auditrice@example.fr", entity: "promo_code" });
    expect((update.before as { code: string }).code).toBe("AUDIT1");
    expect((update.after as { code: string }).code).toBe("AUDIT2");
    expect(entries.find((e) => e.action === "delete")!.after).toBeNull();
    const dash = await callRoute<any>(dashLoader, req("/admin", { cookie: admin.cookie }));
    expect(dash.data.audit.some((a: any) => a.entityId === code.id && a.action === "delete")).toBe(true);
  });
});
