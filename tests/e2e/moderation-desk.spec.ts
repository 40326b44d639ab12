import { expect, noHorizontalScroll, signedInAs, test } from "./fixtures";

test("the moderation desk opens on the DSA notices, tabs with counts in the URL; programme actions sit in a menu; amounts stay on one line @layout", async ({ page }) => {
  await signedInAs(page, "admin", "/admin/moderation");
  const tabs = page.getByRole("navigation", { name: "Files de modération" }).getByTestId("moderation-tab");
  await expect(tabs).toHaveCount(7);
  // legal notices first, the active tab; every tab shows what waits in it
  await expect(tabs.first()).toContainText("Contenus illicites (DSA)");
  await expect(tabs.first()).toHaveAttribute("aria-current", "page");
  await expect(tabs.nth(1)).toContainText("Deals à valider");
  for (const tab of await tabs.all()) await expect(tab).toHaveText(/\d+$/);
  await expect(page.getByText(/^Contenus signalés comme illicites \(\d+\)$/)).toBeVisible();
  await noHorizontalScroll(page);

  // another tab is its own address, with only its queue
  await tabs.filter({ hasText: "Membres bloqués" }).click();
  await expect(page).toHaveURL(/\/admin\/moderation\?onglet=membres$/);
  await expect(tabs.filter({ hasText: "Membres bloqués" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("form", { name: "Bloquer un membre" })).toBeVisible();
  await expect(page.getByText(/^Contenus signalés comme illicites/)).toHaveCount(0);
  await noHorizontalScroll(page);

  // a programme's actions are behind one button: the row stays one line of actions high
  await page.goto("/admin/programmes");
  const menuButton = page.getByRole("button", { name: /^Actions de / }).first();
  await expect(menuButton).toBeVisible();
  await expect(page.getByRole("button", { name: /^Mettre en pause/ })).toHaveCount(0);
  const row = menuButton.locator("xpath=ancestor::tr[1]");
  const rowBox = await row.boundingBox();
  expect(rowBox!.height).toBeLessThan(200);
  await menuButton.click();
  await expect(page.getByRole("menuitem", { name: "Modifier" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Taux" })).toBeVisible();
  await page.keyboard.press("Escape");
  await noHorizontalScroll(page);

  // a price in the deals table is one line: its height is one line's
  await page.goto("/admin/crevarde-deals");
  const price = page.getByRole("table", { name: "Deals" }).getByRole("cell").locator("span.font-semibold").first();
  await expect(price).toBeVisible();
  const { height, lineHeight } = await price.evaluate((el) => ({ height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) }));
  expect(height).toBeLessThanOrEqual(lineHeight * 1.5);
  await noHorizontalScroll(page);
});
