/**
 * `npm run screenshots [-- /path …]`: full-page screenshots of every public and
 * member page of app/routes.ts, at 390 and 1280 px, signed out and signed in as
 * the demo member, into screenshots/ (git-ignored). With `--admin`: every
 * back-office page instead, signed in as the demo admin, each list's
 * « Ajouter … » dialog open, every tab of the moderation desk and the history's bin. The production build runs on
 * a fresh, seeded embedded database on a free port; dynamic segments take real
 * ids and slugs from that database (its shortest and longest names: the
 * likeliest to break a layout).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { asc } from "drizzle-orm";
import routes from "#app/routes";
import { openDatabase } from "#app/lib/db.server";
import { conceptPath } from "#app/lib/site";
import { EARNINGS_SLUG } from "#app/modules/content/earnings";
import { LEGAL_SLUGS } from "#app/modules/content/legal";
import { MODERATION_TABS } from "#app/modules/notices/moderation-desk";
import * as s from "#db/schema";
import { DEMO_ACCOUNTS } from "#app/seed/demo-accounts";
import { seed } from "#app/seed/index";
import { ensureBuild, freshDataDir, root, startServer } from "./lib/server";

const OUT = path.join(root, "screenshots");
const WIDTHS = [390, 1280] as const;
/** Routes that are not pages a shopper or a member sees. */
const SKIP = /^\/(admin|kpi|email-test)(\/|$)/;
const ADMIN = process.argv.includes("--admin");

/** Every path of the route tree with its module file. */
function flatten(entries: RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((e) => {
    // (an index under prefix() carries the prefix as its path: /admin's dashboard)
    const here = e.path === undefined ? parent : `${parent}/${e.path}`.replace(/\/+/g, "/");
    const self = e.path !== undefined || e.index ? [{ path: here || "/", file: e.file }] : [];
    return [...self, ...flatten(e.children ?? [], here)];
  });
}

/** The shortest and the longest of some named rows (by name), as path values. */
const extremes = (rows: Array<{ value: string; name: string }>) => {
  const sorted = [...rows].sort((a, b) => a.name.length - b.name.length);
  return [...new Set([sorted[0]?.value, sorted.at(-1)?.value].filter((v): v is string => !!v))];
};

ensureBuild();
const dataDir = freshDataDir();
const database = await openDatabase({ dataDir });
let values: Record<string, string[]>;
try {
  await seed(database.db, { uploadsDir: path.join(dataDir, "uploads"), once: true });
  const db = database.db;
  const brands = await db.select({ value: s.brands.slug, name: s.brands.name }).from(s.brands).orderBy(asc(s.brands.slug));
  const categories = await db.select({ value: s.categories.slug, name: s.categories.name }).from(s.categories);
  const articles = await db.select({ value: s.blogArticles.id, name: s.blogArticles.title }).from(s.blogArticles);
  values = {
    "/marques/:id": [...new Set(["caudalie", ...extremes(brands)])].filter((v) => brands.some((b) => b.value === v)),
    "/categories/:slug": extremes(categories),
    "/blog/:id": extremes(articles),
    // the stored legal pages and the code-rendered one ("Comment nous gagnons de l'argent")
    "/legal/:slug": [...LEGAL_SLUGS, EARNINGS_SLUG],
    "/:slug": [conceptPath(process.env.SITE_NAME ?? "Crevarde").slice(1)],
    "/*": ["cette-page-n-existe-pas"],
    "/admin/:list/import": ["promo-codes"],
  };
} finally {
  await database.close();
}

const only = process.argv.slice(2).filter((a) => a.startsWith("/"));
const targets = flatten(routes)
  .filter((r) => r.file.endsWith(".tsx") && (ADMIN ? r.path.startsWith("/admin") : !SKIP.test(r.path)))
  .flatMap((r) => {
    if (!/[:*]/.test(r.path)) return [r.path];
    const key = r.path.replace(/\*$/, "*");
    return (values[key] ?? []).map((v) => r.path.replace(/:[^/]+|\*$/, v));
  })
  // the views behind a tab of one page: the moderation desk's tabs, the history's bin
  .concat(ADMIN ? [...MODERATION_TABS.slice(1).map((tab) => `/admin/moderation?onglet=${tab}`), "/admin/historique?onglet=corbeille"] : [])
  .filter((p, i, all) => all.indexOf(p) === i && (only.length === 0 || only.includes(p)));

const member = DEMO_ACCOUNTS.find((a) => a.role === (ADMIN ? "admin" : "user"))!;
const server = await startServer({}, dataDir);
let browser: Browser | undefined;
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
let count = 0;
try {
  browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  for (const signedIn of ADMIN ? [true] : [false, true]) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width < 768 ? 844 : 800 },
        deviceScaleFactor: width < 768 ? 2 : 1,
        isMobile: width < 768,
        hasTouch: width < 768,
        locale: "fr-FR",
        timezoneId: "Europe/Paris",
      });
      // a consent choice already made: the banner would hide the page
      await context.addCookies([{ name: "cr_consent", value: `v1.0.0.${Math.floor(Date.now() / 1000)}`, url: server.url }]);
      const page = await context.newPage();
      if (signedIn) {
        // through the sign-in form, as the member would
        await page.goto(`${server.url}/auth?fresh=true`);
        const form = page.getByRole("form", { name: "Connexion" });
        await form.getByLabel("Email").fill(member.email);
        await form.getByLabel("Mot de passe", { exact: true }).fill(member.password);
        await form.getByRole("button", { name: "Se connecter" }).click();
        await page.waitForURL((url) => url.pathname !== "/auth");
      }
      for (const target of targets) {
        await page.goto(`${server.url}${target}`, { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        // lazy images below the fold: load them all before the full-page shot
        await page.evaluate(() => document.querySelectorAll("img[loading=lazy]").forEach((img) => img.setAttribute("loading", "eager")));
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        const name = `${ADMIN ? "admin" : signedIn ? "member" : "visitor"}-${width}-${target === "/" ? "home" : target.slice(1).replace(/[^\w-]+/g, "_")}.png`;
        await page.screenshot({ path: path.join(OUT, name), fullPage: true });
        count++;
        // a list's create dialog, as an editor first sees it
        const add = page.getByRole("main").getByRole("button", { name: /^Ajouter/ }).first();
        if (ADMIN && (await add.count())) {
          await add.click();
          await page.getByRole("dialog").waitFor();
          await page.screenshot({ path: path.join(OUT, name.replace(/\.png$/, "-dialog.png")) });
          count++;
        }
      }
      await context.close();
    }
  }
} finally {
  await browser?.close();
  await server.stop();
}
console.log(`${count} screenshots of ${targets.length} pages in ${path.relative(process.cwd(), OUT)}/`);
