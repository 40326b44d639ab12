import { randomUUID } from "node:crypto";
import { DEMO_ADMIN, DEMO_MEMBER, expect, signIn, test } from "./fixtures";

test("an admin manages promo codes from the back office", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, "/auth?redirect=/admin");
  await expect(page).toHaveURL(/\/admin$/);
  // real figures from the seeded database (suites running in parallel may add rows)
  expect(Number(await page.getByTestId("stat-brands").textContent())).toBeGreaterThanOrEqual(29);
  expect(Number(await page.getByTestId("stat-pages").textContent())).toBeGreaterThanOrEqual(4);
  await page.goto("/admin/promo-codes");
  await expect(page.getByRole("heading", { name: "Gestion des codes promo" })).toBeVisible();
  await expect(page.getByText("(Expiré)").first()).toBeVisible();
  const code = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
  await page.getByRole("button", { name: "Ajouter un code promo" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Marque*").selectOption({ label: "Nuxe" });
  await dialog.getByLabel("Code*").fill(code);
  await dialog.getByLabel("Montant de réduction*").fill("12%");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.getByText("Code promo créé")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText("Sans limite");
  await row.getByRole("button", { name: `Supprimer ${code}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`Êtes-vous sûr de vouloir supprimer le code promo "${code}" ? Cette action est irréversible.`);
  await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Code promo supprimé")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(code) })).toHaveCount(0);
});

test("a member is sent away from /admin", async ({ page }) => {
  await signIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/codes-promo$/);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/$/);
});

test("the admin sidebar becomes a drawer at 390 px @mobile", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, "/auth?redirect=/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("button", { name: "Ouvrir le menu d'administration" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Marques" }).click();
  await expect(page).toHaveURL(/\/admin\/brands$/);
  await expect(page.getByRole("heading", { name: "Marques" })).toBeVisible();
});
