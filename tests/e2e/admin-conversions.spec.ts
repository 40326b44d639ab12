import { expect, isMobile, signedInAs, test } from "./fixtures";
import { E2E_CONVERSIONS } from "./db-fixtures";
import { isAdminPage, PAGES } from "./routes";

test("the layout walker visits /admin/conversions as an admin", () => {
  expect(PAGES).toContain("/admin/conversions");
  expect(isAdminPage("/admin/conversions")).toBe(true);
});

test("an admin filters the unattributed conversions of a network and reads one's raw records @layout", async ({ page }) => {
  const { awinUnattributed, cjUnattributed } = E2E_CONVERSIONS;
  await signedInAs(page, "admin", "/admin/conversions");
  await expect(page).toHaveURL(/\/admin\/conversions$/);
  await expect(page.getByRole("heading", { name: "Conversions", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Conversions" });
  await expect(table.getByText(cjUnattributed.orderRef)).toBeVisible();
  // at 1280 px every column is in view, and on a phone each conversion is a card: nothing scrolls sideways
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  // a card shows each value beside its column's name (the header row is for screen readers there)
  const card = table.getByRole("row").filter({ hasText: cjUnattributed.orderRef });
  await expect(card.getByText("Commission", { exact: true })).toBeVisible({ visible: isMobile(page) });

  const filters = page.getByRole("search", { name: "Filtrer les conversions" });
  // every filter within the form, the date fields too (a native date input is wider than half a phone)
  const form = (await filters.boundingBox())!;
  for (const label of ["Du", "Au", "Devise"]) {
    const field = (await filters.getByLabel(label, { exact: true }).boundingBox())!;
    expect(field.x + field.width, label).toBeLessThanOrEqual(form.x + form.width + 0.5);
  }
  await filters.getByLabel("Attribution").selectOption("unattributed");
  await filters.getByLabel("Réseau").selectOption("awin");
  await filters.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/attribution=unattributed/);
  await expect(table.getByText(cjUnattributed.orderRef)).toHaveCount(0);
  const row = table.getByRole("row").filter({ hasText: awinUnattributed.orderRef });
  await expect(row).toContainText("Non attribuée");
  await expect(row).toContainText("17,833\u00a0€");

  await row.getByRole("link", { name: `Voir la conversion ${awinUnattributed.orderRef}` }).click();
  await expect(page).toHaveURL(/[?&]id=[0-9a-f-]{36}/);
  await expect(page.getByRole("heading", { name: "Enregistrements bruts du réseau (2)" })).toBeVisible();
  const raw = page.getByTestId("raw-record");
  await expect(raw).toHaveCount(2);
  await expect(raw.nth(1)).toContainText(`"clickRef": "${awinUnattributed.clickId}"`);
  await expect(raw.nth(1)).toContainText('"amount": 17.833');
  // the filter is kept beside the panel, and the hand attribution is offered
  await expect(filters.getByLabel("Attribution")).toHaveValue("unattributed");
  await expect(page.getByLabel("Attribuer à un membre (adresse e-mail)")).toBeVisible();

  await page.getByRole("link", { name: "Fermer le détail" }).click();
  await expect(page.getByTestId("raw-record")).toHaveCount(0);
  await expect(page).toHaveURL(/attribution=unattributed/);
});

test("a binary file is refused in French before any import", async ({ page }) => {
  await signedInAs(page, "admin", "/admin/conversions");
  await expect(page).toHaveURL(/\/admin\/conversions$/);
  const form = page.getByRole("form", { name: "Importer un fichier de réseau" });
  await form.getByLabel("Réseau").selectOption("awin");
  await form.getByLabel("Fichier").setInputFiles({ name: "export.csv", mimeType: "text/csv", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]) });
  await form.getByRole("button", { name: "Importer" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Ce fichier n'est pas un texte UTF-8");
});
