import { collectConsoleErrors, expect, test } from "./fixtures";

const NAV = ["Marques", "Le Blog", "Coup de Crevarde", "Mes codes promo", "Pourquoi Crevarde ?"];

test("the home page renders its sections without console errors or CSP violations", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Économise");
  const headings = page.getByRole("heading", { level: 2 });
  await expect(headings.first()).toBeVisible();
  const order = await headings.allTextContents();
  const idx = (re: RegExp) => order.findIndex((t) => re.test(t));
  expect(idx(/codes promo du moment/)).toBeLessThan(idx(/deals du jour/));
  expect(idx(/deals du jour/)).toBeLessThan(idx(/Comment ça marche/));
  expect(idx(/Comment ça marche/)).toBeLessThan(idx(/cashback sur tes produits/));
  expect(idx(/cashback sur tes produits/)).toBeLessThan(idx(/ont sauté le pas/));
  await expect(page.getByText(/© 2025(–\d{4})? Crevarde/)).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
});

test("the header links are in the spec's order and navigate @desktop", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  await expect(nav.getByRole("link")).toHaveText(NAV);
  await expect(nav.getByRole("link", { name: "Pourquoi Crevarde ?" })).toHaveAttribute("href", "/pourquoi-crevarde");
  await expect(page.getByRole("link", { name: "Connexion" })).toHaveAttribute("href", "/auth?fresh=true");
  await expect(page.getByRole("link", { name: "S'inscrire" })).toHaveAttribute("href", "/auth?tab=signup");
  await nav.getByRole("link", { name: "Pourquoi Crevarde ?" }).click();
  await expect(page).toHaveURL(/\/pourquoi-crevarde$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pourquoi Crevarde ?");
});

test("below 768 px the links live in a right-side drawer @mobile", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Connexion" })).toBeVisible();
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link")).toHaveText(NAV);
  await drawer.getByRole("link", { name: "Pourquoi Crevarde ?" }).click();
  await expect(page).toHaveURL(/\/pourquoi-crevarde$/);
  await expect(page.getByRole("dialog")).toBeHidden();
});

// one legal page in the browser: the others' titles are in legal.spec.ts, each page's content in
// tests/integration/legal.test.ts and seed.test.ts, and they share this page's component
test("legal page /legal/cgv", async ({ page }) => {
  await page.goto("/legal/cgv");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions générales de vente");
  await expect(page.getByText("Dernière mise à jour : 23 novembre 2026")).toBeVisible();
  await expect(page.locator("main h2", { hasText: /^Article \d+/ })).toHaveCount(13);
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("unknown routes show the not-found page with a 404", async ({ page }) => {
  const response = await page.goto("/nimporte-quoi/xyz");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Cette page s'est évaporée" })).toBeVisible();
  await page.getByRole("link", { name: "Retourner aux bons plans" }).click();
  await expect(page).toHaveURL(/\/$/);
});

// at 390 px with touch (the mobile project): the desktop widths of every page are layout.spec.ts's
test("no page is wider than the viewport @layout @mobile", async ({ page }) => {
  for (const path of ["/", "/legal/cgv", "/pourquoi-crevarde", "/pourquoi"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("sitemap.xml and robots.txt", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  expect(xml).toContain("/marques</loc>");
  expect(xml).toContain("/blog/skincare-chere</loc>");
  expect(xml).toContain("/legal/cgv</loc>");
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
});

test("every page has a canonical URL and social tags", async ({ page }) => {
  await page.goto("/legal/cookies");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/legal\/cookies$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Politique de cookies/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
});

test("anonymous public pages come from the micro-cache with a fresh CSP nonce each time", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  // a change to the blog by a test running beside this one empties the cache between two reads: read again until a HIT
  let first = await api.get("/blog");
  let second = await api.get("/blog");
  await expect
    .poll(async () => {
      if (second.headers()["x-cache"] === "HIT") return "HIT";
      [first, second] = [second, await api.get("/blog")];
      return second.headers()["x-cache"];
    })
    .toBe("HIT");
  const nonce = (html: string) => html.match(/<script nonce="([^"]+)"/)?.[1];
  const [a, b] = [nonce(await first.text()), nonce(await second.text())];
  expect(a).toBeTruthy();
  expect(a).not.toBe(b);
  expect(second.headers()["content-security-policy"]).toContain(`'nonce-${b}'`);
  // /blog is a shared page (ADR 048): a session gets the stored page too; a page that is not shared yet is rendered for it
  const shared = await api.get("/blog", { headers: { cookie: "crevarde.session_token=x" } });
  expect(shared.headers()["x-cache"]).toMatch(/^(HIT|MISS)$/);
  const personal = await api.get("/apropos", { headers: { cookie: "crevarde.session_token=x" } });
  expect(personal.headers()["x-cache"]).toBeUndefined();
  await api.dispose();
});

test("no Content-Security-Policy violation on the main pages", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  for (const path of ["/", "/coup-de-crevarde", "/marques", "/blog/dupes-2025", "/auth", "/temu"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), path).toEqual([]);
  }
});
