import { randomUUID } from "node:crypto";
import { DEMO_MEMBER, expect, signIn, test } from "./fixtures";

test.describe("consent", () => {
  test.use({ withConsent: false });

  test("refusing is as easy as accepting, no third-party request leaves, the choice persists and can be reopened", async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (r) => {
      const host = new URL(r.url()).hostname;
      if (host !== "127.0.0.1" && host !== "localhost") foreign.push(r.url());
    });
    await page.goto("/");
    const banner = page.getByRole("dialog", { name: "Tes cookies, ton choix" });
    await expect(banner.getByRole("button", { name: "Tout refuser" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Tout accepter" })).toBeVisible();
    await banner.getByRole("button", { name: "Tout refuser" }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole("dialog", { name: "Tes cookies, ton choix" })).toBeHidden();
    expect((await page.context().cookies()).find((c) => c.name === "cr_consent")?.value).toMatch(/^v1\.0\.0\./);
    await page.getByRole("button", { name: "Gérer les cookies" }).click();
    await expect(page.getByRole("dialog", { name: "Tes cookies, ton choix" })).toBeVisible();
    await page.getByLabel(/Google Analytics/).check();
    await page.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await expect(page.getByRole("dialog", { name: "Tes cookies, ton choix" })).toBeHidden();
    expect((await page.context().cookies()).find((c) => c.name === "cr_consent")?.value).toMatch(/^v1\.1\.0\./);
    expect(foreign).toEqual([]);
  });

  test("accepting everything stores the choice", async ({ page }) => {
    await page.goto("/legal/cookies");
    await page.getByRole("dialog", { name: "Tes cookies, ton choix" }).getByRole("button", { name: "Tout accepter" }).click();
    await expect(page.getByRole("dialog", { name: "Tes cookies, ton choix" })).toBeHidden();
    expect((await page.context().cookies()).find((c) => c.name === "cr_consent")?.value).toMatch(/^v1\.1\.1\./);
  });
});

test("newsletter on the home page: success clears the field, a duplicate is fine", async ({ page }) => {
  await page.goto("/");
  const email = `news-${randomUUID().slice(0, 8)}@example.fr`;
  const field = page.getByLabel("Ton adresse email");
  await field.fill(email);
  await page.getByRole("button", { name: "Je veux économiser" }).click();
  await expect(page.getByText("Inscription réussie !")).toBeVisible();
  await expect(field).toHaveValue("");
  await field.fill(email);
  await page.getByRole("button", { name: "Je veux économiser" }).click();
  await expect(page.getByText("Inscription réussie !").first()).toBeVisible();
});

test("newsletter on /temu: an empty e-mail shows the spec's error", async ({ page }) => {
  await page.goto("/temu");
  await expect(page.getByText("Offre spéciale Fête des Mères")).toBeVisible();
  await page.getByRole("button", { name: "Je veux économiser" }).click();
  await expect(page.getByText("Merci d'indiquer ton email pour t'inscrire.")).toBeVisible();
});

test("/kpi refuses unknown destinations with an explanation", async ({ page }) => {
  for (const bad of ["https://evil.example", "//evil.example", "javascript:alert(1)", "%2F%2Fevil.example"]) {
    const response = await page.goto(`/kpi?destination=${encodeURIComponent(bad)}&action=test`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Lien non autorisé" })).toBeVisible();
    expect(new URL(page.url()).hostname).toBe("127.0.0.1");
  }
});

test("a member saves a deal and finds it in /mes-deals", async ({ page }) => {
  await signIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/codes-promo$/);
  await page.goto("/coup-de-crevarde?q=miroir");
  await page.getByRole("button", { name: "Sauvegarder" }).first().click();
  await expect(page.getByRole("button", { name: "Sauvegardé" }).first()).toBeVisible();
  await page.goto("/mes-deals");
  await expect(page.getByRole("heading", { name: "Miroir lumineux LED grossissant" })).toBeVisible();
  await page.getByRole("button", { name: "Sauvegardé" }).first().click();
  await page.reload();
  await expect(page.getByText("Tu n'as encore rien sauvegardé.")).toBeVisible();
});

test("the invite page gives a personal link", async ({ page }) => {
  await signIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/codes-promo$/);
  await page.goto("/invite");
  await expect(page.getByLabel("Ton lien d'invitation")).toHaveValue(/\/auth\?tab=signup&parrain=[\w-]{6,32}$/);
});
