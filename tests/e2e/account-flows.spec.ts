import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect, linkFromOutbox, signIn, signUp, test } from "./fixtures";

test("sign-up, the e-mail from the outbox, verification, sign-in, profile, export and deletion", async ({ page, browser, baseURL }) => {
  // a long flow (sign-ups, e-mails read by an admin, several sign-ins): three times the usual time on a loaded machine
  test.slow();
  const email = `flo-${randomUUID().slice(0, 8)}@example.fr`;
  const password = "Rouge-gorge 2025";
  await signUp(page, email, password);
  // not verified yet: refused with the way to get a new link
  await signIn(page, { email, password });
  await expect(page.getByRole("button", { name: "Renvoyer l'e-mail de confirmation" })).toBeVisible();
  const link = await linkFromOutbox(browser, baseURL!, email, /Confirme ton adresse/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\?verified=true/);
  await expect(page.getByText("Compte vérifié ! 🎉")).toBeVisible();
  await signIn(page, { email, password });
  await expect(page).toHaveURL(/\/codes-promo$/);

  await page.goto("/profile");
  // pseudos are unique: one per run and project
  const pseudo = `Florence-${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Pseudo").fill(pseudo);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Profil mis à jour")).toBeVisible();
  await expect(page.getByRole("button", { name: `Mon compte (${pseudo})` })).toBeVisible();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#be185d" } }).png().toBuffer();
  await page.getByLabel(/Photo de profil/).setInputFiles({ name: "moi.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "Envoyer la photo" }).click();
  await expect(page.getByText("Photo mise à jour")).toBeVisible();
  await page.getByLabel(/Photo de profil/).setInputFiles({ name: "pas-une-image.png", mimeType: "image/png", buffer: Buffer.from("<?php echo 1; ?>") });
  await page.getByRole("button", { name: "Envoyer la photo" }).click();
  await expect(page.getByText("Type de fichier non supporté: Veuillez sélectionner une image au format JPG, PNG ou WEBP.")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exporter mes données" }).click();
  expect((await download).suggestedFilename()).toBe("mes-donnees-crevarde.json");
  await page.getByLabel("Ton mot de passe, pour confirmer").fill(password);
  await page.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
  await expect(page.getByText("Compte supprimé")).toBeVisible();
  await signIn(page, { email, password });
  await expect(page.getByRole("form", { name: "Connexion" }).getByText("Email ou mot de passe incorrect.")).toBeVisible();
});

test("forgotten password: the link from the outbox sets a new password and old sessions die", async ({ page, browser, baseURL }) => {
  // a long flow (sign-ups, e-mails read by an admin, several sign-ins): three times the usual time on a loaded machine
  test.slow();
  const email = `oubli-${randomUUID().slice(0, 8)}@example.fr`;
  await signUp(page, email, "Premier mot 2025");
  await page.goto(await linkFromOutbox(browser, baseURL!, email, /Confirme ton adresse/));
  await signIn(page, { email, password: "Premier mot 2025" });
  await expect(page).toHaveURL(/\/codes-promo$/);
  const oldSession = await page.context().cookies();

  const other = await browser.newContext({ baseURL });
  const p2 = await other.newPage();
  await p2.goto("/auth/reset-password");
  await p2.getByLabel("Email").fill(email);
  await p2.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(p2.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();
  await p2.goto(await linkFromOutbox(browser, baseURL!, email, /Réinitialise ton mot de passe/));
  await p2.getByLabel("Nouveau mot de passe").fill("Second mot 2025");
  await p2.getByLabel("Confirme le mot de passe").fill("Second mot 2025");
  await p2.getByRole("button", { name: "Enregistrer mon nouveau mot de passe" }).click();
  await expect(p2).toHaveURL(/\/auth\?reset=true$/);
  await signIn(p2, { email, password: "Second mot 2025" });
  await expect(p2).toHaveURL(/\/codes-promo$/);
  await other.close();

  // the first browser's session was ended by the reset
  await page.context().addCookies(oldSession);
  await page.goto("/codes-promo");
  await expect(page).toHaveURL(/\/auth\?from=codes-promo$/);
});

test("repeated wrong passwords end in the rate-limit message", async ({ page }) => {
  // eleven password checks (scrypt): slow on a loaded machine
  test.slow();
  const email = `limite-${randomUUID().slice(0, 8)}@example.fr`;
  for (let i = 0; i < 10; i++) {
    await signIn(page, { email, password: `faux-${i}-mot-de-passe` });
    await expect(page.getByRole("form", { name: "Connexion" }).getByText("Email ou mot de passe incorrect.")).toBeVisible();
  }
  await signIn(page, { email, password: "encore-un-essai" });
  await expect(page.getByRole("form", { name: "Connexion" }).getByText(/^Trop de tentatives\. Réessaie dans 1[45] minutes\.$/)).toBeVisible();
});
