import { DEMO_MEMBER, expect, signIn, test } from "./fixtures";

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
  const sources = await page.locator("article p.uppercase").allTextContents();
  expect(sources.length).toBeGreaterThan(0);
  expect(new Set(sources)).toEqual(new Set(["shein"]));
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
  await expect(page.getByText("Cashback bientôt disponible")).toBeVisible();
  await page.goto("/blog");
  await page.getByRole("link", { name: /Le cashback expliqué simplement/ }).click();
  await expect(page).toHaveURL(/\/blog\/cashback-explique$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Le cashback expliqué simplement");
});
