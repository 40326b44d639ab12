import { randomUUID } from "node:crypto";
import { arriveAt, expect, newMember, noHorizontalScroll, outboxLinks, prepareContext, signedInAs, signIn, test } from "./fixtures";

/**
 * Deal alerts (issue #15 item 7): a member creates an alert from a search,
 * an admin publishes a matching deal, the job runner mails it, and the
 * e-mail's link pauses the alert. One member, keyword and deal per project.
 */
test("a member's alert mails a newly published matching deal, and its link pauses the alert @layout", async ({ page, browser, baseURL }, testInfo) => {
  // a sign-up with its e-mail, an admin session and the job runner
  test.slow();
  const word = `zorglub${testInfo.project.name}${randomUUID().replace(/[^a-f]/g, "").slice(0, 6)}`;
  const email = await newMember(page, browser, baseURL!, "alerteuse");

  // from a search, the shortcut opens the form with the words
  await page.goto(`/coup-de-crevarde?q=${word}`);
  await page.getByRole("link", { name: `Créer une alerte pour « ${word} »` }).click();
  // a visitor signs in first and comes back to the form
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fmes-alertes/);
  await signIn(page, { email, password: "Rouge-gorge 2025" }, page.url());
  await expect(page).toHaveURL(new RegExp(`/mes-alertes\\?q=${word}$`));
  await expect(page.getByLabel("Mots-clés")).toHaveValue(word);

  // bad input is refused in French
  await page.getByLabel("Prix maximum (€, facultatif)").fill("beaucoup");
  await page.getByRole("button", { name: "Créer l'alerte" }).click();
  await expect(page.getByText("Le prix maximum doit être un montant en euros, par exemple 150 ou 49,99.")).toBeVisible();

  await page.getByLabel("Mots-clés").fill(`${word} -reconditionné`);
  await page.getByLabel("Prix maximum (€, facultatif)").fill("50");
  await page.getByRole("button", { name: "Créer l'alerte" }).click();
  await expect(page).toHaveURL(/\/mes-alertes$/);
  const alert = page.getByTestId("alert").filter({ hasText: word });
  await expect(alert).toContainText(`${word} -reconditionné`);
  await expect(alert).toContainText("jusqu'à 50 €");
  await expect(alert.getByTestId("alert-status")).toHaveText("Active");
  await noHorizontalScroll(page);

  // an admin publishes a matching deal (its own desktop-sized session)
  const title = `Trottinette ${word} pliable`;
  const admin = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await prepareContext(admin, baseURL!);
  const adminPage = await admin.newPage();
  await signedInAs(adminPage, "admin", "/admin/crevarde-deals");
  await arriveAt(adminPage, "/admin/crevarde-deals");
  await adminPage.getByRole("button", { name: "Ajouter un deal" }).click();
  const dialog = adminPage.getByRole("dialog");
  await dialog.getByLabel("Titre*").fill(title);
  await dialog.getByLabel("Description*").fill("Une trottinette pliable publiée par le test des alertes.");
  await dialog.getByLabel("Prix*").fill("29,99€");
  await dialog.getByLabel("Texte du badge*").fill("Top");
  await dialog.getByLabel("Source*").fill("boutique");
  await dialog.getByLabel("Lien*").fill("https://www.temu.com/fr/alerte.html");
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog).toBeHidden();
  await admin.close();

  // the job runner matches it and sends the e-mail: read it from the outbox as soon as it is there
  let links: string[] = [];
  await expect(async () => {
    links = await outboxLinks(browser, baseURL!, email, new RegExp(`Alerte « ${word} -reconditionné »`));
  }).toPass({ timeout: 30_000 });
  const dealLink = links.find((l) => /\/coup-de-crevarde\/[0-9a-f-]{36}$/.test(l));
  const pauseLink = links.find((l) => l.includes("/alertes/desactiver?token="));
  expect(dealLink).toBeTruthy();
  expect(pauseLink).toBeTruthy();

  await page.goto(dealLink!);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // the link only asks (that a GET pauses nothing: tests/integration/deal-alerts.test.ts); the button pauses
  await page.goto(pauseLink!);
  await expect(page.getByText(`Ne plus recevoir d'e-mails pour l'alerte « ${word} -reconditionné » ?`)).toBeVisible();
  await noHorizontalScroll(page);
  await page.getByRole("button", { name: "Désactiver" }).click();
  await expect(page.getByRole("status").filter({ hasText: "est en pause" })).toBeVisible();
  await page.goto("/mes-alertes");
  await expect(alert.getByTestId("alert-status")).toHaveText("En pause");

  // and it can be resumed
  await alert.getByRole("button", { name: "Réactiver" }).click();
  await expect(alert.getByTestId("alert-status")).toHaveText("Active");
});
