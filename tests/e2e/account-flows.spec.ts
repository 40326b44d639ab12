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
  await expect(page.getByText("Type de fichier non pris en charge : seules les images JPG, PNG ou WEBP sont acceptées.")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exporter mes données" }).click();
  expect((await download).suggestedFilename()).toBe("mes-donnees-crevarde.json");
  await page.getByLabel("Ton mot de passe, pour confirmer").fill(password);
  await page.getByRole("button", { name: "Supprimer définitivement mon compte" }).click();
  await expect(page.getByText("Compte supprimé")).toBeVisible();
});

test("forgotten password: the link from the outbox sets a new password", async ({ page, browser, baseURL }) => {
  // a long flow (a sign-up and two e-mails read by an admin): three times the usual time on a loaded machine
  test.slow();
  const email = `oubli-${randomUUID().slice(0, 8)}@example.fr`;
  await signUp(page, email, "Premier mot 2025");
  await page.goto(await linkFromOutbox(browser, baseURL!, email, /Confirme ton adresse/));
  await expect(page).toHaveURL(/\/auth\?verified=true/);

  // that the new password then signs in and that the reset ends every other session: tests/integration/accounts.test.ts
  await page.goto("/auth/reset-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();
  await page.goto(await linkFromOutbox(browser, baseURL!, email, /Réinitialise ton mot de passe/));
  await page.getByLabel("Nouveau mot de passe").fill("Second mot 2025");
  await page.getByLabel("Confirme le mot de passe").fill("Second mot 2025");
  await page.getByRole("button", { name: "Enregistrer mon nouveau mot de passe" }).click();
  await expect(page).toHaveURL(/\/auth\?reset=true$/);
});
