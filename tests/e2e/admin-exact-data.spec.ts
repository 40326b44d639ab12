import { randomUUID } from "node:crypto";
import { expect, signedInAs, test } from "./fixtures";

/**
 * Data typed in the back office reads back exactly (issue 10 item 21) while the server
 * runs in UTC (scripts/e2e-server.mjs) and the browser in Europe/Paris
 * (playwright.config.ts); that no route hydrates with an error (item 22) is checked by
 * layout.spec.ts's walk of every page. It runs in the "shared-state" project: it adds a
 * promo code and a deal that every visitor sees.
 */

test.describe("back-office data read back exactly @desktop", () => {
  test("a code typed to expire on 30/06/2027 shows 30 juin 2027 everywhere", async ({ page }) => {
    const code = `AAJUIN${randomUUID().slice(0, 4).toUpperCase()}`;
    await signedInAs(page, "admin");
    await page.goto("/admin/promo-codes");
    await page.getByRole("button", { name: "Ajouter un code promo" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Marque*").selectOption({ label: "Caudalie" });
    await dialog.getByLabel("Code*").fill(code);
    await dialog.getByLabel("Montant de réduction*").fill("10%");
    await dialog.getByLabel("Date d'expiration").fill("2027-06-30");
    await expect(dialog.getByText("30 juin 2027")).toBeVisible();
    await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row).toContainText("30/06/2027");

    // a no-op save keeps the same Paris day
    await page.getByRole("button", { name: `Modifier ${code}`, exact: true }).click();
    await expect(dialog.getByLabel("Date d'expiration")).toHaveValue("2027-06-30");
    await dialog.getByRole("button", { name: "Mettre à jour", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("30/06/2027");

    await page.goto("/marques/caudalie");
    const card = page.getByRole("article").filter({ has: page.locator("code", { hasText: code }) });
    await expect(card).toContainText("Valable jusqu'au 30 juin 2027");
  });

  test("a deal typed with &, <, quotes and emoji shows exactly that in the admin and on the site", async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    const title = `Lot H&M : 2 tops < 10€ "canon" 💄 ${tag}`;
    await signedInAs(page, "admin");
    await page.goto("/admin/crevarde-deals");
    await page.getByRole("button", { name: "Ajouter un deal" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Titre*").fill(title);
    await dialog.getByLabel("Description*").fill("Tailles S < M < L & XL");
    await dialog.getByLabel("Prix*").fill("9,99€");
    await dialog.getByLabel("Texte du badge*").fill("Top & pas cher");
    await dialog.getByLabel("Source*").fill("temu");
    await dialog.getByLabel("Lien*").fill("https://www.temu.com/fr/e2e.html");
    await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: tag })).toContainText(title);

    await page.goto(`/coup-de-crevarde?q=${encodeURIComponent(tag)}`);
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByText("Tailles S < M < L & XL", { exact: true })).toBeVisible();
    await expect(page.getByText("Top & pas cher", { exact: true })).toBeVisible();
    await expect(page.getByText(/&amp;|&lt;/)).toHaveCount(0);
  });

  test("renaming a category keeps its slug unless the slug field is changed", async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    await signedInAs(page, "admin");
    await page.goto("/admin/categories");
    await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nom*").fill(`Catégorie ${tag}`);
    // while creating, the slug follows the name
    await expect(dialog.getByLabel("Slug*")).toHaveValue(`categorie-${tag}`);
    await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: `Modifier Catégorie ${tag}`, exact: true }).click();
    await dialog.getByLabel("Nom*").fill(`Catégorie renommée ${tag}`);
    await expect(dialog.getByLabel("Slug*")).toHaveValue(`categorie-${tag}`);
    await dialog.getByRole("button", { name: "Mettre à jour", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row").filter({ hasText: `Catégorie renommée ${tag}` })).toContainText(`categorie-${tag}`);
  });

  test("a renamed category keeps its brands and codes, and its old address leads to it", async ({ page }) => {
    const tag = randomUUID().slice(0, 6);
    await signedInAs(page, "admin");
    const dialog = page.getByRole("dialog");
    await page.goto("/admin/categories");
    await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
    await dialog.getByLabel("Nom*").fill(`Vernis ${tag}`);
    await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(dialog).toBeHidden();
    // a brand filed under it by its name, as the brand form is typed
    await page.goto("/admin/brands");
    await page.getByRole("button", { name: "Ajouter une marque" }).click();
    await dialog.getByLabel("Nom*").fill(`Marque ${tag}`);
    await dialog.getByLabel("Catégorie").fill(`Vernis ${tag}`);
    await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(dialog).toBeHidden();
    // a code filed under it through the promo form's select
    await page.goto("/admin/promo-codes");
    await page.getByRole("button", { name: "Ajouter un code promo" }).click();
    await dialog.getByLabel("Marque*").selectOption({ label: `Marque ${tag}` });
    await dialog.getByLabel("Code*").fill(`VERNIS${tag}`.toUpperCase());
    await dialog.getByLabel("Montant de réduction*").fill("10%");
    await dialog.getByLabel("Catégorie").selectOption({ label: `Vernis ${tag}` });
    await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(dialog).toBeHidden();

    // rename it and change its slug
    await page.goto("/admin/categories");
    await page.getByRole("button", { name: `Modifier Vernis ${tag}`, exact: true }).click();
    await dialog.getByLabel("Nom*").fill(`Ongles ${tag}`);
    await dialog.getByLabel("Slug*").fill(`ongles-${tag}`);
    await dialog.getByRole("button", { name: "Mettre à jour", exact: true }).click();
    await expect(dialog).toBeHidden();

    const response = await page.goto(`/categories/vernis-${tag}`);
    expect(response?.request().redirectedFrom()?.url()).toMatch(new RegExp(`/categories/vernis-${tag}$`));
    await expect(page).toHaveURL(new RegExp(`/categories/ongles-${tag}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Ongles ${tag}` })).toBeVisible();
    const brands = page.getByRole("list", { name: `Marques Ongles ${tag}` });
    // the card's link to the brand page (its "Voir les deals" button names the brand too, for screen readers)
    await expect(brands.getByRole("link", { name: `Marque ${tag}`, exact: true })).toBeVisible();
    await expect(brands.getByText(`Ongles ${tag}`, { exact: true })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="category-codes"]')).toContainText(`VERNIS${tag}`.toUpperCase());
  });
});
