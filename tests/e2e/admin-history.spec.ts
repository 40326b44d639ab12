import type { Page } from "@playwright/test";
import { expect, noHorizontalScroll, signedInAs, test } from "./fixtures";
import { historyBrand, historyCode } from "./admin-history-fixture";

/**
 * Issue #37 item 2 in the back office, at 1280 and 390 px: an admin edits a promo code, reads the change
 * in /admin/historique as a French sentence with its field old → new, restores the old version, deletes
 * the code and brings it back from the « Corbeille ». Each project works on its own code
 * (tests/e2e/admin-history-fixture.ts).
 */

async function expectToast(page: Page, title: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible();
}

const codeRow = (page: Page, code: string) => page.getByRole("row").filter({ hasText: code });

test("an admin edits a promo code, sees the diff in the history, restores the old version, deletes the code and restores it from the bin @layout", async ({ page }, info) => {
  const code = historyCode(info.project.name);
  const label = `le code promo ${code} (${historyBrand(info.project.name)})`;
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");

  // the edit
  await page.goto(`/admin/promo-codes?q=${code}`);
  await page.getByRole("button", { name: `Modifier ${code}`, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Modifier un code promo" })).toBeVisible();
  await dialog.getByLabel("Description").fill("Version modifiée");
  await dialog.getByRole("button", { name: "Mettre à jour" }).click();
  await expectToast(page, "Code promo mis à jour");
  await expect(codeRow(page, code)).toContainText("Version modifiée");

  // the history: who changed what, field by field
  await page.goto("/admin/historique?type=promo_code");
  await expect(page.getByRole("heading", { name: "Historique" })).toBeVisible();
  const entry = page.getByTestId("history-entry").filter({ hasText: `a modifié ${label}` }).first();
  await expect(entry).toBeVisible();
  const change = entry.getByTestId("history-change").filter({ hasText: "Description" });
  await expect(change.locator("del")).toHaveText("Version d'origine");
  await expect(change.locator("ins")).toHaveText("Version modifiée");
  await noHorizontalScroll(page);

  // « Restaurer cette version »: the old description is back, as a new version
  await entry.getByRole("button", { name: "Restaurer cette version" }).click();
  await expectToast(page, "Version restaurée");
  await page.goto(`/admin/promo-codes?q=${code}`);
  await expect(codeRow(page, code)).toContainText("Version d'origine");

  // the delete goes to the bin
  await page.getByRole("button", { name: `Supprimer ${code}`, exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Restaurable pendant 30 jours depuis la corbeille de l'historique.");
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expectToast(page, "Code promo supprimé");
  await expect(codeRow(page, code)).toHaveCount(0);

  // « Corbeille »: « Restaurer » brings it back
  await page.goto("/admin/historique");
  await page.getByRole("link", { name: "Corbeille" }).click();
  await page.waitForURL((url) => url.searchParams.get("onglet") === "corbeille");
  const binned = page.getByTestId("bin-entry").filter({ hasText: `a supprimé ${label}` });
  await expect(binned).toBeVisible();
  await noHorizontalScroll(page);
  await binned.getByRole("button", { name: "Restaurer" }).click();
  await expectToast(page, "Élément restauré");
  await expect(binned).toHaveCount(0);
  await page.goto(`/admin/promo-codes?q=${code}`);
  await expect(codeRow(page, code)).toContainText("Version d'origine");
});
