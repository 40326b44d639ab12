import { randomUUID } from "node:crypto";
import { DEMO_MEMBER, expect, signedInAs, signIn, test } from "./fixtures";

test("a member signs in, lands on /codes-promo, sees the account menu and signs out", async ({ page }) => {
  await signIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/codes-promo$/);
  await expect(page.getByRole("heading", { name: "Mes codes promo" })).toBeVisible();
  await expect(page.getByText("Connexion réussie")).toBeVisible();
  const menu = page.getByRole("button", { name: /Mon compte \(Camille\)/ });
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page.getByRole("menuitem", { name: /Mes codes promo/ })).toContainText("3");
  await page.getByRole("menuitem", { name: "Déconnexion" }).click();
  await expect(page).toHaveURL(/\/auth\?fresh=true$/);
  await expect(page.getByText("Déconnexion réussie")).toBeVisible();
  await page.goto("/codes-promo");
  await expect(page).toHaveURL(/\/auth\?from=codes-promo$/);
});

test("wrong password shows the spec's message", async ({ page }) => {
  // the way back after a sign-in (?redirect=) is walked in deal-posting.spec.ts and deal-alerts.spec.ts, its rules in tests/integration/accounts.test.ts
  await signIn(page, { email: DEMO_MEMBER.email, password: "mauvais-mot-de-passe" });
  await expect(page.getByRole("form", { name: "Connexion" }).getByText("Email ou mot de passe incorrect.")).toBeVisible();
});

test("sign-up validates in French, shows the password toggle, then confirms by e-mail", async ({ page }) => {
  await page.goto("/inscription");
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  const form = page.getByRole("form", { name: "Inscription" });
  await expect(form.getByText("8 caractères minimum")).toBeVisible();
  const password = form.getByLabel("Mot de passe", { exact: true });
  await password.fill("court");
  await form.getByRole("button", { name: "Afficher le mot de passe" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await form.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(form.getByText("Le mot de passe doit contenir au moins 8 caractères.")).toBeVisible();
  await expect(form.getByText("Le pseudo est obligatoire.")).toBeVisible();
  await form.getByLabel("Pseudo").fill(`Nina-${randomUUID().slice(0, 6)}`);
  await form.getByLabel("Email").fill(`nina-${randomUUID().slice(0, 8)}@example.fr`);
  await password.fill("Rouge-gorge 2025");
  await form.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("status").getByText("Vérifie ton email pour confirmer ton compte.")).toBeVisible();
});

test("the verification landing and the session reset show their toasts", async ({ page }) => {
  await page.goto("/auth?verified=true");
  await expect(page.getByText("Compte vérifié ! 🎉")).toBeVisible();
  await page.getByRole("button", { name: "Réinitialiser complètement ma session" }).click();
  await expect(page.getByText("Réinitialisation complète")).toBeVisible();
});

test("« Mon compte » holds every member page, at every width @layout", async ({ page }) => {
  await signedInAs(page, "member", "/");
  // the menu is loaded after the page (a lazy chunk): click its trigger until the menu is open
  const openMenu = () =>
    expect(async () => {
      const trigger = page.getByRole("button", { name: /Mon compte \(Camille\)/ });
      if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
      await expect(page.getByRole("menu")).toBeVisible({ timeout: 1_000 });
    }).toPass();
  await openMenu();
  const items = ["Profil", "Mon cashback", "Mes sauvegardes", "Mes deals proposés", "Mes alertes", "Mes codes promo", "Parrainage", "Déconnexion"];
  // an icon, then the label (and the codes' badge)
  await expect(page.getByRole("menuitem")).toHaveText(items.map((label) => new RegExp(`^\\s*${label}(\\d*)$`)));
  await page.getByRole("menuitem", { name: "Mes deals proposés" }).click();
  await expect(page).toHaveURL(/\/profile#mes-deals$/);
  await expect(page.getByText("Mes deals proposés", { exact: true })).toBeInViewport();
  await openMenu();
  await page.getByRole("menuitem", { name: "Parrainage" }).click();
  await expect(page).toHaveURL(/\/invite$/);
});
