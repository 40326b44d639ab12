import type { Browser, Page } from "@playwright/test";
import { expect, signedInAs, signIn, test } from "./fixtures";
import { CASHBACK_STUB_BRAND, cashbackLoopMember } from "./cashback-fixture";

/*
 * Issue #12, done when: a member follows "Activer le cashback" and the stub
 * network host receives the click id; an Awin-format file with that click id
 * is imported; /mon-cashback shows the amount "En attente", then "Disponible"
 * once approved, then the approval is reversed.
 */

const BRAND_PATH = `/marques/${CASHBACK_STUB_BRAND.slug}`;

/** One Awin transaction as the API lists it (bare JSON array), for the stub programme. */
function awinFile(transactionId: string, clickRef: string, status: "pending" | "approved" | "declined") {
  return JSON.stringify([
    {
      id: transactionId,
      advertiserId: "e2e-programme",
      publisherId: "e2e-publisher",
      commissionStatus: status,
      commissionAmount: { amount: "20.00", currency: "EUR" },
      saleAmount: { amount: "200.00", currency: "EUR" },
      clickRefs: { clickRef },
      clickDate: "2026-11-20T09:00:00Z",
      transactionDate: "2026-11-20T09:30:00Z",
      validationDate: status === "pending" ? null : "2026-11-22T08:00:00Z",
      declineReason: status === "declined" ? "Order returned" : null,
      orderRef: `CMD-${transactionId}`,
    },
  ]);
}

async function importAsAdmin(browser: Browser, baseURL: string, file: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `10.8.${Math.floor(Math.random() * 250)}.9` } });
  await context.addCookies([{ name: "cr_consent", value: `v1.0.0.${Math.floor(Date.now() / 1000)}`, url: baseURL }]);
  const admin = await context.newPage();
  await signedInAs(admin, "admin", "/admin/conversions");
  await expect(admin).toHaveURL(/\/admin\/conversions$/);
  const form = admin.getByRole("form", { name: "Importer un fichier de réseau" });
  await form.getByLabel("Réseau").selectOption("awin");
  await form.getByLabel("Fichier").setInputFiles({ name: "awin-transactions.json", mimeType: "application/json", buffer: Buffer.from(file) });
  await form.getByRole("button", { name: "Importer" }).click();
  await expect(admin.getByTestId("import-result")).toContainText(/1 (nouvelle|mise à jour)/);
  await context.close();
}

async function expectPurchase(page: Page, status: string, balances: { pending: string; available: string }) {
  await page.goto("/mon-cashback");
  const line = page.getByTestId("purchase").filter({ hasText: CASHBACK_STUB_BRAND.name });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`Statut : ${status}`);
  await expect(line.getByText(/14,00\s€/).first()).toBeVisible();
  const balance = (label: string) => page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(balance("En attente")).toHaveText(new RegExp(`^${balances.pending}\\s€$`));
  await expect(balance("Disponible")).toHaveText(new RegExp(`^${balances.available}\\s€$`));
}

test("click-out, network import, then « En attente », « Disponible » and a reversal on Mon cashback", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const member = cashbackLoopMember(testInfo.project.name);
  await signIn(page, member, `/auth?fresh=true&redirect=${encodeURIComponent(BRAND_PATH)}`);
  await expect(page).toHaveURL(new RegExp(`${BRAND_PATH}$`));
  await page.getByTestId("cashback-block").getByRole("link", { name: "Activer le cashback", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Réseau stub" })).toBeVisible();
  const clickId = (await page.locator("#clickref").textContent()) ?? "";
  expect(clickId).toMatch(/^c[0-9A-Za-z]{20}$/);

  const transactionId = `E2E-LOOP-${testInfo.project.name}`;
  // 20,00 € of commission × 70 % = 14,00 € for the member
  await importAsAdmin(browser, baseURL!, awinFile(transactionId, clickId, "pending"));
  await expectPurchase(page, "En attente de validation", { pending: "14,00", available: "0,00" });

  await importAsAdmin(browser, baseURL!, awinFile(transactionId, clickId, "approved"));
  // the first validated purchase also brings the 3,00 € welcome bonus (issue #34 item 6)
  await expectPurchase(page, "Validé", { pending: "0,00", available: "17,00" });

  await importAsAdmin(browser, baseURL!, awinFile(transactionId, clickId, "declined"));
  // a reversal takes the cashback back; the welcome bonus stays (ADR 013 §Welcome bonus)
  await expectPurchase(page, "Annulé après validation", { pending: "0,00", available: "3,00" });
});
