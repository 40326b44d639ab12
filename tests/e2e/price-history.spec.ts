import { expect, test } from "./fixtures";

/**
 * Issue #39 item 4 (ADR 049): the demo's « -50 % » deal shows its price history, drawn on the server, with its
 * low, average and high, over 90 days by default and 30 days on a click, and the prices in a table. At 390 and
 * 1280 px (@layout). The seed: 29,98 € 88 days ago, 16,99 € 55 days ago, 17,99 € 20 days ago, the deal's 14,99 €.
 */
const TITLE = "Vernis semi-permanent kit débutante";

test("the « -50 % » deal's price history chart, its figures and a period switch @layout", async ({ page }) => {
  await page.goto("/coup-de-crevarde?q=vernis");
  await page.locator("article", { has: page.getByRole("heading", { name: TITLE }) }).getByRole("link", { name: TITLE }).click();
  const section = page.locator("section#historique-prix");
  await expect(section.getByRole("heading", { name: "Historique du prix" })).toBeVisible();
  await expect(section.getByRole("link", { name: "90 jours" })).toHaveAttribute("aria-current", "page");
  await expect(section).toContainText(/plus bas 14,99\s*€, moyen \d+,\d\d\s*€, plus haut 29,98\s*€/);
  const chart = section.getByRole("img", { name: /^Historique du prix sur 90 jours : au plus bas 14,99\s*€/ });
  await expect(chart).toBeVisible();

  // the chart takes the page's width, and nothing is wider than the viewport
  const width = page.viewportSize()!.width;
  const box = (await chart.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.width).toBeGreaterThan(width / 2 - 40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // its table, as the chart's alternative
  await section.getByText("Voir les prix par date").click();
  await expect(section.getByRole("row")).toHaveCount(4);
  await expect(section.getByRole("row").first()).toContainText("29,98");

  // 30 days: the 29,98 € of 88 days ago is out of the period, the 16,99 € of 55 days ago still holds into it
  await section.getByRole("link", { name: "30 jours" }).click();
  await expect(page).toHaveURL(/[?&]historique=30\b/);
  await expect(section.getByRole("link", { name: "30 jours" })).toHaveAttribute("aria-current", "page");
  await expect(section).toContainText(/plus bas 14,99\s*€, moyen \d+,\d\d\s*€, plus haut 17,99\s*€/);
  await expect(section.getByRole("img", { name: /^Historique du prix sur 30 jours/ })).toBeVisible();
});
