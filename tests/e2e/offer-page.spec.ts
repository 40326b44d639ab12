import { expect, noHorizontalScroll, test } from "./fixtures";

/**
 * An offer's page (issue #39 items 4 and 5, ADR 049 §The offer page): the demo's « Huile Prodigieuse 100 ml »
 * (Nuxe) has a year of price history (app/seed/data/price-history.ts). From its card on the brand page to its
 * page: its 30-day low, the price history chart with its table, a period switched by a link. At 390 and 1280 px (@layout).
 */
const NAME = "Huile Prodigieuse 100 ml";
const LOWEST = /Prix le plus bas des 30 derniers jours\s*:\s*27,90\s*€/;

test("an offer's card on its brand page opens its page, with its price history by period and its table @layout", async ({ page }) => {
  await page.goto("/marques/nuxe");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: NAME }) });
  await expect(card.getByText(LOWEST)).toBeVisible();
  await card.getByRole("link", { name: NAME }).click();

  await page.waitForURL(/\/offres\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  const offer = page.locator("article");
  await expect(offer.getByRole("link", { name: "Nuxe", exact: true }).first()).toHaveAttribute("href", "/marques/nuxe");
  await expect(offer.getByText(LOWEST)).toBeVisible();
  // the card's own way out, and no reduction claimed (nothing struck through)
  await expect(offer.getByRole("link", { name: "Activer le cashback" })).toHaveAttribute("href", /^\/cashback\/activer\//);
  await expect(offer.locator("s")).toHaveCount(0);
  await expect(offer.getByLabel("Préviens-moi sous")).toHaveValue("29");

  const history = page.locator("#historique-prix");
  await expect(history.getByRole("heading", { name: "Historique du prix" })).toBeVisible();
  await expect(history.getByRole("link", { name: "90 jours" })).toHaveAttribute("aria-current", "page");
  await expect(history.getByRole("img", { name: /Historique du prix sur 90 jours/ })).toBeVisible();
  // its accessible alternative: the prices by date (a <details> the client navigation may keep open)
  const showTable = async () => {
    const details = history.locator("details");
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator("summary").click();
  };
  await showTable();
  const rows = history.getByRole("row");
  await expect(rows.first()).toBeVisible();
  const ninety = await rows.count();
  await noHorizontalScroll(page);

  await history.getByRole("link", { name: "365 jours" }).click();
  await page.waitForURL(/\?historique=365/);
  await expect(history.getByRole("link", { name: "365 jours" })).toHaveAttribute("aria-current", "page");
  await expect(history.getByRole("img", { name: /Historique du prix sur 365 jours/ })).toBeVisible();
  await showTable();
  // a year holds more prices than 90 days
  await expect.poll(() => rows.count()).toBeGreaterThan(ninety);
  await expect(rows.getByText(/34,90\s*€/).first()).toBeVisible();
  await noHorizontalScroll(page);
});
