import { expect, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

// Nuxe's programmes in the demo seed (app/seed/data/programs.ts), every one paying on the amount excluding VAT (20 %):
// the best current rate is Awin's 10 % × the member share 70 % = 7 %, the others lower, so « Jusqu'à ».
// Its Huile Prodigieuse at 32,90 €: 32,90 / 1,20 × 7 % = 1,919… → « environ 1,91 € » (floored).
const NUXE_LABEL = "Jusqu'à 7\u00a0% de cashback";
const OIL = { name: "Huile Prodigieuse 100 ml", price: "32,90€", cashback: `${NUXE_LABEL}, soit environ 1,91\u00a0€` };

const offerCard = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The card shows the shop's price as it is (never struck through) and its cashback line inside the card. */
async function expectHonestCard(card: Locator) {
  await expect(card.getByText(OIL.price, { exact: true })).toBeVisible();
  await expect(card.locator("s, del")).toHaveCount(0);
  const line = card.getByTestId("offer-cashback");
  await expect(line).toHaveText(OIL.cashback);
  await expect(line).toBeVisible();
  const [lineBox, cardBox] = [await line.boundingBox(), await card.boundingBox()];
  expect(lineBox!.x + lineBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
}

test("a brand's rate on its page and on its offer cards is its programme's, with an honest estimate @layout", async ({ page }) => {
  await page.goto("/marques/nuxe");
  const badge = page.getByTestId("brand-cashback");
  await expect(badge).toHaveText(NUXE_LABEL);
  await expect(badge).toBeInViewport();
  await expectHonestCard(offerCard(page, OIL.name));

  // the home's featured offer says the same
  await page.goto("/");
  await expectHonestCard(offerCard(page, OIL.name));

  // a brand without an active programme (Caudalie's is closed) shows no cashback, on its page or its offer
  await page.goto("/marques/caudalie");
  await expect(page.getByRole("heading", { level: 1, name: "Caudalie" })).toBeVisible();
  await expect(page.getByTestId("brand-cashback")).toHaveCount(0);
  await expect(page.getByTestId("offer-cashback")).toHaveCount(0);
  await expect(page.getByText(/\d\s?% de cashback/)).toHaveCount(0);
});
