import { readFile } from "node:fs/promises";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { failedPayoutMember, financeMember, PAYOUT_ATTEMPTS, payoutIban, payoutMember } from "./cashback-fixture";
import { expect, hydratingNavigation, prepareContext, signIn, test, visitorAddress } from "./fixtures";

/*
 * Withdrawals end to end (ADR 023): the member asks, finance reviews, exports
 * the SEPA file, sends it and records what the bank did. Desktop and mobile
 * run at once against one server and one database: every locator is scoped to
 * this test's member, and a file (or a batch marked sent) may also hold the
 * other test's payout. Each attempt has its own members (tests/e2e/cashback-fixture.ts),
 * so a retry starts from a fresh balance.
 */

// a member's flow, then finance's in a second browser, then the member again: longer than one page's test
test.describe.configure({ timeout: 120_000 });

const HOURS = 3_600_000;
/** "12,00 €" as formatEuros writes it (a no-break space before the sign). */
const euros = (amount: string) => new RegExp(`^${amount}\\s€$`);

function attemptOf(retry: number) {
  if (retry >= PAYOUT_ATTEMPTS) throw new Error(`tests/e2e/cashback-fixture.ts makes members for ${PAYOUT_ATTEMPTS} attempts only`);
  return retry;
}

const balance = (page: Page, key: "available" | "inPayout" | "paid") => page.getByTestId(`balance-${key}`).locator("dd").first();

/** A sonner toast (a title may also be a description: the first one). */
const toast = (page: Page, text: string | RegExp) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

function noHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Finance works in a browser of its own, at the project's size. */
async function financePage(browser: Browser, options: BrowserContextOptions & { baseURL: string }, project: string) {
  const context = await browser.newContext(options);
  await prepareContext(context, options.baseURL);
  const page = hydratingNavigation(await context.newPage());
  await signIn(page, financeMember(project), "/auth?redirect=/admin/paiements");
  await expect(page).toHaveURL(/\/admin\/paiements$/);
  await expect(page.getByRole("heading", { name: "Paiements", level: 1 })).toBeVisible();
  return { context, page };
}

/** One of the page's cards (« À vérifier », « En cours de virement »...), by its title. */
const financeSection = (page: Page, title: RegExp) => page.getByRole("heading", { name: title, level: 3 }).locator("xpath=../..");
/** The member's payout on /admin/paiements (the page lists everyone's). */
const payoutCard = (page: Page, email: string) => page.locator("li[data-testid=finance-payout]").filter({ hasText: email });

const LOT = /· lot (CRV-\d{8}-[0-9A-F]{12})/;

/**
 * Approve the member's payout held for review, then make sure it is in a SEPA
 * file: ours, or one the other project exported meanwhile (an export takes
 * every approved payout). Returns the batch's message id.
 */
async function approveAndExport(page: Page, email: string) {
  const card = payoutCard(page, email);
  const review = financeSection(page, /^À vérifier \(\d+\)$/);
  await expect(review.locator("li[data-testid=finance-payout]").filter({ hasText: email })).toBeVisible();
  await expect(card.getByRole("list", { name: "Signaux de fraude" })).toContainText("Premier retrait de ce membre");
  await card.getByRole("button", { name: "Valider" }).click();
  await expect(toast(page, "Paiement validé")).toBeVisible();
  await expect(card).toContainText(/Validé|Virement en préparation|Virement envoyé/);
  if (!LOT.test((await card.textContent()) ?? "")) {
    await page.getByRole("button", { name: /^Exporter le fichier SEPA/ }).click();
    // "nothing to export" when the other project's export took ours first
    await expect(toast(page, /Fichier SEPA créé|Aucun paiement validé à exporter/)).toBeVisible();
    await page.goto("/admin/paiements");
  }
  await expect(card).toContainText(LOT);
  return LOT.exec((await card.textContent()) ?? "")![1];
}

/** Mark the payout's batch sent (unless the other project already did), then the payout shows « Virement envoyé ». */
async function markBatchSent(page: Page, email: string, msgId: string) {
  const batch = page.locator("li[data-testid=payout-batch]").filter({ hasText: msgId });
  const send = batch.getByRole("button", { name: "Marquer le lot envoyé" });
  if (await send.isVisible()) {
    await send.click();
    await expect(toast(page, /Lot marqué envoyé|Ce lot est déjà marqué comme envoyé/)).toBeVisible();
    await page.goto("/admin/paiements");
  }
  await expect(batch).toContainText(/envoyé le \d{2}\/\d{2}\/\d{4}/);
  const card = payoutCard(page, email);
  await expect(card).toContainText("Virement envoyé");
  await expect(financeSection(page, /^En cours de virement \(\d+\)$/).locator("li[data-testid=finance-payout]").filter({ hasText: email })).toBeVisible();
  return card;
}

