import type { Page } from "@playwright/test";
import { expect, noHorizontalScroll, signedInAs, test } from "./fixtures";
import { copiedCode, scheduledCode } from "./admin-drafts-fixture";

/**
 * « Dupliquer » is never live by surprise (issue #37 item 3, ADR 047): the copy of a code
 * scheduled for December 2030 opens as « Brouillon » with the same « Publier le », is listed
 * with a « Brouillon » badge, and « Publier » schedules it. Each project duplicates its own code
 * (tests/e2e/admin-drafts-fixture.ts).
 */

const codeRow = (page: Page, code: string) => page.getByRole("row").filter({ has: page.getByText(code, { exact: true }) });

test("« Dupliquer » of a scheduled code makes a « Brouillon » with the same schedule, listed under « Publication : Brouillon »; « Publier » programs it @layout", async ({ page }, info) => {
  const original = scheduledCode(info.project.name);
  const copy = copiedCode(info.project.name);
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.goto(`/admin/promo-codes?q=${original}`);
  await expect(codeRow(page, original).getByTestId("schedule-badge")).toHaveText("Programmé");
  await expect(codeRow(page, original).getByTestId("draft-badge")).toHaveCount(0);

  await page.getByRole("button", { name: `Dupliquer ${original}`, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Ajouter un code promo" })).toBeVisible();
  // a draft, with the original's window (Paris time)
  await expect(dialog.getByLabel("Statut")).toHaveValue("draft");
  await expect(dialog.getByLabel("Publier le", { exact: true })).toHaveValue("2030-12-01T09:00");
  await expect(dialog.getByLabel("Dépublier le", { exact: true })).toHaveValue("2030-12-26T09:00");
  await dialog.getByLabel("Code*").fill(copy);
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Code promo créé" }).first()).toBeVisible();

  await page.goto(`/admin/promo-codes?q=2030${info.project.name.toUpperCase()}`);
  const row = codeRow(page, copy);
  await expect(row.getByTestId("draft-badge")).toHaveText("Brouillon");
  await expect(row.getByTestId("schedule-badge")).toHaveText("Programmé");
  await expect(codeRow(page, original).getByTestId("draft-badge")).toHaveCount(0);
  await noHorizontalScroll(page);

  // « Publication » : « Brouillon » lists the drafts only, « Toutes » every code again
  const publication = page.getByRole("search", { name: "Filtrer les codes promo" }).getByLabel("Publication");
  await publication.selectOption({ label: "Brouillon" });
  await expect(page).toHaveURL(/publication=draft/);
  await expect(codeRow(page, original)).toHaveCount(0);
  await expect(row.getByTestId("draft-badge")).toHaveText("Brouillon");
  await publication.selectOption({ label: "Toutes" });
  await expect(codeRow(page, original)).toBeVisible();

  // publishing is an explicit act: the code is then programmed for its day, no longer a draft
  await page.getByRole("checkbox", { name: `Sélectionner ${copy}` }).check();
  const bulk = page.getByRole("region", { name: "Actions groupées" });
  await bulk.getByRole("button", { name: "Publier", exact: true }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Publier ce code promo sur le site ?");
  await confirm.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "1 code promo programmé pour le 1er décembre 2030" }).first()).toBeVisible();
  await expect(row.getByTestId("draft-badge")).toHaveCount(0);
  await expect(row.getByTestId("schedule-badge")).toHaveText("Programmé");
});
