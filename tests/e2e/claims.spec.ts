import fs from "node:fs";
import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { CLAIM_NETWORKS, claimMember, claimProgrammeName } from "./cashback-fixture";
import { consentCookie, expect, signedInAs, signIn, test } from "./fixtures";

// one member per project: finance's « Marquer transmises » in the first test must not take the claim the second one withdraws
test.describe.configure({ mode: "serial" });

/** A small real PDF: header, one object, trailer, %%EOF. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const NETWORK_LABELS = { tradedoubler: "Tradedoubler", timeone: "TimeOne" } as const;

/** A Paris day n days ago, as a date field's value. */
const parisDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });

/** Finance's part, as the demo admin in a browser of their own: export the CSV, mark sent, accept. */
async function handleAsAdmin(browser: Browser, baseURL: string, network: keyof typeof NETWORK_LABELS, orderRef: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.7` } });
  await context.addCookies([consentCookie(baseURL)]);
  const admin = await context.newPage();
  await signedInAs(admin, "admin", "/admin/reclamations");
  await expect(admin).toHaveURL(/\/admin\/reclamations$/);
  await expect(admin.getByRole("heading", { name: "Réclamations", level: 1 })).toBeVisible();

  const group = admin.getByTestId("claims-network").filter({ has: admin.getByRole("heading", { name: new RegExp(`^${NETWORK_LABELS[network]} \\(\\d+\\)$`) }) });
  await expect(group.getByTestId("admin-claim").filter({ hasText: orderRef })).toHaveCount(1);
  const [download] = await Promise.all([admin.waitForEvent("download"), group.getByRole("link", { name: "Exporter en CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^reclamations-${network}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv).toContain("order_ref,order_date,order_amount_eur,click_id");
  const line = csv.split("\r\n").find((l) => l.includes(orderRef));
  expect(line).toContain(`,${parisDay(8)},49.90,c`);
  expect(line).toContain(claimProgrammeName(network === "tradedoubler" ? "desktop" : "mobile"));

  await group.getByRole("button", { name: "Marquer transmises" }).click();
  await expect(admin.getByText("Réclamations marquées transmises")).toBeVisible();
  const sent = admin.getByTestId("admin-claim").filter({ hasText: orderRef });
  await expect(sent.getByText("Transmise", { exact: true })).toBeVisible();
  await sent.getByRole("button", { name: "Accepter" }).click();
  await expect(admin.getByText("Réclamation acceptée")).toBeVisible();
  await expect(admin.getByTestId("admin-claim").filter({ hasText: orderRef }).getByText("Acceptée", { exact: true })).toBeVisible();
  await context.close();
}

test("a member reports a missing purchase with a PDF; finance exports it, marks it sent and accepts it; the member sees « Acceptée » @layout", async ({ page, browser, baseURL }, testInfo) => {
  // two sign-ins, two uploads, a download and three admin actions: a long flow on a loaded machine
  test.slow();
  const project = testInfo.project.name as keyof typeof CLAIM_NETWORKS;
  const member = claimMember(project);
  const orderRef = `E2E-${project}-${randomUUID().slice(0, 8)}`;
  await signIn(page, member, "/auth?redirect=/mon-cashback");
  await expect(page).toHaveURL(/\/mon-cashback$/);
  const claims = page.getByRole("region", { name: "Mes réclamations" });
  await claims.getByRole("link", { name: "Signaler un achat manquant" }).click();
  await expect(page).toHaveURL(/\/mon-cashback\/reclamation$/);
  await expect(page.getByRole("heading", { name: "Signaler un achat manquant", level: 1 })).toBeVisible();

  const form = page.locator("form#claim");
  await form.getByLabel("Ton clic sur le marchand").selectOption({ index: 1 });
  await expect(form.getByText(/^Ce clic couvre les commandes passées jusqu'au /)).toBeVisible();
  await form.getByLabel("Numéro de commande").fill(orderRef);
  await form.getByLabel("Date de la commande").fill(parisDay(8));
  await form.getByLabel("Montant payé (en euros, TTC)").fill("49,90");
  await form.getByLabel("Je n'ai utilisé ni autre code promo ni autre site de cashback pour cette commande.").check();

  // a text file renamed .pdf is refused with the reason, and nothing is filed
  await form.getByLabel(/^Justificatif/).setInputFiles({ name: "facture.pdf", mimeType: "application/pdf", buffer: Buffer.from("Ceci est ma facture, promis.") });
  await form.getByRole("button", { name: "Envoyer ma réclamation" }).click();
  await expect(form.getByText("Ton justificatif doit être un vrai fichier PDF, PNG ou JPEG (une capture d'écran ou la facture du marchand).")).toBeVisible();
  await expect(page).toHaveURL(/\/mon-cashback\/reclamation$/);

  await form.getByLabel(/^Justificatif/).setInputFiles({ name: "facture.pdf", mimeType: "application/pdf", buffer: PDF });
  // the member's typed values are kept after the refusal (the file field only is emptied)
  await expect(form.getByLabel("Numéro de commande")).toHaveValue(orderRef);
  await form.getByRole("button", { name: "Envoyer ma réclamation" }).click();
  await expect(page).toHaveURL(/\/mon-cashback#reclamations$/);
  await expect(page.getByText("Réclamation envoyée")).toBeVisible();
  const mine = claims.getByTestId("claim").filter({ hasText: orderRef });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Statut : En cours de vérification");
  await expect(mine.getByText(/^Envoyée le$/)).toBeVisible();

  await handleAsAdmin(browser, baseURL!, CLAIM_NETWORKS[project], orderRef);

  await page.goto("/mon-cashback");
  const done = page.getByRole("region", { name: "Mes réclamations" }).getByTestId("claim").filter({ hasText: orderRef });
  await expect(done).toContainText("Statut : Acceptée");
  await expect(done.getByText(/^Transmise au marchand le$/)).toBeVisible();
  await expect(done.getByText(/^Acceptée le$/)).toBeVisible();
  await expect(done.getByRole("button", { name: "Retirer ma réclamation" })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a member withdraws a claim not yet sent to the merchant, after confirming; it shows « Retirée » @layout", async ({ page }, testInfo) => {
  const project = testInfo.project.name as keyof typeof CLAIM_NETWORKS;
  const member = claimMember(project);
  const orderRef = `RETRAIT-${project}-${randomUUID().slice(0, 8)}`;
  await signIn(page, member, "/auth?redirect=/mon-cashback/reclamation");
  await expect(page).toHaveURL(/\/mon-cashback\/reclamation$/);
  const form = page.locator("form#claim");
  await form.getByLabel("Ton clic sur le marchand").selectOption({ index: 1 });
  await form.getByLabel("Numéro de commande").fill(orderRef);
  await form.getByLabel("Date de la commande").fill(parisDay(8));
  await form.getByLabel("Montant payé (en euros, TTC)").fill("19,90");
  await form.getByLabel("Je n'ai utilisé ni autre code promo ni autre site de cashback pour cette commande.").check();
  await form.getByRole("button", { name: "Envoyer ma réclamation" }).click();
  await expect(page).toHaveURL(/\/mon-cashback#reclamations$/);

  const mine = page.getByRole("region", { name: "Mes réclamations" }).getByTestId("claim").filter({ hasText: orderRef });
  await expect(mine).toContainText("Statut : En cours de vérification");
  // the confirmation can be dismissed: nothing changes
  await mine.getByRole("button", { name: "Retirer ma réclamation" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Retirer cette réclamation ?" });
  await expect(dialog).toContainText(orderRef);
  await dialog.getByRole("button", { name: "Garder ma réclamation" }).click();
  await expect(dialog).toBeHidden();
  await expect(mine).toContainText("Statut : En cours de vérification");

  await mine.getByRole("button", { name: "Retirer ma réclamation" }).click();
  await page.getByRole("alertdialog", { name: "Retirer cette réclamation ?" }).getByRole("button", { name: "Oui, retirer ma réclamation" }).click();
  await expect(page.getByText("Réclamation retirée", { exact: true })).toBeVisible();
  await expect(mine).toContainText("Statut : Retirée");
  await expect(mine.getByText(/^Retirée le$/)).toBeVisible();
  await expect(mine.getByRole("button", { name: "Retirer ma réclamation" })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
