import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, noHorizontalScroll, prepareContext, signedInAs, test } from "./fixtures";
import { csvBrand, csvCodePrefix, csvCodes } from "./admin-csv-fixture";

/**
 * CSV export and import of promo codes (issue #17, ADR 029), at 1280 and 390
 * px: the export follows the list's filters; an import is previewed row by
 * row, then confirmed; a bad file shows its French errors and cannot be
 * confirmed. Each project works on its own brand and codes (admin-csv-fixture.ts).
 */

/** An import's header: « Statut » (ADR 047), which an export writes, is optional */
const HEADER = "Marque;Code;Réduction;Description;Catégorie;Lien;Expiration;En avant;Publier le;Dépublier le";
const EXPORT_HEADER = HEADER.replace(";Publier le", ";Statut;Publier le");

async function signInAsAdmin(page: Page) {
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
}

const codeRow = (page: Page, code: string) => page.getByRole("row").filter({ hasText: code });
const upload = (page: Page, text: string) => page.getByLabel("Fichier CSV").setInputFiles({ name: "codes.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });

test("an admin exports the filtered codes, then imports one new and one changed code @layout", async ({ page }, info) => {
  const project = info.project.name;
  const [featured, plain] = csvCodes(project);
  const brand = csvBrand(project);
  await signInAsAdmin(page);
  await page.goto(`/admin/promo-codes?q=${csvCodePrefix(project)}`);
  await expect(codeRow(page, csvCodePrefix(project))).toHaveCount(2);
  // the « En avant: Non » filter applies at once: the export follows it
  await page.getByRole("search", { name: "Filtrer les codes promo" }).getByLabel("En avant").selectOption({ label: "Non" });
  await expect(page).toHaveURL(/featured=non/);
  await expect(codeRow(page, csvCodePrefix(project))).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exporter (CSV)" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^codes-promo-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lines).toEqual([EXPORT_HEADER, `${brand.name};${plain};10%;Code ordinaire;;;;Non;Publié;;`]);
  expect(lines.join("\n")).not.toContain(featured);

  await page.getByRole("link", { name: "Importer (CSV)" }).click();
  await expect(page).toHaveURL("/admin/promo-codes/import");
  await expect(page.getByRole("heading", { name: "Importer des codes promo" })).toBeVisible();
  const changed = `${brand.name};${plain};12%;Code ordinaire modifié;;;;Non;;`;
  const created = `${brand.slug};${csvCodePrefix(project)}NEW;3 €;Nouveau code importé;;https://example.fr/csv;31/12/2030;Oui;;`;
  await upload(page, `\ufeff${HEADER}\r\n${changed}\r\n${created}\r\n`);
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await expect(page.getByTestId("csv-summary")).toHaveText("1 à créer, 1 à mettre à jour, 0 en erreur.");
  const rows = page.getByRole("list", { name: "Lignes du fichier" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "Ligne 2" })).toContainText("À mettre à jour");
  await expect(rows.filter({ hasText: "Ligne 3" })).toContainText("À créer");
  await noHorizontalScroll(page);

  await page.getByRole("button", { name: "Confirmer l'import" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/promo-codes");
  await expect(page.getByText("1 ligne créée, 1 ligne mise à jour.")).toBeVisible();
  await page.goto(`/admin/promo-codes?q=${csvCodePrefix(project)}`);
  await expect(codeRow(page, csvCodePrefix(project))).toHaveCount(3);
  await expect(codeRow(page, plain)).toContainText("12%");
  await expect(codeRow(page, `${csvCodePrefix(project)}NEW`)).toContainText("3 €");
  await expect(codeRow(page, `${csvCodePrefix(project)}NEW`)).toContainText("31/12/2030");
});

test("a bad file shows its French errors and cannot be confirmed @layout", async ({ page }, info) => {
  const project = info.project.name;
  await signInAsAdmin(page);
  await page.goto("/admin/promo-codes/import");
  await upload(page, "Nom;Prix\nA;B\n");
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Colonne inconnue" })).toContainText(`Colonne inconnue : « Nom ». Colonnes attendues : ${EXPORT_HEADER.replaceAll(";", ", ")}.`);

  // (that nothing is written: tests/integration/admin-csv.test.ts)
  await upload(page, `${HEADER}\nMarque fantôme ${project};${csvCodePrefix(project)}BAD;5%;;;;;;;\n${csvBrand(project).name};;;;;ftp://x;32/13/2030;;;\n`);
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await expect(page.getByTestId("csv-summary")).toHaveText("0 à créer, 0 à mettre à jour, 2 en erreur.");
  await expect(page.getByText(`Ligne 2, colonne « Marque » : Marque inconnue : « Marque fantôme ${project} ».`)).toBeVisible();
  await expect(page.getByText("Ligne 3, colonne « Code » : Le code est obligatoire.")).toBeVisible();
  await expect(page.getByText("Ligne 3, colonne « Expiration » : La date d'expiration n'est pas valide.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirmer l'import" })).toBeDisabled();
  await noHorizontalScroll(page);
});

test("without JavaScript, a file is previewed and imported by plain form posts @desktop", async ({ page, browser, baseURL }, info) => {
  const project = info.project.name;
  const [featured] = csvCodes(project);
  await signInAsAdmin(page);
  const context = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false, baseURL });
  await prepareContext(context, baseURL!);
  const plain = await context.newPage();
  await plain.goto("/admin/promo-codes/import");
  // a description on two lines: the hidden field carries the file back as it was
  await upload(plain, `${HEADER}\n${csvBrand(project).name};${featured};6%;"Première ligne\nseconde ligne";;;;Oui;;\n`);
  await plain.getByRole("button", { name: "Prévisualiser" }).click();
  await expect(plain.getByTestId("csv-summary")).toHaveText("0 à créer, 1 à mettre à jour, 0 en erreur.");
  await plain.getByRole("button", { name: "Confirmer l'import" }).click();
  await plain.waitForURL((url) => url.pathname === "/admin/promo-codes");
  await plain.goto(`/admin/promo-codes?q=${featured}`);
  await expect(codeRow(plain, featured)).toContainText("6%");
  await expect(codeRow(plain, featured)).toContainText("seconde ligne");
  await context.close();
});
