import { expect, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

// Issue #34 item 5: rates where shoppers choose. On the demo (cashback launched) Nuxe's best
// programme pays 10 % × 70 % = 7 %, its others less: « Jusqu'à 7 % »; Caudalie's programme is closed.
// Other specs' fixtures add brands of their own, so this one reads the page rather than counting.
const NUXE_LABEL = "Jusqu'à 7\u00a0% de cashback";
const RATE = /de cashback$/;

const brandList = (page: Page) => page.getByRole("list", { name: "Marques" });
const tile = (page: Page, name: string) => brandList(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
/** Each tile's badge, in the page's order. */
const badges = (list: Locator) => list.getByRole("listitem").locator("h2").locator("xpath=preceding-sibling::span[1]").allInnerTexts();

test("a shopper sorts /marques by best cashback, keeps the brands with cashback, jumps with the A–Z index, and finds an offer with its rate @layout", async ({ page }) => {
  await page.goto("/marques");
  await expect(tile(page, "Nuxe").getByText(NUXE_LABEL, { exact: true })).toBeVisible();
  await expect(tile(page, "Caudalie").getByText("Codes promo", { exact: true })).toBeVisible();
  await expect(page.getByText("Cashback bientôt disponible")).toHaveCount(0);

  // « Meilleur cashback »: the brands with a rate first, Nuxe among them
  await page.getByRole("group", { name: "Trier les marques" }).getByRole("link", { name: "Meilleur cashback" }).click();
  await expect(page).toHaveURL(/\/marques\?tri=cashback$/);
  await expect(page.getByRole("link", { name: "Meilleur cashback" })).toHaveAttribute("aria-current", "true");
  const sorted = await badges(brandList(page));
  const withRate = sorted.findIndex((b) => !RATE.test(b));
  expect(withRate).toBeGreaterThan(0);
  expect(sorted.slice(withRate).every((b) => b === "Codes promo")).toBe(true);
  await expect(brandList(page).getByRole("listitem").first().getByText(RATE)).toBeVisible();

  // « Avec cashback »: only brands with a rate, still sorted
  await page.getByRole("link", { name: "Avec cashback" }).click();
  await expect(page).toHaveURL(/\/marques\?tri=cashback&filtre=cashback$/);
  await expect(page.getByRole("status").filter({ hasText: "avec cashback" })).toBeVisible();
  const kept = await badges(brandList(page));
  expect(kept.length).toBe(withRate);
  expect(kept.every((b) => RATE.test(b))).toBe(true);
  await expect(tile(page, "Nuxe")).toBeVisible();
  await expect(tile(page, "Caudalie")).toHaveCount(0);

  // the A–Z index: back to every brand, A–Z, then « N » jumps to the first brand under N
  await page.getByRole("link", { name: "Avec cashback" }).click();
  await expect(page).toHaveURL(/\/marques\?tri=cashback$/);
  // the list of every brand is on the page (the links' targets follow it): only then « De A à Z »
  await expect(tile(page, "Caudalie")).toBeVisible();
  await page.getByRole("link", { name: "De A à Z" }).click();
  await expect(page).toHaveURL(/\/marques$/);
  const index = page.getByRole("navigation", { name: "Marques de A à Z" });
  await expect(index.getByRole("link", { name: "Q", exact: true })).toHaveCount(0);
  await expect(index.getByText("Q", { exact: true })).toBeVisible();
  await index.getByRole("link", { name: "N", exact: true }).click();
  await expect(page).toHaveURL(/\/marques#lettre-n$/);
  const first = page.locator("#lettre-n");
  await expect(first).toBeInViewport();
  await expect(first.getByRole("heading", { level: 2 })).toHaveText(/^N/);
  // not under the sticky header
  const [header, anchored] = [await page.locator("header").first().boundingBox(), await first.boundingBox()];
  expect(anchored!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);

  // the search: « huile » finds the offer, with its brand's rate; the suggestions say it too
  await page.goto("/recherche");
  const box = page.getByRole("combobox", { name: "Rechercher sur Crevarde" }).first();
  await box.pressSequentially("huile");
  const option = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").filter({ hasText: "Huile Prodigieuse 100 ml" });
  await expect(option).toContainText(NUXE_LABEL);
  await expect(option).toContainText("Produit");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/recherche\?q=huile$/);
  const products = page.locator("section[aria-labelledby=search-offers]");
  await expect(products.getByRole("heading", { name: "Produits", level: 2 })).toBeVisible();
  const oil = products.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Huile Prodigieuse 100 ml", exact: true }) });
  await oil.scrollIntoViewIfNeeded();
  await expect(oil.getByTestId("offer-cashback")).toHaveText(`${NUXE_LABEL}, soit environ 1,91\u00a0€`);
  await expect(oil.getByTestId("offer-cashback")).toBeVisible();

  // « laroche »: La Roche-Posay, brand names matched without spaces and hyphens
  await page.goto("/recherche?q=laroche");
  await expect(page.locator("section[aria-labelledby=search-brands]").getByRole("heading", { name: "La Roche-Posay", level: 3 })).toBeVisible();
});
