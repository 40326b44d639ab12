import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#app/seed/index";
import { action as brandAction } from "#app/routes/admin/brands";
import { action as categoryAction } from "#app/routes/admin/categories";
import { action as contentAction } from "#app/routes/admin/content";
import { action as dealAction } from "#app/routes/admin/crevarde-deals";
import { action as dashAction, loader as dashLoader } from "#app/routes/admin/dashboard";
import { action as offerAction } from "#app/routes/admin/offers";
import { action as pageAction } from "#app/routes/admin/pages";
import { action as promoAction } from "#app/routes/admin/promo-codes";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/admin/settings";
import { action as userAction } from "#app/routes/admin/users";
import { loader as rootLoader } from "#app/root";
import { parisYear } from "#app/modules/settings/paris-time";
import { loader as homeLoader } from "#app/routes/home";
import { loader as kpiLoader } from "#app/routes/kpi";
import { req, signedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";
import { postUpload } from "#tests/helpers/upload";

describeEachDb("admin settings", () => {
  it("only admins read and change the settings; they drive the public site", async () => {
    const member = await signedInUser();
    const admin = await signedInUser({ role: "admin" });
    expect((await callRoute(settingsLoader, req("/admin/settings", { cookie: member.cookie }))).location).toBe("/");
    expect((await callRoute(settingsAction, req("/admin/settings", { form: { temuEndsAt: "2030-01-01T00:00" }, cookie: member.cookie }))).status).toBe(403);
    const bad = await callRoute(settingsAction, req("/admin/settings", { form: { temuEndsAt: "demain", redirectHosts: "pas un hôte" }, cookie: admin.cookie }));
    expect(bad.status).toBe(400);
    const badGa = await callRoute(settingsAction, req("/admin/settings", { form: { temuEndsAt: "2030-01-01T00:00", gaMeasurementId: "UA-123<script>" }, cookie: admin.cookie }));
    expect(badGa.status).toBe(400);
    expect(JSON.stringify(badGa.data)).toContain("L'identifiant Google Analytics doit ressembler à G-XXXXXXXXXX.");
    expect((await callRoute(kpiLoader, req(`/kpi?destination=${encodeURIComponent("https://partenaire.example.fr/x")}`))).status).toBe(400);
    const saved = await callRoute(settingsAction, req("/admin/settings", {
      form: { cashbackLaunched: "on", temuEndsAt: "2030-05-25T23:59", redirectHosts: "partenaire.example.fr, www.autre.fr", gaMeasurementId: " g-abc123xyz " },
      cookie: admin.cookie,
    }));
    expect(saved.data.toast?.title).toBe("Paramètres enregistrés");
    const settings = await callRoute(settingsLoader, req("/admin/settings", { cookie: admin.cookie }));
    // the date is typed in Paris time (CEST in May) and stored as an instant
    expect(settings.data).toMatchObject({ contentProtection: false, cashbackLaunched: true, redirectHosts: "partenaire.example.fr,www.autre.fr", temuEndsAt: "2030-05-25T21:59:00.000Z", gaMeasurementId: "G-ABC123XYZ" });
    // the root loader hands the ID to the consent-gated analytics loader
    const root = await callRoute(rootLoader, req("/"));
    expect(root.data.gaMeasurementId).toBe("G-ABC123XYZ");
    // the footer's copyright year, on a Paris clock
    expect(root.data.year).toBe(parisYear(new Date()));
    expect((await callRoute(homeLoader, req("/"))).data.launched).toBe(true);
    const kpi = await callRoute(kpiLoader, req(`/kpi?destination=${encodeURIComponent("https://partenaire.example.fr/x")}`));
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
    await callRoute(promoAction, req("/admin/promo-codes", { form: { intent: "save", id: code.id, version: code.updatedAt.toISOString(), brandId: brand.id, code: "AUDIT2", discountAmount: "5%" }, cookie: admin.cookie }));
    await callRoute(promoAction, req("/admin/promo-codes", { form: { intent: "delete", id: code.id }, cookie: admin.cookie }));
    const entries = await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, code.id));
    expect(entries.map((e) => e.action).sort()).toEqual(["create", "delete", "update"]);
    const update = entries.find((e) => e.action === "update")!;
    expect(update).toMatchObject({ actorEmail: "auditrice@example.fr", entity: "promo_code" });
    expect((update.before as { code: string }).code).toBe("AUDIT1");
    expect((update.after as { code: string }).code).toBe("AUDIT2");
    expect(entries.find((e) => e.action === "delete")!.after).toBeNull();
    const dash = await callRoute(dashLoader, req("/admin", { cookie: admin.cookie }));
    expect(dash.data.audit.some((a) => a.entityId === code.id && a.action === "delete")).toBe(true);
  });

  it("records the writes of every screen: each entity, users, content initialisation, settings, uploads", async () => {
    const db = database().db;
    const admin = await signedInUser({ role: "admin", email: "auditeur@example.fr" });
    const post = <H>(action: H, path: string, form: Record<string, string>) => callRoute(action, req(path, { form, cookie: admin.cookie }));
    const entries = (entity: string, entityId: string | null) =>
      db.select().from(s.auditLog).where(entityId ? and(eq(s.auditLog.entity, entity), eq(s.auditLog.entityId, entityId)) : eq(s.auditLog.entity, entity));
    const [brand] = await db.select().from(s.brands).limit(1);
    const tag = Date.now().toString(36);

    // create, update and delete one item of each entity through its screen's action
    const crud: Array<{ entity: string; action: unknown; path: string; table: unknown; create: Record<string, string>; update: Record<string, string> }> = [
      { entity: "promo_code", action: promoAction, path: "/admin/promo-codes", table: s.promoCodes, create: { brandId: brand.id, code: `A${tag}`, discountAmount: "5%" }, update: { brandId: brand.id, code: `B${tag}`, discountAmount: "6%" } },
      { entity: "offer", action: offerAction, path: "/admin/offers", table: s.offers, create: { brandId: brand.id, name: `Offre ${tag}`, regularPrice: "9€" }, update: { brandId: brand.id, name: `Offre ${tag} bis`, regularPrice: "9€" } },
      { entity: "deal", action: dealAction, path: "/admin/crevarde-deals", table: s.crevardeDeals, create: { title: `Deal ${tag}`, description: "d", price: "1€", source: "amazon", badgeText: "Top", url: "https://www.amazon.fr/x" }, update: { title: `Deal ${tag} bis`, description: "d", price: "2€", source: "amazon", badgeText: "Top", url: "https://www.amazon.fr/x" } },
      { entity: "category", action: categoryAction, path: "/admin/categories", table: s.categories, create: { name: `Cat ${tag}`, slug: `cat-${tag}` }, update: { name: `Cat ${tag} bis`, slug: `cat-${tag}-bis` } },
      { entity: "brand", action: brandAction, path: "/admin/brands", table: s.brands, create: { name: `Marque ${tag}`, slug: `marque-${tag}`, maxDiscountPercent: "10" }, update: { name: `Marque ${tag} bis`, slug: `marque-${tag}`, maxDiscountPercent: "20" } },
      { entity: "content_block", action: contentAction, path: "/admin/content", table: s.contentBlocks, create: { name: `bloc-${tag}`, title: "T", content: "x", type: "text", page: "about", position: "1" }, update: { name: `bloc-${tag}`, title: "T2", content: "y", type: "text", page: "about", position: "2" } },
      { entity: "page", action: pageAction, path: "/admin/pages", table: s.pages, create: { title: `Page ${tag}`, slug: `page-${tag}`, content: "<p>a</p>" }, update: { title: `Page ${tag} bis`, slug: `page-${tag}`, content: "<p>b</p>" } },
    ];
    for (const c of crud) {
      // brands, content blocks and pages: the same id and updatedAt columns
      const table = c.table as unknown as typeof s.pages;
      const before = new Set((await db.select({ id: table.id }).from(table)).map((r) => r.id));
      expect(((await post(c.action, c.path, { intent: "save", ...c.create })).data as { ok?: boolean }).ok, c.entity).toBe(true);
      const [row] = (await db.select({ id: table.id, updatedAt: table.updatedAt }).from(table)).filter((r) => !before.has(r.id));
      if (!row) throw new Error(`${c.entity}: no row created`);
      const created = row.id;
      expect(((await post(c.action, c.path, { intent: "save", id: created, version: row.updatedAt.toISOString(), ...c.update })).data as { ok?: boolean }).ok, c.entity).toBe(true);
      expect(((await post(c.action, c.path, { intent: "delete", id: created })).data as { ok?: boolean }).ok, c.entity).toBe(true);
      const log = await entries(c.entity, created);
      expect(log.map((e) => e.action).sort(), c.entity).toEqual(["create", "delete", "update"]);
      expect(log.every((e) => e.actorEmail === "auditeur@example.fr" && e.actorId === admin.id), c.entity).toBe(true);
    }

    // users: a role change with the role before and after, then a deletion, which erases the member from the
    // journal (ADR 008 §Erasure): both entries stay, naming no one
    const target = await signedInUser({ email: `cible-${tag}@example.fr` });
    await post(userAction, "/admin/users", { intent: "save", id: target.id, username: "Promue", role: "admin" });
    const [roleChange] = await entries("user", target.id);
    expect(roleChange).toMatchObject({ action: "update" });
    expect((roleChange.before as Record<string, unknown>).role).toBe("user");
    expect((roleChange.after as Record<string, unknown>).role).toBe("admin");
    await post(userAction, "/admin/users", { intent: "delete", id: target.id });
    expect(await entries("user", target.id)).toEqual([]);
    const [erased] = await database().db.select().from(s.auditLog).where(eq(s.auditLog.id, roleChange.id));
    expect(erased).toMatchObject({ action: "update", entityId: null, before: null, after: null, actorEmail: "auditeur@example.fr" });
    const deletions = await database().db.select().from(s.auditLog).where(and(eq(s.auditLog.entity, "user"), eq(s.auditLog.action, "delete"), eq(s.auditLog.actorId, admin.id)));
    expect(deletions.map((d) => [d.entityId, d.before])).toEqual([[null, null]]);

    // content initialisation: one entry per inserted home block
    await db.delete(s.contentBlocks).where(and(eq(s.contentBlocks.page, "home"), eq(s.contentBlocks.name, "hero-subtitle")));
    expect((await post(dashAction, "/admin", { intent: "init-content" })).data.toast?.title).toBe("Succès");
    const [subtitle] = await db.select().from(s.contentBlocks).where(and(eq(s.contentBlocks.page, "home"), eq(s.contentBlocks.name, "hero-subtitle")));
    const [init] = await entries("content_block", subtitle.id);
    expect(init).toMatchObject({ action: "create", before: null });
    expect((init.after as Record<string, unknown>).name).toBe("hero-subtitle");

    // settings: the settings screen and the dashboard's protection switch
    await post(settingsAction, "/admin/settings", { contentProtection: "on", temuEndsAt: "2031-02-03T10:00", redirectHosts: "audit.example.fr" });
    await post(dashAction, "/admin", { intent: "protection", enabled: "false" });
    const settings = await db.select().from(s.auditLog).where(eq(s.auditLog.entity, "settings")).orderBy(s.auditLog.at);
    expect(settings.length).toBeGreaterThanOrEqual(2);
    expect((settings.at(-2)!.after as Record<string, unknown>)).toMatchObject({ content_protection: true, redirect_allowed_hosts: "audit.example.fr" });
    expect(settings.at(-1)).toMatchObject({ action: "update", before: { content_protection: true }, after: { content_protection: false } });

    // uploads: the stored file is recorded
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer();
    const uploaded = await postUpload(admin.cookie, "photo.png", png, "image/png");
    expect(uploaded.data.ok).toBe(true);
    const [upload] = await entries("upload", String(uploaded.data.url));
    expect(upload).toMatchObject({ action: "create", actorEmail: "auditeur@example.fr", after: { url: uploaded.data.url, originalName: "photo.png" } });
  });
});
