import { contextMenuCancelled, DEMO_ADMIN, expect, f12Cancelled, signIn, test } from "./fixtures";

// Tests here change site-wide settings: the "site-settings" Playwright project
// runs them alone, after the desktop and mobile projects.

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
