import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

interface RouteEntry {
  id: string;
  module: string;
  imports?: string[];
}

/** The route manifest of the production build the e2e server serves (build/client/assets/manifest-*.js). */
function buildManifest(): { entry: { module: string; imports: string[] }; routes: Record<string, RouteEntry> } {
  const dir = path.resolve("build/client/assets");
  const file = fs.readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("No route manifest in build/client/assets: run `npm run build` first.");
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** Text that only the back office renders. */
const ADMIN_ONLY_TEXT = ["Vérification des droits d'administration", "Journal des modifications", "Gestion des codes promo", "Initialiser le contenu", "Ajouter un bloc de contenu"];

test("the JavaScript of / holds no admin code @desktop", async ({ page, request }) => {
  const { entry, routes } = buildManifest();
  const admin = Object.values(routes).filter((r) => r.id.startsWith("routes/admin/"));
  const publicRoutes = Object.values(routes).filter((r) => !r.id.startsWith("routes/admin/"));
  expect(admin.length).toBeGreaterThanOrEqual(12);
  const adminModules = new Set(admin.map((r) => r.module));
  // chunks that only admin routes import (admin-ui, slug fields, pager...): shared ones (button, dialog) are not admin code
  const shared = new Set([entry.module, ...entry.imports, ...publicRoutes.flatMap((r) => [r.module, ...(r.imports ?? [])])]);
  const adminOnlyChunks = new Set(admin.flatMap((r) => r.imports ?? []).filter((m) => !shared.has(m)));
  expect(adminOnlyChunks.size).toBeGreaterThan(0);

  // every script the browser fetches while it loads and hydrates /, plus the preloads the HTML announces
  const loaded = new Set<string>();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith(".js") || response.request().resourceType() === "script") loaded.add(url.pathname);
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const announced = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[rel="modulepreload"], script[src]')].map((el) => new URL("href" in el ? el.href : el.src).pathname),
  );
  for (const p of announced) loaded.add(p);
  expect(loaded.size).toBeGreaterThan(5);
  expect([...loaded].some((p) => p.includes("/entry.client-"))).toBe(true);

  for (const p of loaded) {
    expect(adminModules.has(p), `${p} is an admin route module`).toBe(false);
    expect(adminOnlyChunks.has(p), `${p} is an admin-only chunk`).toBe(false);
    const source = await (await request.get(p)).text();
    for (const text of ADMIN_ONLY_TEXT) expect(source.includes(text), `${p} contains "${text}"`).toBe(false);
  }

  // the check would see admin code if it were there: the admin modules do contain that text
  const adminSource = (await Promise.all([...adminModules].map(async (m) => (await request.get(m)).text()))).join("\n");
  for (const text of ADMIN_ONLY_TEXT) expect(adminSource, text).toContain(text);
});
