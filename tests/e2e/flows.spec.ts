import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { consentCookie, DEMO_MEMBER, expect, linkFromOutbox, outboxLinks, signIn, signUp, test } from "./fixtures";

/** Sign out by forgetting every cookie but the consent choice. */
async function forgetSession(page: Page, baseURL: string) {
  await page.context().clearCookies();
  await page.context().addCookies([consentCookie(baseURL)]);
}

test("signing up twice keeps the neutral screen and mails \"Tu as déjà un compte\" with working links", async ({ page, browser, baseURL }) => {
  // a long flow (sign-ups, e-mails read by an admin, several sign-ins): three times the usual time on a loaded machine
  test.slow();
  const email = `deux-fois-${randomUUID().slice(0, 8)}@example.fr`;
  await signUp(page, email, "Premier mot 2025");
  await page.goto(await linkFromOutbox(browser, baseURL!, email, /Confirme ton adresse/));
  await expect(page).toHaveURL(/\/auth\?verified=true/);

  // the second sign-up looks exactly like the first one
  await forgetSession(page, baseURL!);
  await signUp(page, email, "Autre mot 2025");

  const links = await outboxLinks(browser, baseURL!, email, /Tu as déjà un compte/);
  const signInLink = links.find((l) => new URL(l, baseURL).pathname === "/auth");
  const resetLink = links.find((l) => new URL(l, baseURL).pathname === "/auth/reset-password");
  expect(signInLink).toBeTruthy();
  expect(resetLink).toBeTruthy();

  // the sign-in link: the account's own password still works
  await signIn(page, { email, password: "Premier mot 2025" }, signInLink!);
  await expect(page).toHaveURL(/\/codes-promo$/);

  // the reset link: asks for a reset link, which sets a new password
  await forgetSession(page, baseURL!);
  await page.goto(resetLink!);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Recevoir le lien" }).click();
  await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();
  await page.goto(await linkFromOutbox(browser, baseURL!, email, /Réinitialise ton mot de passe/));
  await page.getByLabel("Nouveau mot de passe", { exact: true }).fill("Nouveau mot 2025");
  await page.getByLabel("Confirme le mot de passe").fill("Nouveau mot 2025");
  await page.getByRole("button", { name: "Enregistrer mon nouveau mot de passe" }).click();
  await expect(page).toHaveURL(/\/auth\?reset=true/);
  await signIn(page, { email, password: "Nouveau mot 2025" });
  await expect(page).toHaveURL(/\/codes-promo$/);
});

test("three coupon buttons on /temu as a visitor never show the session-problem banner", async ({ page }) => {
  // while the offer runs (on the visitor's clock: the seeded offer ended on 25 May 2025)
  await page.clock.install({ time: Date.parse("2025-05-20T12:00:00+02:00") });
  for (let i = 0; i < 3; i++) {
    await page.goto("/temu");
    await page.getByRole("link", { name: "Crée ton compte pour débloquer le code" }).nth(i).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup&redirect=/);
    await expect(page.getByRole("form", { name: "Inscription" })).toBeVisible();
    await expect(page.getByText("Problème de session détecté")).toHaveCount(0);
  }
});

test("a signed-in member bounced back to /auth three times sees the session-problem banner", async ({ page }) => {
  await signIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/codes-promo$/);
  // what a redirect loop looks like from /auth: a guard keeps sending the member back here
  await page.goto("/auth?redirect=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/auth?redirect=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/auth?redirect=/profile");
  await expect(page.getByText("Problème de session détecté")).toBeVisible();
  await page.getByRole("button", { name: "Réinitialiser ma session et me reconnecter" }).click();
  await expect(page).toHaveURL(/\/auth\?fresh=true/);
  await expect(page.getByText("Problème de session détecté")).toHaveCount(0);
});