test("a member with 12 € adds an IBAN, waits 72 h, withdraws; finance approves, exports, sends and completes; Versé shows 12,00 € @layout", async (
  { page, browser, baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, userAgent },
  testInfo,
) => {
  const attempt = attemptOf(testInfo.retry);
  const project = testInfo.project.name;
  const member = payoutMember(project, attempt);
  const iban = payoutIban(project, "paid", attempt);
  const masked = `DE•• •••• •••• •••• ${iban.slice(-4)}`;

  await signIn(page, member, "/auth?redirect=/mon-cashback");
  await expect(page).toHaveURL(/\/mon-cashback$/);
  await expect(balance(page, "available")).toHaveText(euros("12,00"));
  const withdrawals = page.getByRole("region", { name: "Retirer mon cashback" });
  await withdrawals.getByRole("link", { name: "Ajoute l'IBAN qui recevra ton cashback" }).click();
  await expect(page).toHaveURL(/\/mon-cashback\/coordonnees-bancaires$/);

  const form = page.locator("form#bank-details");
  await form.getByLabel("IBAN").fill(iban.replace(/(.{4})/g, "$1 ").trim());
  await form.getByLabel(/^Titulaire du compte/).fill("Camille Dupont");
  await form.getByLabel("Mot de passe actuel").fill(member.password);
  await form.getByRole("button", { name: "Enregistrer ce compte" }).click();
  await expect(toast(page, "Coordonnées bancaires enregistrées")).toBeVisible();

  await page.goto("/mon-cashback");
  await expect(withdrawals).toContainText(
    new RegExp(`Par sécurité, ton IBAN ${masked} pourra recevoir un virement à partir du \\d{1,2}(?:er)? \\S+ \\d{4} à \\d{2}h\\d{2}\\.`),
  );
  await expect(withdrawals.getByRole("button", { name: "Retirer mon cashback" })).toHaveCount(0);

  // 73 hours later, for the server (app/lib/clock.server.ts): the cooling-off period is over
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress(), "x-test-now": new Date(Date.now() + 73 * HOURS).toISOString() });
  await page.reload();
  const amount = withdrawals.getByLabel("Montant à retirer (en euros)");
  await expect(amount).toHaveValue("12,00");
  await expect(withdrawals).toContainText(`Vers l'IBAN ${masked}`);
  await amount.fill("9,99");
  await withdrawals.getByRole("button", { name: "Retirer mon cashback" }).click();
  await expect(withdrawals.getByText(/^Le retrait minimum est de 10,00\s€\.$/)).toBeVisible();
  await expect(balance(page, "available")).toHaveText(euros("12,00"));

  await amount.fill("12,00");
  await withdrawals.getByRole("button", { name: "Retirer mon cashback" }).click();
  await expect(toast(page, "Demande de retrait enregistrée")).toBeVisible();
  const payout = withdrawals.getByTestId("payout");
  await expect(payout).toHaveCount(1);
  await expect(payout).toContainText("En vérification");
  await expect(payout).toContainText(/12,00\s€ vers DE/);
  await expect(balance(page, "inPayout")).toHaveText(euros("12,00"));
  await expect(balance(page, "available")).toHaveText(euros("0,00"));
  expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);

  const finance = await financePage(browser, { baseURL: baseURL!, viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, userAgent }, project);
  try {
    const fpage = finance.page;
    const card = payoutCard(fpage, member.email);
    const endToEndId = /CRV[0-9A-F]{32}/.exec((await card.textContent()) ?? "")?.[0];
    expect(endToEndId).toBeTruthy();
    const msgId = await approveAndExport(fpage, member.email);

    const batch = fpage.locator("li[data-testid=payout-batch]").filter({ hasText: msgId });
    const downloading = fpage.waitForEvent("download");
    await batch.getByRole("link", { name: "Télécharger le fichier" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${msgId}.xml`);
    const xml = await readFile(await download.path(), "utf8");
    expect(xml).toContain("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09");
    expect(xml).toContain(`<MsgId>${msgId}</MsgId>`);
    // this payout: its id, its amount, its IBAN (the file may hold the other project's payouts too)
    const transfer = xml.slice(xml.indexOf(`<EndToEndId>${endToEndId}</EndToEndId>`));
    expect(transfer.length).toBeLessThan(xml.length);
    expect(transfer.slice(0, transfer.indexOf("</CdtTrfTxInf>"))).toMatch(new RegExp(`<InstdAmt Ccy="EUR">12\\.00</InstdAmt>[\\s\\S]*<IBAN>${iban}</IBAN>`));
    expect(await noHorizontalOverflow(fpage)).toBeLessThanOrEqual(0);

    await markBatchSent(fpage, member.email, msgId);
    await card.getByRole("button", { name: "Marquer versé" }).click();
    await expect(toast(fpage, "Paiement versé")).toBeVisible();
    await expect(card).toContainText("Versé");
    await expect(financeSection(fpage, /^Derniers paiements terminés$/).locator("li[data-testid=finance-payout]").filter({ hasText: member.email })).toBeVisible();
  } finally {
    await finance.context.close();
  }

  await page.reload();
  await expect(balance(page, "paid")).toHaveText(euros("12,00"));
  await expect(balance(page, "inPayout")).toHaveText(euros("0,00"));
  await expect(balance(page, "available")).toHaveText(euros("0,00"));
  await expect(payout).toContainText("Statut : Versé");
  const steps = payout.getByRole("list", { name: "Étapes" }).getByRole("listitem");
  // the member asked "73 h later" (x-test-now) and finance acted now: the steps are listed by time, so compare them as a set
  expect((await steps.allTextContents()).map((s) => s.replace(/^→?\s*/, "").replace(/ \d{1,2}(?:er)? \S+ \d{2}:\d{2}$/, "")).sort()).toEqual(
    ["Demande reçue", "En vérification", "Validé", "Virement en préparation", "Virement envoyé", "Versé"].sort(),
  );
  await expect(payout.getByRole("button", { name: "Annuler ce retrait" })).toHaveCount(0);
  // the form is back: the money is paid, nothing left to withdraw
  await expect(withdrawals).toContainText(/Tu pourras retirer ton cashback dès 10,00\s€ disponibles \(tu as 0,00\s€\)\./);
});

test("a failed payout returns the money @layout", async (
  { page, browser, baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, userAgent },
  testInfo,
) => {
  const attempt = attemptOf(testInfo.retry);
  const project = testInfo.project.name;
  const member = failedPayoutMember(project, attempt);

  await signIn(page, member, "/auth?redirect=/mon-cashback");
  await expect(page).toHaveURL(/\/mon-cashback$/);
  await expect(balance(page, "available")).toHaveText(euros("15,00"));
  const withdrawals = page.getByRole("region", { name: "Retirer mon cashback" });
  // the IBAN was added 10 days ago: no wait
  const amount = withdrawals.getByLabel("Montant à retirer (en euros)");
  await expect(amount).toHaveValue("15,00");
  await withdrawals.getByRole("button", { name: "Retirer mon cashback" }).click();
  await expect(toast(page, "Demande de retrait enregistrée")).toBeVisible();
  const payout = withdrawals.getByTestId("payout");
  await expect(payout).toContainText("En vérification");
  await expect(balance(page, "available")).toHaveText(euros("0,00"));
  await expect(balance(page, "inPayout")).toHaveText(euros("15,00"));

  const finance = await financePage(browser, { baseURL: baseURL!, viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId, userAgent }, project);
  try {
    const fpage = finance.page;
    const msgId = await approveAndExport(fpage, member.email);
    const card = await markBatchSent(fpage, member.email, msgId);
    await card.getByLabel("Raison donnée par la banque").fill("AC04 compte clôturé");
    await card.getByRole("button", { name: "Marquer en échec" }).click();
    await expect(toast(fpage, "Paiement en échec")).toBeVisible();
    const closed = financeSection(fpage, /^Derniers paiements terminés$/).locator("li[data-testid=finance-payout]").filter({ hasText: member.email });
    await expect(closed).toContainText("Virement échoué");
    await expect(closed).toContainText("Raison : AC04 compte clôturé");
    expect(await noHorizontalOverflow(fpage)).toBeLessThanOrEqual(0);
  } finally {
    await finance.context.close();
  }

  await page.reload();
  await expect(balance(page, "available")).toHaveText(euros("15,00"));
  await expect(balance(page, "inPayout")).toHaveText(euros("0,00"));
  await expect(balance(page, "paid")).toHaveText(euros("0,00"));
  await expect(payout).toContainText("Statut : Virement échoué");
  await expect(payout).toContainText("Raison : AC04 compte clôturé");
  // the money is back: the member may ask again
  await expect(withdrawals.getByLabel("Montant à retirer (en euros)")).toHaveValue("15,00");
  expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);
});
