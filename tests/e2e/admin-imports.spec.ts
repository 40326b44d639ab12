import type { Page } from "@playwright/test";
import { expect, noHorizontalScroll, signedInAs, test } from "./fixtures";
import { csvBrand } from "./admin-csv-fixture";

/**
 * « Imports show what they change » (issue #37 item 4, ADR 029), at 1280 and
 * 390 px: an admin imports offers, then a file that changes one; the preview
 * shows the changed cells as old → new and, in red, that the offer scheduled
 * for 2030 would go live and lose its « Publier le ». Each run works on its
 * own offer, under its project's brand (admin-csv-fixture.ts).
 */

const HEADER = "Marque;Produit;Prix;Catégorie;Tag;Image;Lien;En avant;Publier le;Dépublier le";

const upload = (page: Page, text: string) => page.getByLabel("Fichier CSV").setInputFiles({ name: "offres.csv", mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });

test("an admin imports offers and sees each change as old → new, and in red what would go live @layout", async ({ page }, info) => {
  const brand = csvBrand(info.project.name);
  const offer = `Sérum import ${info.project.name} ${Date.now().toString(36)}`;
  await signedInAs(page, "admin", "/admin/offers");
  await page.waitForURL((url) => url.pathname === "/admin/offers");
  await page.getByRole("link", { name: "Importer (CSV)" }).click();
  await expect(page.getByRole("heading", { name: "Importer des offres cashback" })).toBeVisible();

  // first a new offer, scheduled for 2030
  await upload(page, `${HEADER}\n${brand.name};${offer};29,90 €;;-15%;;https://example.fr/serum;Non;15/06/2030 09:30;\n`);
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await expect(page.getByTestId("csv-summary")).toHaveText("1 à créer, 0 à mettre à jour, 0 en erreur.");
  await page.getByRole("button", { name: "Confirmer l'import" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/offers");
  await expect(page.getByText("1 ligne créée, 0 ligne mise à jour.")).toBeVisible();

  // then a file that changes its price and empties « Publier le »
  await page.goto("/admin/offers/import");
  await upload(page, `${HEADER}\n${brand.name};${offer};24,90 €;;-15%;;https://example.fr/serum;Non;;\n`);
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await expect(page.getByTestId("csv-summary")).toHaveText("0 à créer, 1 à mettre à jour, 0 en erreur.");
  const row = page.getByRole("list", { name: "Lignes du fichier" }).getByRole("listitem").filter({ hasText: "Ligne 2" });
  await expect(row).toContainText("À mettre à jour");
  const cells = row.getByRole("definition");
  const price = cells.filter({ has: page.getByRole("deletion") }).filter({ hasText: "29,90 €" });
  await expect(price.getByRole("deletion")).toHaveText("29,90 €");
  await expect(price.getByRole("insertion")).toHaveText("24,90 €");
  // read aloud « avant : 29,90 € après : 24,90 € », shown « 29,90 € → 24,90 € »
  await expect(price).toContainText("avant : 29,90 € → après : 24,90 €");
  await expect(cells.filter({ hasText: "2030-06-15 09:30" }).getByRole("insertion")).toHaveText("(vide)");
  // an unchanged cell is plain
  await expect(cells.filter({ hasText: "-15%" })).not.toContainText("→");
  await expect(cells.filter({ hasText: "-15%" }).getByRole("deletion")).toHaveCount(0);

  const warnings = row.getByTestId("csv-warning");
  await expect(warnings).toHaveText(["Mise en ligne dès l'import : programmé pour le 15/06/2030 à 09:30.", "Efface « Publier le » (15/06/2030 à 09:30) : la programmation est supprimée."]);
  // in red: the text's red channel well above its green one
  const [r, g] = await warnings.first().evaluate((el) => {
    const probe = document.createElement("canvas").getContext("2d")!;
    probe.fillStyle = getComputedStyle(el).color;
    probe.fillRect(0, 0, 1, 1);
    return [...probe.getImageData(0, 0, 1, 1).data];
  });
  expect(r - g).toBeGreaterThan(80);
  await noHorizontalScroll(page);
});

test("pages and help articles show their CSV links; « Importer (CSV) » opens their import @layout", async ({ page }) => {
  await signedInAs(page, "admin", "/admin/pages");
  await page.waitForURL((url) => url.pathname === "/admin/pages");
  for (const [path, heading] of [
    ["/admin/pages", "Importer des pages"],
    ["/admin/aide", "Importer des articles d'aide"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("link", { name: "Exporter (CSV)" })).toHaveAttribute("href", `${path}/export`);
    await noHorizontalScroll(page);
    await page.getByRole("link", { name: "Importer (CSV)" }).click();
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page).toHaveURL(`${path}/import`);
  }
});
