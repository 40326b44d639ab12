import { expect, test } from "./fixtures";

/**
 * Issue #39 item 3 (ADR 049): the demo's « -50 % » deal (typed 29,98 € → 14,99 €) sold at 16,99 € within the
 * 30 days before it: its card and its page show that 30-day low, the true reduction (-11 %), the typed price as
 * « Prix barré annoncé » and the badge « Réduction surestimée ». At 390 and 1280 px (@layout).
 */
const TITLE = "Vernis semi-permanent kit débutante";
const LOWEST = /Prix le plus bas des 30 derniers jours\s*:\s*16,99\s*€/;

test("the « -50 % » deal is told from its 30-day low, on its card and its page @layout", async ({ page }) => {
  await page.goto("/coup-de-crevarde?q=vernis");
  const card = page.locator("article", { has: page.getByRole("heading", { name: TITLE }) });
  const cardPrice = card.getByTestId("deal-price");
  await expect(cardPrice.getByText(LOWEST)).toBeVisible();
  await expect(cardPrice.getByText(/^-11\s*%$/)).toBeVisible();
  await expect(cardPrice.getByText("Réduction surestimée")).toBeVisible();
  await expect(cardPrice).toContainText("Prix barré annoncé");
  // its badge's typed « -50 % » says the true reduction
  await expect(card).not.toContainText("-50");

  await card.getByRole("link", { name: TITLE }).click();
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  const price = page.getByTestId("deal-price");
  await expect(price.getByText(LOWEST)).toBeVisible();
  await expect(price.getByText("Réduction surestimée")).toBeVisible();
  await expect(price.getByText(/^-11\s*%$/)).toBeVisible();
  await expect(price.locator("s")).toHaveText("29,98€");
  await expect(price).toContainText("Prix barré annoncé");
  // never the typed « -50 % » as a computed reduction
  await expect(price).not.toContainText("-50");
  // the lines fit the phone: nothing wider than the viewport
  const box = (await price.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
