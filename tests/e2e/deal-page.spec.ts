import type { Page } from "@playwright/test";
import { expect, isSaveResponse, noHorizontalScroll, signedInAs, test } from "./fixtures";
import { avatarPoster, VOTED_DEAL_CODE, votedDealTitle } from "./deal-page-fixture";
import { profilePoster } from "./member-profile-fixture";

/** The deal page and temperature votes (issue #15): each project votes on its own deal (tests/e2e/deal-page-fixture.ts). */

test("a visitor opens a deal from the list and sees its page, the masked code and a sign-in prompt to vote @layout", async ({ page }, testInfo) => {
  const title = votedDealTitle(testInfo.project.name);
  await page.goto(`/coup-de-crevarde?q=${encodeURIComponent("gourde isotherme")}`);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/coup-de-crevarde\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("7,99€", { exact: true })).toBeVisible();
  await expect(page.getByTestId("deal-code")).toHaveText(new RegExp(`^${VOTED_DEAL_CODE.slice(0, 4)}\\*+$`));
  await expect(page.getByRole("button", { name: "Copier" })).toHaveCount(0);
  await expect(page.getByTestId("deal-heat")).toHaveText(/42°/);
  await expect(page.getByRole("link", { name: /^Voir le deal/ })).toHaveAttribute("href", /^\/kpi\?/);
  // visitors see the vote buttons as a prompt to sign in
  await expect(page.getByRole("link", { name: "Connecte-toi pour voter Hot" })).toHaveAttribute("href", /^\/auth\?redirect=/);
  // Product JSON-LD, no temperature in it
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = jsonLd.map((t) => JSON.parse(t)).find((o) => o["@type"] === "Product");
  expect(product).toMatchObject({ name: title, offers: { price: "7.99", priceCurrency: "EUR", availability: "https://schema.org/InStock" } });
  expect(JSON.stringify(product)).not.toMatch(/temperature|42°/i);
  await noHorizontalScroll(page);
});

test("a member votes hot on the deal page, sees the vote and the temperature change, then undoes it @layout", async ({ page }, testInfo) => {
  const title = votedDealTitle(testInfo.project.name);
  await signedInAs(page, "member");
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(`/coup-de-crevarde?q=${encodeURIComponent("gourde isotherme")}`);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("deal-code")).toHaveText(VOTED_DEAL_CODE);
  const hot = page.getByRole("button", { name: "🔥 Hot" });
  await expect(hot).toHaveAttribute("aria-pressed", "false");
  await hot.click();
  await expect(page.getByText("Vote 🔥 enregistré, merci !")).toBeVisible();
  await expect(hot).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Tu as voté 🔥 (reclique pour annuler)")).toBeVisible();
  await expect(page.getByTestId("deal-heat")).toHaveText(/4[3-5]°/);

  // kept after a reload, then undone by clicking again
  await page.reload();
  await expect(hot).toHaveAttribute("aria-pressed", "true");
  await hot.click();
  await expect(page.getByText("Ton vote a été retiré.")).toBeVisible();
  await expect(hot).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("deal-heat")).toHaveText(/42°/);
  await noHorizontalScroll(page);

  // « Sauvegarder » on the deal page (issue #34 item 9): the deal is then in « Mes sauvegardes »
  // the button shows the new state while the save is on its way: wait for the server's answer before leaving
  const saved = page.waitForResponse(isSaveResponse);
  await page.getByRole("button", { name: "Sauvegarder" }).click();
  expect((await saved).status()).toBeLessThan(400);
  await expect(page.getByRole("button", { name: "Sauvegardé" })).toHaveAttribute("aria-pressed", "true");
  await page.goto("/mes-deals");
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

  // on the list too: inside the card, the temperature, the byline and the member's vote and save buttons
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: title, exact: true }) });
  // the list is the same page for everyone (ADR 048), kept by the micro-cache for up to 10 s: its temperature may be
  // the one of a moment ago (votes do not empty the cache), the member's own vote and save come from /api/moi
  await expect(async () => {
    await page.goto(`/coup-de-crevarde?q=${encodeURIComponent("gourde isotherme")}`);
    await expect(card.getByTestId("deal-heat")).toHaveText(/42°/, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByTestId("deal-byline")).toContainText(/il y a|à l'instant/);
  await expect(card.getByRole("button", { name: "🔥 Hot" })).toHaveAttribute("aria-pressed", "false");
  const unsaved = page.waitForResponse(isSaveResponse);
  await card.getByRole("button", { name: "Sauvegardé" }).click();
  expect((await unsaved).status()).toBeLessThan(400);
  await expect(card.getByRole("button", { name: "Sauvegarder" })).toHaveAttribute("aria-pressed", "false");
  await noHorizontalScroll(page);
});

test("two members flag a deal « Expiré ? »: it shows as expired; a moderator reactivates it @layout", async ({ page }, testInfo) => {
  const title = votedDealTitle(testInfo.project.name, "expiry");
  const open = async () => {
    await page.goto(`/coup-de-crevarde?q=${encodeURIComponent("gourde isotherme")}`);
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  };
  await signedInAs(page, "member");
  await expect(page).not.toHaveURL(/\/auth/);
  await open();
  const expiry = page.getByTestId("deal-expiry");
  await expiry.getByRole("button", { name: "Expiré ?" }).click();
  await expect(page.getByText("Merci, ton signalement est enregistré.")).toBeVisible();
  await expect(expiry).toContainText("Tu as signalé ce deal expiré.");
  await expect(page.getByTestId("deal-heat")).not.toContainText("Expiré");

  // the second flag (the admin's, weight 1) reaches the threshold of 2
  await page.context().clearCookies({ name: "crevarde.session_token" });
  await signedInAs(page, "admin");
  await expect(page).not.toHaveURL(/\/auth/);
  await open();
  await expiry.getByRole("button", { name: "Expiré ?" }).click();
  await expect(page.getByText("Merci, le deal est maintenant affiché comme expiré.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Expiré", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Deal expiré : les votes sont figés.")).toBeVisible();
  // admins may moderate: they reactivate it
  await expiry.getByRole("button", { name: "Réactiver le deal" }).click();
  await expect(page.getByText("Le deal est de nouveau actif.")).toBeVisible();
  await page.reload();
  await expect(expiry.getByRole("button", { name: "Expiré ?" })).toBeVisible();
  await noHorizontalScroll(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a cold vote and its optional reason are plain form POSTs that come back to the page", async ({ page }, testInfo) => {
    const title = votedDealTitle(testInfo.project.name, "plain");
    await signedInAs(page, "member");
    await expect(page).not.toHaveURL(/\/auth/);
    await page.goto(`/coup-de-crevarde?q=${encodeURIComponent("gourde isotherme")}`);
    await page.getByRole("link", { name: title, exact: true }).click();
    const dealUrl = page.url();
    const cold = page.getByRole("button", { name: "❄️ Froid" });
    await cold.click();
    await expect(page).toHaveURL(dealUrl);
    await expect(cold).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("deal-heat")).toHaveText(/^(Température : )?(41|40|39)°/);
    // the reason form appears after a cold vote
    await page.getByLabel("Pourquoi ? (facultatif)").selectOption("too_expensive");
    await page.getByRole("button", { name: "Envoyer" }).click();
    await expect(page).toHaveURL(dealUrl);
    await expect(page.getByLabel("Pourquoi ? (facultatif)")).toHaveValue("too_expensive");
    // clicking « Froid » again undoes the vote
    await cold.click();
    await expect(cold).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByLabel("Pourquoi ? (facultatif)")).toHaveCount(0);
    await expect(page.getByTestId("deal-heat")).toHaveText(/42°/);
  });
});

