import { expect, noHorizontalScroll, test } from "./fixtures";

// Issue #34 item 6. The demo seed gives Kérastase one programme (app/seed/data/programs.ts DEMO_BOOSTED_PROGRAM):
// 8 % × the usual member share 70 % = 5,6 %, boosted to a 100 % share (8 %) from 2 days before the seed
// until the midnight (Paris) after the 5th day after it. The welcome bonus is the setting's default, 3,00 €, and the demo has cashback launched.
const BOOST = /^Cashback boosté : 8\u00a0% au lieu de 5,6\u00a0% jusqu'au \d{1,2}(er)? [a-zéû]+( \d{4})?( à \d{1,2} h \d{2})?$/;

test("a shopper sees a boosted rate on the brand page and its tile, and the welcome bonus on the sign-up page @layout", async ({ page }) => {
  await page.goto("/marques/kerastase");
  await expect(page.getByTestId("brand-cashback")).toHaveText("8\u00a0% de cashback");
  const boost = page.getByTestId("cashback-boost");
  await expect(boost).toHaveText(BOOST);
  await expect(boost).toBeInViewport();
  await noHorizontalScroll(page);

  await page.goto("/marques");
  const tile = page.getByRole("list", { name: "Marques" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Kérastase", exact: true }) });
  await expect(tile.getByTestId("brand-tile-boost")).toHaveText(BOOST);
  await tile.getByTestId("brand-tile-boost").scrollIntoViewIfNeeded();
  await expect(tile.getByTestId("brand-tile-boost")).toBeVisible();
  await noHorizontalScroll(page);

  await page.goto("/auth?tab=signup");
  const bonus = page.getByTestId("welcome-bonus");
  await expect(bonus).toHaveText(/^3,00\s€ offerts à ton premier achat validé$/);
  await expect(bonus).toBeVisible();
  await noHorizontalScroll(page);
});
