import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MEMBER, expect, signIn, test } from "./fixtures";

test("deals search filters as you type and lives in the URL", async ({ page }) => {
  await page.goto("/coup-de-crevarde");
  await expect(page.getByRole("heading", { name: "Coup de Crevarde", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Rechercher un deal" }).fill("legging");
  await expect(page).toHaveURL(/q=legging/);
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Legging de sport taille haute"]);
  await page.getByRole("searchbox", { name: "Rechercher un deal" }).fill("zzzz introuvable");
  await expect(page.getByText("Aucun deal ne correspond à ta recherche.")).toBeVisible();
  await page.goto("/coups-de-crevarde");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await page.getByRole("radio", { name: "shein" }).check();
  await expect(page).toHaveURL(/source=shein/);
  // the URL changes when the navigation starts: wait for the filtered list
  await expect.poll(async () => [...new Set(await page.locator("article p.uppercase").allTextContents())]).toEqual(["shein"]);
});

test("a member copies a promo code: 'Copié' then the toast", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/codes-promo$/);
  await page.getByRole("link", { name: "Soin du visage" }).click();
  await expect(page).toHaveURL(/categorie=Soin/);
  const first = page.getByRole("article").first();
  await first.getByRole("button", { name: "Copier" }).click();
  await expect(first.getByRole("button", { name: "Copié" })).toBeVisible();
  await expect(page.getByText("Code copié !")).toBeVisible();
});

test("visitors see masked codes on the home page", async ({ page }) => {
  await page.goto("/");
  const codes = page.locator('section[aria-labelledby="codes-title"] code');
  await expect(codes.first()).toHaveText(/^.{4}\*+$/);
  await expect(page.getByRole("link", { name: "Crée ton compte" }).first()).toBeVisible();
});

test("brands, blog and an article", async ({ page }) => {
  await page.goto("/marques");
  // 29 seeded brands (other suites running in parallel may add one)
  expect(await page.getByRole("list", { name: "Marques" }).getByRole("listitem").count()).toBeGreaterThanOrEqual(29);
  // the demo has cashback launched (issue #12 item 8): no "bientôt" banner; the spec's pre-launch page is checked in site-settings.spec.ts
  await expect(page.getByText("Cashback bientôt disponible")).toHaveCount(0);
  await page.goto("/blog");
  await page.getByRole("link", { name: /Le cashback expliqué simplement/ }).click();
  await expect(page).toHaveURL(/\/blog\/cashback-explique$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Le cashback expliqué simplement");
});

const DRAFT_NOTICE = "Brouillon : cette page n'est visible que par les administrateurs.";

/** The JSON-LD objects of the current page. */
async function jsonLd(page: Page) {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown> & { "@type": string });
}

test("an unknown brand or page shows the not-found page with status 404", async ({ page }) => {
  for (const path of ["/marques/inconnue", "/page-qui-n-existe-pas", "/categories/inconnue"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cette page s'est évaporée");
    await expect(page.getByRole("link", { name: "Retourner aux bons plans" })).toHaveAttribute("href", "/");
  }
});

test("a category page lists its brands and masked codes, with breadcrumb JSON-LD", async ({ page }) => {
  await page.goto("/categories");
  await page.getByRole("link", { name: "Soin du visage", exact: true }).click();
  await expect(page).toHaveURL(/\/categories\/soin-du-visage$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Soin du visage");
  const brands = page.getByRole("list", { name: "Marques Soin du visage" });
  await expect(brands.getByRole("link", { name: "Caudalie", exact: true })).toBeVisible();
  await expect(brands.getByRole("link", { name: "Nike" })).toHaveCount(0);
  const codes = page.locator('section[aria-labelledby="category-codes"] code');
  expect(await codes.count()).toBeGreaterThan(0);
  for (const text of await codes.allTextContents()) expect(text).toMatch(/^.{4}\*+$/);
  await expect(page.getByRole("link", { name: "Crée ton compte" }).first()).toBeVisible();
  const breadcrumb = (await jsonLd(page)).find((j) => j["@type"] === "BreadcrumbList") as { itemListElement: Array<{ name: string }> } | undefined;
  expect(breadcrumb?.itemListElement.map((i) => i.name)).toEqual(["Accueil", "Catégories", "Soin du visage"]);
  await brands.getByRole("link", { name: "Caudalie", exact: true }).click();
  await expect(page).toHaveURL(/\/marques\/caudalie$/);
});

test("the brand page lists codes and offers (price with cashback once launched), with Organization and BreadcrumbList JSON-LD", async ({ page }) => {
  const response = await page.goto("/marques/caudalie");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Caudalie");
  await expect(page.getByRole("heading", { name: "Codes promo Caudalie" })).toBeVisible();
  const offers = page.locator('section[aria-labelledby="brand-offers"]');
  await expect(offers.getByRole("heading", { name: "Sérum Vinoperfect éclat" })).toBeVisible();
  // the demo has cashback launched: the regular price struck, the price with cashback (public-site.md §9);
  // before launch (no struck price, "Bientôt") is checked in site-settings.spec.ts
  await expect(offers.locator("s")).toHaveText("54,90€");
  await expect(offers.getByText("49,41€")).toBeVisible();
  await expect(offers.getByRole("button", { name: "Bientôt" })).toHaveCount(0);
  const ld = await jsonLd(page);
  expect(ld.map((j) => j["@type"])).toEqual(["Organization", "BreadcrumbList"]);
  expect(ld[0]).toMatchObject({ name: "Caudalie", sameAs: ["https://fr.caudalie.com"] });
  expect((ld[1] as unknown as { itemListElement: Array<{ name: string }> }).itemListElement.map((i) => i.name)).toEqual([
    "Accueil",
    "Marques",
    "Caudalie",
  ]);
});

test("an admin-created page is public once published; a draft is 404 to visitors and members, shown to admins", async ({ page, playwright, browser, baseURL }) => {
  // two sign-ins (scrypt), two admin writes and eight page loads: over 45 s on a loaded machine
  test.slow();
  const id = randomUUID().slice(0, 8);
  const title = `Guide des soldes ${id}`;
  await signIn(page, DEMO_ADMIN, "/auth?redirect=/admin/pages");
  // (a regex on the URL would also match /auth?redirect=/admin/pages)
  await page.waitForURL((url) => url.pathname === "/admin/pages");
  const dialog = page.getByRole("dialog");
  // the button only opens the dialog once the page is hydrated. Under load a click can
  // open it and still time out, so a retry first looks whether it is already open
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole("button", { name: "Ajouter une page" }).click({ timeout: 5_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await dialog.getByLabel("Titre*").fill(title);
  await expect(dialog.getByLabel("Slug*")).toHaveValue(`guide-des-soldes-${id}`);
  await dialog.getByLabel("Meta description").fill("Le guide des soldes de la rédaction.");
  await dialog.getByRole("tab", { name: "HTML" }).click();
  await dialog.getByLabel("Contenu*").fill("<h2>Les bons plans</h2><p>Tout ce qu'il faut savoir.</p>");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByText("Page créée avec succès")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Publié");

  // a second page, saved as a draft with the "Statut" select
  const DRAFT_SLUG = `page-en-preparation-${id}`;
  await page.getByRole("button", { name: "Ajouter une page" }).click();
  await dialog.getByLabel("Titre*").fill(`Page en préparation ${id}`);
  await expect(dialog.getByLabel("Slug*")).toHaveValue(DRAFT_SLUG);
  await dialog.getByRole("tab", { name: "HTML" }).click();
  await dialog.getByLabel("Contenu*").fill("<p>Cette page n'est pas encore publiée.</p>");
  await dialog.getByLabel("Statut").selectOption("draft");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`Page en préparation ${id}`) })).toContainText("Brouillon");

  // an anonymous visitor (no cookie at all, so the page micro-cache is in play)
  const visitor = await playwright.request.newContext({ baseURL });
  const published = await visitor.get(`/guide-des-soldes-${id}`);
  expect(published.status()).toBe(200);
  const publishedHtml = await published.text();
  expect(publishedHtml).toContain(title);
  expect(publishedHtml).toContain('content="Le guide des soldes de la rédaction."');
  expect(publishedHtml).not.toContain(DRAFT_NOTICE);

  // the draft, as a visitor: 404
  expect((await visitor.get(`/${DRAFT_SLUG}`)).status()).toBe(404);

  // the draft, as an admin: banner, noindex, never cacheable
  const adminView = await page.goto(`/${DRAFT_SLUG}`);
  expect(adminView?.status()).toBe(200);
  expect(adminView?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("status").filter({ hasText: DRAFT_NOTICE })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Page en préparation ${id}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");

  // ...and as a visitor again, after the admin's view: still 404, never served from the cache
  for (let i = 0; i < 2; i++) {
    const draft = await visitor.get(`/${DRAFT_SLUG}`);
    expect(draft.status()).toBe(404);
    expect(draft.headers()["x-cache"]).not.toBe("HIT");
    const html = await draft.text();
    expect(html).toContain("Cette page s&#x27;est évaporée");
    expect(html).not.toContain("Page en préparation");
  }
  await visitor.dispose();

  // a member gets 404 too
  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  await signIn(member, DEMO_MEMBER);
  await expect(member).toHaveURL(/\/codes-promo$/);
  expect((await member.goto(`/${DRAFT_SLUG}`))?.status()).toBe(404);
  await expect(member.getByRole("heading", { level: 1 })).toHaveText("Cette page s'est évaporée");
  await memberContext.close();
});

test("deals: search and source filter combine, in the URL and through the interface", async ({ page }) => {
  const titles = () => page.locator("article h3").allTextContents();
  // case-insensitive, over title and description, combined with a source
  await page.goto("/coup-de-crevarde?q=LEGGING&source=shein");
  expect(await titles()).toEqual(["Legging de sport taille haute"]);
  await page.goto("/coup-de-crevarde?q=dupe");
  expect(await titles()).toEqual(["Legging de sport taille haute"]);
  // a match in the wrong source: the spec's empty texts
  await page.goto("/coup-de-crevarde?q=legging&source=temu");
  await expect(page.getByText("Aucun deal ne correspond à ta recherche.")).toBeVisible();
  await expect(page.getByText("Essaie avec d'autres termes ou filtre.")).toBeVisible();
  await expect(page.locator("article")).toHaveCount(0);

  // through the interface: type, then filter; both stay in the URL
  await page.goto("/coup-de-crevarde");
  await page.getByRole("searchbox", { name: "Rechercher un deal" }).fill("pinceaux");
  await expect(page).toHaveURL(/q=pinceaux/);
  await expect(page.locator("article h3")).toHaveText(["Lot de 20 pinceaux de maquillage"]);
  const chooseSource = async (name: string) => {
    const radio = page.getByRole("radio", { name });
    if (!(await radio.isVisible())) await page.getByRole("button", { name: "Filtrer" }).click();
    await radio.check();
  };
  await chooseSource("aliexpress");
  await expect(page).toHaveURL(/q=pinceaux.*source=aliexpress|source=aliexpress.*q=pinceaux/);
  await expect(page.getByText("Aucun deal ne correspond à ta recherche.")).toBeVisible();
  await chooseSource("temu");
  await expect(page).toHaveURL(/source=temu/);
  await expect(page.locator("article h3")).toHaveText(["Lot de 20 pinceaux de maquillage"]);
  await chooseSource("Toutes les sources");
  await expect(page).not.toHaveURL(/source=temu/);
  await expect(page.getByRole("searchbox", { name: "Rechercher un deal" })).toHaveValue("pinceaux");
  await expect(page.locator("article h3")).toHaveText(["Lot de 20 pinceaux de maquillage"]);
});

test("anonymous HTML never contains a full promo code, data included", async ({ request }) => {
  for (const path of ["/", "/marques/caudalie", "/categories/soin-du-visage"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain("VINO******");
    expect(html, path).not.toContain("VINOGLOW15");
  }
  const html = await (await request.get("/categories/soin-du-visage")).text();
  for (const code of ["CREVARDE10", "EFFACLAR12", "THERMALE5", "ULTRAFACIAL", "SORCIERE"]) expect(html).not.toContain(code);
});

test("a member filters /codes-promo with the category chips", async ({ page }) => {
  await signIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/codes-promo$/);
  const chips = page.getByRole("navigation", { name: "Catégories" }).getByRole("link");
  // the chips are rendered before they are read (allTextContents does not wait)
  await expect(chips.first()).toHaveText("Tous");
  const labels = await chips.allTextContents();
  expect(labels).toEqual(expect.arrayContaining(["Soin du visage", "Sport", "Mode"]));
  expect(new Set(labels).size).toBe(labels.length);
  await expect(chips.filter({ hasText: "Tous" })).toHaveAttribute("aria-current", "page");
  const all = await page.getByRole("article").count();

  await chips.filter({ hasText: /^Sport$/ }).click();
  await expect(page).toHaveURL(/categorie=Sport/);
  await expect(chips.filter({ hasText: /^Sport$/ })).toHaveAttribute("aria-current", "page");
  const brands = await page.getByRole("article").locator("h3").allTextContents();
  expect(brands.length).toBeGreaterThan(0);
  expect(brands.length).toBeLessThan(all);
  for (const brand of brands) expect(["Decathlon", "Nike", "Adidas", "Lululemon", "Asics"]).toContain(brand);
  // members see full codes
  await expect(page.getByRole("article").locator("code").filter({ hasText: "RUNNING10" })).toBeVisible();

  await chips.filter({ hasText: "Tous" }).click();
  await expect(page).toHaveURL(/\/codes-promo$/);
  await expect(page.getByRole("article")).toHaveCount(all);
});
