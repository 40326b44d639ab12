import type { Page } from "@playwright/test";
import { expect, hydratingNavigation, isMobile, noHorizontalScroll, prepareContext, signedInAs, test } from "./fixtures";
import { conflictCode, duplicateBrand, duplicateCode, sortedCategories } from "./admin-conflicts-fixture";

/**
 * Issue #17 in the back office, at 1280 and 390 px: two admins edit the same
 * promo code, the second save meets « Cet élément a été modifié par quelqu'un
 * d'autre » with both versions, reloads theirs or overwrites with its own;
 * « Dupliquer » opens the create dialog filled with a copy. Each project works
 * on its own rows (tests/e2e/admin-conflicts-fixture.ts).
 */

const CONFLICT = "Cet élément a été modifié par quelqu'un d'autre";

async function signInAsAdmin(page: Page) {
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
}

async function expectToast(page: Page, title: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible();
}

async function openCode(page: Page, code: string) {
  await page.goto(`/admin/promo-codes?q=${code}`);
  await page.getByRole("button", { name: `Modifier ${code}`, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Modifier un code promo" })).toBeVisible();
  return dialog;
}

test("two admins save the same promo code: the second sees both versions, reloads theirs, then overwrites @layout", async ({ page, browser, baseURL }, info) => {
  const code = conflictCode(info.project.name);
  const { viewport, isMobile, hasTouch, deviceScaleFactor } = info.project.use;
  const other = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, locale: "fr-FR", timezoneId: "Europe/Paris" });
  await prepareContext(other, baseURL!);
  const second = hydratingNavigation(await other.newPage());
  try {
    await signInAsAdmin(page);
    await signInAsAdmin(second);
    const first = await openCode(page, code);
    const mine = await openCode(second, code);

    // the first admin saves
    await first.getByLabel("Description").fill("Version de la première");
    await first.getByRole("button", { name: "Mettre à jour" }).click();
    await expectToast(page, "Code promo mis à jour");

    // the second one, who opened it before, is told and sees both versions; nothing is overwritten
    await mine.getByLabel("Description").fill("Version de la seconde");
    await mine.getByRole("button", { name: "Mettre à jour" }).click();
    const conflict = mine.getByTestId("edit-conflict");
    await expect(conflict.getByRole("heading", { name: CONFLICT })).toBeVisible();
    const description = conflict.getByTestId("conflict-description");
    await expect(description).toContainText("Version de la seconde");
    await expect(description).toContainText("Version de la première");
    await expect(conflict.getByTestId("conflict-code")).toHaveCount(0);
    await noHorizontalScroll(second);

    // « Recharger leur version »: the form shows theirs, the notice is gone
    await conflict.getByRole("button", { name: "Recharger leur version" }).click();
    await expect(mine.getByLabel("Description")).toHaveValue("Version de la première");
    await expect(mine.getByTestId("edit-conflict")).toHaveCount(0);

    // the first admin changes it again; the second types over the version it reloaded
    await page.getByRole("button", { name: `Modifier ${code}`, exact: true }).click();
    await first.getByLabel("Description").fill("Deuxième version de la première");
    await first.getByRole("button", { name: "Mettre à jour" }).click();
    await expectToast(page, "Code promo mis à jour");
    await mine.getByLabel("Description").fill("Version de la seconde");
    await mine.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(conflict.getByTestId("conflict-description")).toContainText("Deuxième version de la première");

    // « Écraser avec ma version »: saved, on purpose
    await conflict.getByRole("button", { name: "Écraser avec ma version" }).click();
    await expectToast(second, "Code promo mis à jour");
    await expect(mine).toBeHidden();
    await expect(second.getByRole("row").filter({ hasText: code })).toContainText("Version de la seconde");
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: code })).toContainText("Version de la seconde");
  } finally {
    await other.close();
  }
});

test("« Dupliquer » opens the create dialog with a copy; nothing is written until it is saved @layout", async ({ page }, info) => {
  const code = duplicateCode(info.project.name);
  const copy = `${code}BIS`;
  await signInAsAdmin(page);
  await page.goto(`/admin/promo-codes?q=${code}`);
  await page.getByRole("button", { name: `Dupliquer ${code}`, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Ajouter un code promo" })).toBeVisible();
  // the code is what shoppers type: left empty; everything else is copied
  await expect(dialog.getByLabel("Code*")).toHaveValue("");
  await expect(dialog.getByLabel("Description")).toHaveValue("Code à dupliquer");
  await expect(dialog.getByLabel("Montant de réduction*")).toHaveValue("20%");
  await expect(dialog.getByLabel("Marque*")).not.toHaveValue("");
  await dialog.getByLabel("Code*").fill(copy);
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expectToast(page, "Code promo créé");
  await page.goto(`/admin/promo-codes?q=${code}`);
  await expect(page.getByRole("row").filter({ hasText: "Code à dupliquer" })).toHaveCount(2);
  await noHorizontalScroll(page);

  // a brand: « (copie) » on the name, « -copie » on the slug; closing the dialog writes nothing
  const brand = duplicateBrand(info.project.name);
  await page.goto(`/admin/brands?q=${encodeURIComponent(brand.name)}`);
  await page.getByRole("button", { name: `Dupliquer ${brand.name}`, exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Ajouter une marque" })).toBeVisible();
  await expect(dialog.getByLabel("Nom*")).toHaveValue(`${brand.name} (copie)`);
  await expect(dialog.getByLabel("Slug*")).toHaveValue(`${brand.slug}-copie`);
  await expect(dialog.getByLabel("Description")).toHaveValue("Marque à dupliquer");
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: brand.name })).toHaveCount(1);
  // a copy saved is a plain create: the code above, and a brand's in admin-crud.spec.ts
});

test("the categories list is searched and sorted in the URL, as a table or as cards @layout", async ({ page }, info) => {
  const [alpha, bravo, charlie] = sortedCategories(info.project.name);
  const rows = page.getByRole("row").filter({ hasText: `Rangée ${info.project.name}` });
  await signInAsAdmin(page);
  await page.goto("/admin/categories");
  const bar = page.getByRole("search", { name: "Filtrer les catégories" });
  await bar.getByLabel("Rechercher (nom, slug, description)").fill(`rangée ${info.project.name}`);
  await bar.getByLabel("Rechercher (nom, slug, description)").press("Enter");
  await expect(page).toHaveURL(/q=rang/);
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(alpha);
  await expect(rows.nth(1)).toContainText(bravo);
  await noHorizontalScroll(page);
  if (!isMobile(page)) {
    const header = page.getByRole("columnheader", { name: "Nom" });
    await header.getByRole("link").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect(rows.first()).toContainText(charlie);
    await header.getByRole("link").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expect(rows.first()).toContainText(alpha);
  } else {
    await page.goto(`/admin/categories?q=${encodeURIComponent(`rangée ${info.project.name}`)}&sort=name&dir=desc`);
    await expect(rows.first()).toContainText(charlie);
  }
  // a search that matches nothing
  await page.goto("/admin/categories?q=introuvable-zz");
  await expect(page.getByText("Aucune catégorie ne correspond à ces critères.")).toBeVisible();
});
