import { expect, noHorizontalScroll, signedInAs, test } from "./fixtures";

test("a visitor reports illegal content from the footer, and a moderator decides with a statement of reasons @layout", async ({ page, baseURL }, testInfo) => {
  test.slow();
  await page.goto("/marques");
  await page.getByRole("contentinfo").getByRole("link", { name: "Signaler un contenu illicite" }).click();
  await expect(page).toHaveURL(/\/signaler-un-contenu$/);
  await expect(page.getByRole("heading", { name: "Signaler un contenu illicite", level: 1 })).toBeVisible();

  // a page of another site is refused, in French, before anything is sent
  await page.getByLabel("Adresse (URL) exacte du contenu").fill("https://evil.example/arnaque");
  await page.getByLabel("Type de contenu illicite").selectOption("scam");
  const explanation = `Faux site de la marque qui demande la carte bancaire (${testInfo.project.name}-${testInfo.retry}).`;
  await page.getByLabel("Pourquoi ce contenu est-il illicite ?").fill(explanation);
  await page.getByLabel("Ton nom").fill("Camille Martin");
  await page.getByLabel("Ton e-mail").fill(`signalement-${testInfo.project.name}-${Date.now()}@example.fr`);
  await page.getByRole("button", { name: "Envoyer le signalement" }).click();
  await expect(page.getByText("L'adresse doit être une page de Crevarde")).toBeVisible();
  await expect(page.getByText("Confirme que les informations de ton signalement sont exactes et complètes.")).toBeVisible();

  await page.getByLabel("Adresse (URL) exacte du contenu").fill(`${baseURL}/marques/nuxe`);
  await page.getByLabel(/Je déclare de bonne foi/).check();
  await page.getByRole("button", { name: "Envoyer le signalement" }).click();
  const received = page.getByTestId("notice-received");
  await expect(received).toContainText(/Ton signalement SIG-[2-9A-Z]{6} a bien été reçu/);
  const reference = (await received.textContent())!.match(/SIG-[2-9A-Z]{6}/)![0];
  await noHorizontalScroll(page);

  await page.context().clearCookies();
  await signedInAs(page, "admin", "/admin/moderation");
  await expect(page).toHaveURL(/\/admin\/moderation$/);
  const item = page.getByTestId("notice").filter({ hasText: reference });
  await expect(item).toContainText(explanation);
  await item.getByLabel("Contenu retiré").check();
  await item.getByLabel("Exposé des motifs").fill("Le lien menait vers un site d'hameçonnage : contenu retiré.");
  await item.getByRole("button", { name: "Enregistrer la décision" }).click();
  await expect(page.getByText("Décision enregistrée").first()).toBeVisible();
  const decided = page.getByTestId("notice").filter({ hasText: reference });
  await expect(decided).toContainText("Contenu retiré");
  await expect(decided.getByRole("button", { name: "Enregistrer la décision" })).toHaveCount(0);
  await noHorizontalScroll(page);
});
