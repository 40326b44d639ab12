import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#app/seed/index";
import { loader as layoutLoader } from "#app/routes/admin/_layout";
import { action as dashAction, loader as dashLoader } from "#app/routes/admin/dashboard";
import { action as pageAction } from "#app/routes/admin/pages";
import { action as userAction, loader as usersLoader } from "#app/routes/admin/users";
import { loader as slugLoader } from "#app/routes/page.$slug";
import { LastAdminError, updateUserAdmin } from "#app/modules/users/users-admin.server";
import { USER_MESSAGES } from "#app/modules/users/user-form.schema";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute, formErrors } from "#tests/helpers/route";

type Staff = "editor" | "finance" | "moderator" | "admin";
type Outcome = "ok" | "refused";

const CATALOGUE = "Accès réservé aux éditeurs et aux administrateurs.";
const MONEY = "Accès réservé à la finance et aux administrateurs.";
const ADMINS = "Accès réservé aux administrateurs.";
const MODERATION = "Accès réservé à la modération et aux administrateurs.";

/**
 * Every module of app/routes/admin, written out by hand (ADR 022): what each
 * team role gets from its loader and its action, and what a refused action says.
 * A new admin route must be added here.
 */
const ROUTES: Record<string, { url: string; refusal: string; editor: Outcome; finance: Outcome; moderator: Outcome; admin: Outcome }> = {
  "dashboard.tsx": { url: "/admin", refusal: "", editor: "ok", finance: "ok", moderator: "ok", admin: "ok" },
  "promo-codes.tsx": { url: "/admin/promo-codes", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "offers.tsx": { url: "/admin/offers", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "crevarde-deals.tsx": { url: "/admin/crevarde-deals", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "categories.tsx": { url: "/admin/categories", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "brands.tsx": { url: "/admin/brands", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "content.tsx": { url: "/admin/content", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "pages.tsx": { url: "/admin/pages", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "blog.tsx": { url: "/admin/blog", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "upload.ts": { url: "/admin/upload", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "programmes.tsx": { url: "/admin/programmes", refusal: MONEY, editor: "refused", finance: "ok", moderator: "refused", admin: "ok" },
  "conversions.tsx": { url: "/admin/conversions", refusal: MONEY, editor: "refused", finance: "ok", moderator: "refused", admin: "ok" },
  "paiements.tsx": { url: "/admin/paiements", refusal: MONEY, editor: "refused", finance: "ok", moderator: "refused", admin: "ok" },
  "tresorerie.tsx": { url: "/admin/tresorerie", refusal: MONEY, editor: "refused", finance: "ok", moderator: "refused", admin: "ok" },
  "parrainages.tsx": { url: "/admin/parrainages", refusal: MONEY, editor: "refused", finance: "ok", moderator: "refused", admin: "ok" },
  "reclamations.tsx": { url: "/admin/reclamations", refusal: MONEY, editor: "refused", finance: "ok", moderator: "refused", admin: "ok" },
  "users.tsx": { url: "/admin/users", refusal: ADMINS, editor: "refused", finance: "refused", moderator: "refused", admin: "ok" },
  "settings.tsx": { url: "/admin/settings", refusal: ADMINS, editor: "refused", finance: "refused", moderator: "refused", admin: "ok" },
  "moderation.tsx": { url: "/admin/moderation", refusal: MODERATION, editor: "refused", finance: "refused", moderator: "ok", admin: "ok" },
  "aide.tsx": { url: "/admin/aide", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "contact.tsx": { url: "/admin/contact", refusal: MODERATION, editor: "refused", finance: "refused", moderator: "ok", admin: "ok" },
  // every role reads the history of its own kinds and restores those it may edit (issue #37 item 2)
  "historique.tsx": { url: "/admin/historique", refusal: "", editor: "ok", finance: "ok", moderator: "ok", admin: "ok" },
  // the price history: catalogue data, read and merged by editors and admins (issue #39 item 6)
  "prix.tsx": { url: "/admin/prix", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
  "prix.import.tsx": { url: "/admin/prix/import", refusal: CATALOGUE, editor: "ok", finance: "refused", moderator: "refused", admin: "ok" },
};

/** Routes that answer a file (no page, no action), with parameters naming nothing. */
const NONE = "00000000-0000-0000-0000-000000000000";
const FILE_ROUTES: { file: string; url: string; params: Record<string, string> }[] = [
  { file: "paiements.lots.ts", url: `/admin/paiements/lots/${NONE}`, params: { batchId: NONE } },
  { file: "reclamations.export.ts", url: "/admin/reclamations/export/inconnu", params: { network: "inconnu" } },
  { file: "reclamations.justificatif.ts", url: `/admin/reclamations/${NONE}/justificatif`, params: { claimId: NONE } },
];

const NOBODY = { intent: "delete", id: "00000000-0000-0000-0000-000000000000" };

/** The CSV routes of the catalogue lists (ADR 029), with the list they serve. */
const CSV_ROUTES: { file: string; url: string; params: Record<string, string> }[] = [
  { file: "csv.export.ts", url: "/admin/promo-codes/export", params: { list: "promo-codes" } },
  { file: "csv.import.tsx", url: "/admin/brands/import", params: { list: "brands" } },
];

describeEachDb("back-office roles", ({ database }) => {
  const people = {} as Record<Staff | "member", SignedInUser>;
  beforeAll(async () => {
    await seed(database().db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-roles-")) });
    people.editor = await signedInUser({ role: "editor", username: "Élise" });
    people.finance = await signedInUser({ role: "finance", username: "Fabien" });
    people.moderator = await signedInUser({ role: "moderator", username: "Maud" });
    people.admin = await signedInUser({ role: "admin", username: "Ada" });
    people.member = await signedInUser();
  });
  const as = (who: Staff | "member", p: string, form?: Record<string, string>) => req(p, { cookie: people[who].cookie, form });

  it("the table names every admin route module", () => {
    const files = fs.readdirSync(path.resolve("app/routes/admin")).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test.") && f !== "_layout.tsx");
    expect(files.sort()).toEqual([...Object.keys(ROUTES), ...FILE_ROUTES.map((r) => r.file), ...CSV_ROUTES.map((r) => r.file)].sort());
  });

  for (const route of CSV_ROUTES) {
    it(`${route.file}: the catalogue's (editor and admin through, finance and moderator sent back, members home)`, async () => {
      const mod = await import(path.resolve("app/routes/admin", route.file));
      for (const role of ["editor", "admin"] as const) expect((await callRoute(mod.loader, as(role, route.url), route.params)).status, role).toBe(200);
      for (const role of ["finance", "moderator"] as const) expect((await callRoute(mod.loader, as(role, route.url), route.params)).location, role).toBe("/admin");
      expect((await callRoute(mod.loader, as("member", route.url), route.params)).location).toBe("/");
      if (mod.action) {
        const before = await database().db.$count(s.auditLog);
        for (const role of ["finance", "moderator", "member"] as const) {
          const refused = await callRoute(mod.action, as(role, route.url, NOBODY), route.params);
          expect(refused.status, role).toBe(403);
          expect(refused.data).toBe(CATALOGUE);
        }
        const done = await callRoute(mod.action, as("editor", route.url, NOBODY), route.params);
        expect(done.status).toBe(400);
        expect(await database().db.$count(s.auditLog)).toBe(before);
      }
    });
  }

  for (const route of FILE_ROUTES) {
    it(`${route.file}: a file for money only (editor sent back, finance and admin through the guard)`, async () => {
      const { loader } = await import(path.resolve("app/routes/admin", route.file));
      expect((await callRoute(loader, as("editor", route.url), route.params)).location).toBe("/admin");
      expect((await callRoute(loader, as("member", route.url), route.params)).location).toBe("/");
      expect((await callRoute(loader, as("finance", route.url), route.params)).status).toBe(404);
      expect((await callRoute(loader, as("admin", route.url), route.params)).status).toBe(404);
    });
  }


  for (const [file, route] of Object.entries(ROUTES)) {
    for (const role of ["editor", "finance", "moderator", "admin"] as const) {
      const expected = route[role];
      it(`${file}: ${role} is ${expected === "ok" ? "let in" : "refused"} by the loader and the action`, async () => {
        const mod = await import(path.resolve("app/routes/admin", file));
        if (file !== "upload.ts") {
          const page = await callRoute(mod.loader, as(role, route.url));
          if (expected === "ok") {
            expect(page.status, `${file} loader, ${role}`).toBe(200);
            expect(page.location).toBeNull();
          } else {
            // back to the dashboard: they may enter the back office, not this screen
            expect(page.location, `${file} loader, ${role}`).toBe("/admin");
          }
        }
        const before = await database().db.$count(s.auditLog);
        const done = await callRoute(mod.action, as(role, route.url, NOBODY));
        if (expected === "ok") {
          // through the guard: a French 4xx about the missing item or the form, never 401/403/5xx
          expect([400, 404, 409], `${file} action, ${role} (${done.status})`).toContain(done.status);
        } else {
          expect(done.status, `${file} action, ${role}`).toBe(403);
          expect(done.data).toBe(route.refusal);
        }
        expect(await database().db.$count(s.auditLog)).toBe(before);
      });
    }
  }

  it("the layout lets the team in and lists each role's permissions; members go home", async () => {
    const editor = await callRoute(layoutLoader, as("editor", "/admin"));
    expect(editor.data).toMatchObject({ role: "editor", roleLabel: "Éditeur", permissions: ["backoffice", "catalogue"] });
    const finance = await callRoute(layoutLoader, as("finance", "/admin"));
    expect(finance.data).toMatchObject({ role: "finance", roleLabel: "Finance", permissions: ["backoffice", "money"] });
    const admin = await callRoute(layoutLoader, as("admin", "/admin"));
    expect(admin.data.permissions).toEqual(["backoffice", "catalogue", "money", "users", "settings", "moderation"]);
    const moderator = await callRoute(layoutLoader, as("moderator", "/admin"));
    expect(moderator.data).toMatchObject({ role: "moderator", roleLabel: "Modérateur", permissions: ["backoffice", "moderation"] });
    expect((await callRoute(layoutLoader, as("member", "/admin"))).location).toBe("/");
  });

  it("the dashboard loads the money figures for finance and admins only, and each form checks its own permission", async () => {
    const editor = await callRoute(dashLoader, as("editor", "/admin"));
    expect(editor.data.cashback).toBeNull();
    expect(editor.data.contentProtection).toBeNull();
    expect(editor.data.may).toEqual({ catalogue: true, money: false, settings: false });
    const finance = await callRoute(dashLoader, as("finance", "/admin"));
    expect(finance.data.cashback?.byStatus).toBeDefined();
    expect(finance.data.may).toEqual({ catalogue: false, money: true, settings: false });
    const admin = await callRoute(dashLoader, as("admin", "/admin"));
    expect(admin.data.cashback?.byStatus).toBeDefined();
    expect(typeof admin.data.contentProtection).toBe("boolean");

    const init = { intent: "init-content" };
    expect((await callRoute(dashAction, as("editor", "/admin", init))).data.toast?.description).toBe("Tout le contenu est déjà initialisé.");
    const financeInit = await callRoute(dashAction, as("finance", "/admin", init));
    expect([financeInit.status, financeInit.data]).toEqual([403, CATALOGUE]);
    const protection = { intent: "protection", enabled: "false" };
    for (const role of ["editor", "finance"] as const) {
      const refused = await callRoute(dashAction, as(role, "/admin", protection));
      expect([refused.status, refused.data], role).toEqual([403, ADMINS]);
    }
    const [setting] = await database().db.select().from(s.siteSettings).where(eq(s.siteSettings.key, "content_protection"));
    expect(setting.value).toBe(true);
  });

  it("an editor previews a draft page; finance, like a member, gets 404", async () => {
    const saved = await callRoute(
      pageAction,
      as("editor", "/admin/pages", { intent: "save", title: "Brouillon d'Élise", slug: "brouillon-elise", content: "<p>Bientôt</p>", status: "draft" }),
    );
    expect(saved.data.toast?.title).toBe("Page créée avec succès");
    const view = (who: Staff | "member") => callRoute(slugLoader, as(who, "/brouillon-elise"), { slug: "brouillon-elise" });
    expect((await view("editor")).status).toBe(200);
    expect((await view("admin")).status).toBe(200);
    expect((await view("finance")).status).toBe(404);
    expect((await view("member")).status).toBe(404);
  });

  it("users: an admin gives the five roles, shown with their French labels; nobody demotes the last admin or themself", async () => {
    const db = database().db;
    const target = await signedInUser({ username: "Bérénice" });
    const save = (role: string, id = target.id) => callRoute(userAction, as("admin", "/admin/users", { intent: "save", id, role, username: "Bérénice" }));
    for (const role of ["editor", "finance", "moderator", "admin", "user"]) {
      expect((await save(role)).data.toast?.title, role).toBe(USER_MESSAGES.updated);
      expect((await db.select({ role: s.user.role }).from(s.user).where(eq(s.user.id, target.id)))[0].role).toBe(role);
    }
    const bad = await save("superadmin");
    expect(bad.status).toBe(400);
    expect(formErrors(bad).role).toEqual(["Le rôle doit être Utilisateur, Éditeur, Finance, Modérateur ou Administrateur."]);

    await save("editor");
    const list = await callRoute(usersLoader, as("admin", "/admin/users?q=B%C3%A9r%C3%A9nice"));
    expect(list.data.users.map((u) => u.role)).toEqual(["editor"]);

    for (const role of ["editor", "finance", "user"]) {
      const self = await save(role, people.admin.id);
      expect(self.status, role).toBe(409);
      expect(self.data.toast?.description).toBe(USER_MESSAGES.selfDemote);
    }
    expect((await db.select({ role: s.user.role }).from(s.user).where(eq(s.user.id, people.admin.id)))[0].role).toBe("admin");

    // the last admin cannot become editor or finance, whoever asks
    await db.update(s.user).set({ role: "user" }).where(eq(s.user.role, "admin"));
    await db.update(s.user).set({ role: "admin" }).where(eq(s.user.id, people.admin.id));
    for (const role of ["editor", "finance"] as const) {
      await expect(updateUserAdmin({ id: people.admin.id, role, username: null }, { id: "test-admin", email: "admin@test.local" })).rejects.toBeInstanceOf(LastAdminError);
    }
    expect(await db.$count(s.user, eq(s.user.role, "admin"))).toBe(1);
  });
});
