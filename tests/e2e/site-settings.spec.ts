import { contextMenuCancelled, DEMO_ADMIN, expect, f12Cancelled, signIn, test } from "./fixtures";

// Tests here change what every visitor sees (settings, the home page's
// blocks): the "shared-state" Playwright project runs them after the desktop
// and mobile projects.

test("an admin switches content protection off and on again from Paramètres", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, "/auth?fresh=true&redirect=/admin/settings");
  await expect(page.getByRole("heading", { name: "Paramètres" })).toBeVisible();
  const protection = page.getByLabel(/Protection du contenu/);
  try {
    await protection.uncheck();
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
    await page.goto("/coup-de-crevarde");
    await expect(page.getByRole("heading", { name: "Coup de Crevarde", level: 1 })).toBeVisible();
    await expect(page.locator("html")).not.toHaveAttribute("data-protected", "true");
    expect(await contextMenuCancelled(page, "main h1")).toBe(false);
    expect(await f12Cancelled(page)).toBe(false);
    await page.getByRole("searchbox", { name: "Rechercher un deal" }).fill("legging");
    await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Legging de sport taille haute"]);
  } finally {
    await page.goto("/admin/settings");
    await page.getByLabel(/Protection du contenu/).check();
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Paramètres enregistrés")).toBeVisible();
  }
  await page.goto("/coup-de-crevarde");
  await expect(page.locator("html")).toHaveAttribute("data-protected", "true");
  expect(await contextMenuCancelled(page, "main h1")).toBe(true);
});

const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script><svg onload="window.__xss=1"><a href="javascript:window.__xss=1">lien</a>`;

test("an html block holding script payloads is saved sanitised: nothing runs on the home page", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, "/auth?fresh=true&redirect=/admin/content?contentPage=home");
  await page.waitForURL((url) => url.pathname === "/admin/content");
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: "Modifier hero", exact: true }).click();
  const content = dialog.getByLabel("Contenu*");
  const original = await content.inputValue();
  try {
    await content.fill(`Économise <strong>sans risque</strong>${PAYLOAD}`);
    await dialog.getByRole("button", { name: "Mettre à jour", exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.goto("/");
    const title = page.getByRole("heading", { level: 1 });
    await expect(title).toContainText("Économise sans risque");
    await expect(title.locator("strong")).toHaveText("sans risque");
    await expect(title.locator("script, img, svg, iframe")).toHaveCount(0);
    expect(await title.locator("a").count()).toBeLessThanOrEqual(1);
    if (await title.locator("a").count()) expect(await title.locator("a").getAttribute("href")).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  } finally {
    await page.goto("/admin/content?contentPage=home");
    await page.getByRole("button", { name: "Modifier hero", exact: true }).click();
    await dialog.getByLabel("Contenu*").fill(original);
    await dialog.getByRole("button", { name: "Mettre à jour", exact: true }).click();
    await expect(dialog).toBeHidden();
  }
});

test("an admin empties a legal value: the dashboard warns and the mentions show « non renseigné » until it is set again", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, "/auth?fresh=true&redirect=/admin/settings");
  const phone = page.getByLabel("Hébergeur : téléphone *");
  const saved = await phone.inputValue();
  expect(saved).not.toBe("");
  try {
    await phone.fill("");
    await page.getByRole("button", { name: "Valider les mentions légales" }).click();
    await expect(page.getByText("Informations légales enregistrées")).toBeVisible();
    await page.goto("/admin");
    await expect(page.getByRole("alert").filter({ hasText: "Mentions légales incomplètes : Hébergeur : téléphone." })).toBeVisible();
    await page.goto("/legal/mentions-legales");
    await expect(page.locator("main [data-legal-field=hostPhone]")).toHaveText("non renseigné");
  } finally {
    await page.goto("/admin/settings");
    await page.getByLabel("Hébergeur : téléphone *").fill(saved);
    await page.getByRole("button", { name: "Valider les mentions légales" }).click();
    await expect(page.getByText("Informations légales enregistrées")).toBeVisible();
  }
  await page.goto("/admin");
  await expect(page.getByText("Mentions légales incomplètes")).toHaveCount(0);
  await page.goto("/legal/mentions-legales");
  await expect(page.locator("main [data-legal-field=hostPhone]")).toHaveText(saved);
});