/** Opens a member's deal from the list, and returns the deal page's byline naming them. */
async function openPostersDeal(page: Page, poster: { username: string; dealTitle: string }) {
  await page.goto(`/coup-de-crevarde?q=${encodeURIComponent(poster.dealTitle)}`);
  await page.getByRole("link", { name: poster.dealTitle, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: poster.dealTitle })).toBeVisible();
  return page.getByRole("main").getByTestId("deal-byline").filter({ has: page.getByRole("link", { name: poster.username, exact: true }) }).first();
}

test("a member's deal page shows the poster's pseudo, their avatar (initials without a photo) and « il y a … » (issue #34 item 9) @layout", async ({ page }, testInfo) => {
  const poster = profilePoster(testInfo.project.name);
  const byline = await openPostersDeal(page, poster);
  await expect(byline).toBeVisible();
  await expect(byline.getByRole("link", { name: poster.username, exact: true })).toHaveAttribute("href", `/membres/${encodeURIComponent(poster.username)}`);
  // the poster has no photo: their initials stand in for it, beside the pseudo
  await expect(byline.locator("img")).toHaveCount(0);
  await expect(byline.locator('span[aria-hidden="true"]').first()).toHaveText(poster.username.slice(0, 2).toUpperCase());
  await expect(byline.locator('span[aria-hidden="true"]').first()).toBeVisible();
  // posted an hour ago (tests/e2e/member-profile-fixture.ts)
  await expect(byline).toContainText(/il y a (environ )?1 heure/);
  await noHorizontalScroll(page);
});

test("a deal page shows the poster's profile photo beside their pseudo, and « il y a … » (issue #34 item 9) @layout", async ({ page }, testInfo) => {
  const poster = avatarPoster(testInfo.project.name);
  const byline = await openPostersDeal(page, poster);
  const photo = byline.locator("img");
  await expect(photo).toHaveAttribute("src", poster.avatarUrl);
  await expect(photo).toBeVisible();
  // the image loaded (a broken photo would have no natural width)
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // posted two years ago (tests/e2e/deal-page-fixture.ts)
  await expect(byline).toContainText("il y a 2 ans");
  await noHorizontalScroll(page);
});
