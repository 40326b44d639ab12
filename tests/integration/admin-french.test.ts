/**
 * Issue #37 item 9, the back office's French: a tab title per screen (« Codes promo · Admin Crevarde »),
 * « Accès refusé » when a role is sent back, and a bulk publish that says when scheduled pages go live.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { MetaDescriptor } from "react-router";
import { beforeAll, expect, it } from "vitest";
import routes from "#app/routes";
import { getToast } from "#app/lib/toast.server";
import { ADMIN_NAV } from "#app/routes/admin/_layout";
import { action as pageAction } from "#app/routes/admin/pages";
import { loader as promoLoader } from "#app/routes/admin/promo-codes";
import { loader as treasuryLoader } from "#app/routes/admin/tresorerie";
import { loader as dashLoader } from "#app/routes/admin/dashboard";
import * as s from "#db/schema";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** Every screen of the admin layout in app/routes.ts: its URL path and its module. */
function adminScreens(): { path: string; file: string }[] {
  const layout = (routes as RouteEntry[]).find((r) => r.file === "routes/admin/_layout.tsx")!;
  return layout.children!.map((r) => ({ path: `/${r.path}`, file: path.resolve("app", r.file) }));
}

const ROOT_MATCH = { id: "root", data: { siteName: "Crevarde", siteUrl: "https://crevarde.test" }, loaderData: { siteName: "Crevarde", siteUrl: "https://crevarde.test" } };
const titleOf = (tags: MetaDescriptor[]) => tags.map((t) => (t as { title?: string }).title).find(Boolean);

it("every admin screen's meta gives its own tab title « … · Admin Crevarde »", async () => {
  const titles = new Map<string, string>();
  for (const screen of adminScreens()) {
    const mod = await import(screen.file);
    if (!mod.default) continue; // a file or an action only (exports, uploads): no tab
    expect(mod.meta, `${screen.file} has no meta`).toBeTypeOf("function");
    const data = screen.file.endsWith("csv.import.tsx") ? { title: "Importer des codes promo" } : undefined;
    const title = titleOf(mod.meta({ matches: [ROOT_MATCH], data, loaderData: data, params: {}, location: { pathname: screen.path } }));
    expect(title, screen.file).toMatch(/^\S.* · Admin Crevarde$/);
    titles.set(screen.path, title!);
  }
  // each screen its own title: a tab tells the screens apart
  expect(new Set(titles.values()).size).toBe(titles.size);
  // the sidebar's words are the tab's
  for (const item of ADMIN_NAV) expect(titles.get(item.to), item.to).toMatch(new RegExp(`^${item.label}`));
  expect(titles.get("/admin/promo-codes")).toBe("Codes promo · Admin Crevarde");
});

it("the list of screens is the folder's pages", () => {
  const pages = fs
    .readdirSync("app/routes/admin")
    .filter((f) => f.endsWith(".tsx") && f !== "_layout.tsx" && !f.includes(".test."))
    .map((f) => path.resolve("app/routes/admin", f))
    .sort();
  expect(pages.every((p) => adminScreens().some((s) => s.file === p))).toBe(true);
});

describeEachDb("the back office's French", ({ database }) => {
  const people = {} as Record<"editor" | "finance" | "moderator" | "member", SignedInUser>;
  beforeAll(async () => {
    for (const role of ["editor", "finance", "moderator"] as const) people[role] = await signedInUser({ role });
    people.member = await signedInUser();
  });

  /** The toast a redirect flashes, read as the next page's root loader reads it. */
  async function flashed(headers: Headers) {
    const cookie = headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    return (await getToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
  }

  it("a role sent back from a screen reads « Accès refusé » and why", async () => {
    const finance = await callRoute(promoLoader, req("/admin/promo-codes", { cookie: people.finance.cookie }));
    expect(finance.location).toBe("/admin");
    expect(await flashed(finance.headers)).toEqual({ type: "error", title: "Accès refusé", description: "Accès réservé aux éditeurs et aux administrateurs." });
    const editor = await callRoute(treasuryLoader, req("/admin/tresorerie", { cookie: people.editor.cookie }));
    expect(editor.location).toBe("/admin");
    expect(await flashed(editor.headers)).toMatchObject({ title: "Accès refusé", description: "Accès réservé à la finance et aux administrateurs." });
    const member = await callRoute(dashLoader, req("/admin", { cookie: people.member.cookie }));
    expect(member.location).toBe("/");
    expect(await flashed(member.headers)).toMatchObject({ title: "Accès refusé", description: "Accès réservé à l'équipe." });
  });

  it("a bulk publish says a page with a « Publier le » to come is scheduled for that day, not published", async () => {
    const db = database().db;
    const tag = `prog-${Date.now()}`;
    const [later] = await db
      .insert(s.pages)
      .values({ title: `Plus tard ${tag}`, slug: `plus-tard-${tag}`, content: "<p>Bientôt</p>", published: false, publishAt: new Date("2030-01-01T08:00:00Z") })
      .returning();
    const [now] = await db.insert(s.pages).values({ title: `Maintenant ${tag}`, slug: `maintenant-${tag}`, content: "<p>Là</p>", published: false }).returning();
    const bulk = (ids: string[]) =>
      callRoute(pageAction, req("/admin/pages", { cookie: people.editor.cookie, method: "POST", body: new URLSearchParams([["intent", "bulk-publish"], ...ids.map((id) => ["ids", id])]), headers: { "content-type": "application/x-www-form-urlencoded" } }));
    const one = await bulk([later.id]);
    expect(one.status).toBe(200);
    expect(one.data.toast?.title).toBe("1 page programmée pour le 1er janvier 2030");
    expect((await db.select().from(s.pages).where(eq(s.pages.id, later.id)))[0].published).toBe(true);
    const both = await bulk([later.id, now.id]);
    expect(both.data.toast?.title).toBe("1 page publiée, 1 page programmée pour le 1er janvier 2030");
  });
});
