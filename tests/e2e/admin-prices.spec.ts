import { expect, signedInAs, test } from "./fixtures";

/**
 * Issue #39 item 6 (ADR 049): an admin imports a merchant's prices by CSV from « Historique des prix », previews
 * each line (a repeat of the price before it is « déjà connu »), confirms, and lands on the product's history:
 * its figures, the chart drawn on the server and the observations. At 1280 px (no layout claim).
 */
const HEADER = "Produit;Marchand;Prix;Devise;Date;GTIN";
/** A day `days` ago at noon, as a file types it. */
const dayAgo = (days: number) => `${new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)} 12:00`;

test("an admin imports a small CSV of prices and sees the product's history", async ({ page }) => {
  // a product of its own for each run: the database outlives the run
  const shop = `e2e-prix-${Date.now().toString(36)}.fr`;
  const key = `${shop}/creme-visage`;
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.getByRole("link", { name: "Historique des prix" }).first().click();
  await expect(page.getByRole("heading", { name: "Historique des prix" })).toBeVisible();
  await page.getByRole("link", { name: "Importer des prix (CSV)" }).click();
  await expect(page).toHaveURL("/admin/prix/import");

  const file = [
    HEADER,
    `https://www.${shop}/creme-visage?utm_source=flux;${shop};29,99;EUR;${dayAgo(60)};3401234567890`,
    `${key};${shop};29,99;EUR;${dayAgo(40)};`,
    `${key};${shop};24,99;EUR;${dayAgo(20)};`,
    `${key};${shop};19,99;EUR;${dayAgo(5)};`,
  ].join("\r\n");
  await page.getByLabel("Fichier CSV").setInputFiles({ name: "prix.csv", mimeType: "text/csv", buffer: Buffer.from(file, "utf8") });
  await page.getByRole("button", { name: "Prévisualiser" }).click();
  await expect(page.getByTestId("csv-summary")).toHaveText("3 à créer, 0 à mettre à jour, 1 déjà connu (ignoré), 0 en erreur.");
  const rows = page.getByRole("list", { name: "Lignes du fichier" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "Ligne 3" })).toContainText("Déjà connu, ignoré");
  // the new price, after the one before it
  await expect(rows.filter({ hasText: "Ligne 4" })).toContainText(/À créer.*29,99\s*€.*24,99\s*€/);

  await page.getByRole("button", { name: "Confirmer l'import" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/prix" && url.searchParams.get("q") === key);
  await expect(page.getByText("3 observations enregistrées, 1 déjà connue (ignorée).")).toBeVisible();
  await expect(page.getByRole("heading", { name: key })).toBeVisible();
  await expect(page.getByTestId("price-summary")).toContainText(/plus bas 19,99\s*€, moyen \d+,\d\d\s*€, plus haut 29,99\s*€/);
  await expect(page.getByRole("img", { name: /^Historique du prix sur 90 jours : au plus bas 19,99\s*€/ })).toBeVisible();
  const table = page.getByRole("table", { name: "Observations de la période" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row").nth(1)).toContainText(/19,99\s*€\s*Import/);
  await expect(table.getByRole("row").nth(3)).toContainText("3401234567890");
});
