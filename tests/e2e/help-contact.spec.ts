import { consentCookie, expect, noHorizontalScroll, signedInAs, test } from "./fixtures";

test("a visitor reads the help centre, opens an article, writes to the team and an admin sees the message @layout", async ({ page, baseURL }, testInfo) => {
  test.slow();
  await page.goto("/marques");
  await page.getByRole("contentinfo").getByRole("link", { name: "Aide", exact: true }).click();
  await expect(page).toHaveURL(/\/aide$/);
  await expect(page.getByRole("heading", { name: "Centre d'aide", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Paiements", level: 2 })).toBeVisible();
  await noHorizontalScroll(page);

  await page.getByRole("link", { name: /Pourquoi mon achat n'apparaît pas \?/ }).click();
  await expect(page).toHaveURL(/\/aide\/pourquoi-mon-achat-n-apparait-pas$/);
  await expect(page.getByRole("heading", { name: "Pourquoi mon achat n'apparaît pas ?", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Signaler un achat manquant" })).toBeVisible();
  await noHorizontalScroll(page);

  await page.getByRole("main").getByRole("link", { name: "Nous contacter" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { name: "Nous contacter", level: 1 })).toBeVisible();
  // a message too short is refused in French before anything is sent
  await page.getByLabel("Sujet").selectOption({ label: "Un achat qui n'apparaît pas" });
  const email = `contact-${testInfo.project.name}-${Date.now()}@example.fr`;
  await page.getByLabel("Ton e-mail").fill(email);
  await page.getByLabel("Ton message").fill("Au secours");
  await page.getByRole("button", { name: "Envoyer mon message" }).click();
  await expect(page.getByText("Écris ton message (au moins 20 caractères)")).toBeVisible();

  const message = `Ma commande Nuxe du 3 novembre n'apparaît pas dans mes achats (${testInfo.project.name}-${testInfo.retry}).`;
  await page.getByLabel("Ton message").fill(message);
  await page.getByRole("button", { name: "Envoyer mon message" }).click();
  const sent = page.getByTestId("contact-sent");
  await expect(sent).toContainText(/Merci, ton message CT-[2-9A-Z]{6} est bien parti/);
  const reference = (await sent.textContent())!.match(/CT-[2-9A-Z]{6}/)![0];
  await noHorizontalScroll(page);

  await page.context().clearCookies();
  // the consent choice is kept: the banner must not cover the back office's buttons
  await page.context().addCookies([consentCookie(baseURL!)]);
  await signedInAs(page, "admin", "/admin/contact");
  await expect(page).toHaveURL(/\/admin\/contact$/);
  const item = page.getByTestId("contact-message").filter({ hasText: reference });
  await expect(item).toContainText(message);
  await expect(item).toContainText(email);
  await expect(item).toContainText("Nouveau");
  await item.getByLabel(`Statut du message ${reference}`).selectOption("in_progress");
  await item.getByRole("button", { name: "Changer le statut" }).click();
  await expect(page.getByTestId("contact-message").filter({ hasText: reference })).toContainText("En cours");
  await noHorizontalScroll(page);
});
