import { expect, isMobile, noHorizontalScroll, signedInAs, test } from "./fixtures";
import { CLOSED_PROGRAM_ID } from "./admin-parity-fixture";

/**
 * List parity in the back office (issue #37 item 10), as staff see it at 1280 and 390 px: every schedulable
 * list filters on « Programmation »; deals change status in bulk; categories and content blocks are
 * deleted in bulk; a closed programme's menu offers only the moves valid in its state.
 */

test("every schedulable list has « Programmation »; deals, categories and content have bulk actions @layout", async ({ page }) => {
  // eight lists, one after the other
  test.slow();
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
  for (const path of ["/admin/promo-codes", "/admin/offers", "/admin/crevarde-deals", "/admin/pages", "/admin/blog"]) {
    await page.goto(path);
    const filter = page.getByRole("search").getByLabel("Programmation");
    await expect(filter, path).toBeVisible();
    await filter.selectOption({ label: "Programmé" });
    await expect(page, path).toHaveURL(/schedule=scheduled/);
  }

  // ticking a row shows the list's bulk actions; cancelling writes nothing
  const bulkActions = async (path: string, names: string[]) => {
    await page.goto(path);
    await page.getByRole("checkbox", { name: /^Sélectionner / }).first().check();
    const bulk = page.getByRole("region", { name: "Actions groupées" });
    for (const name of names) await expect(bulk.getByRole("button", { name, exact: true }), `${path} ${name}`).toBeVisible();
    await bulk.getByRole("button", { name: "Supprimer", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Annuler" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await noHorizontalScroll(page);
  };
  await bulkActions("/admin/crevarde-deals", ["Publier", "Retirer du site", "Mettre en avant", "Supprimer"]);
  await bulkActions("/admin/promo-codes", ["Publier", "Repasser en brouillon", "Supprimer"]);
  await bulkActions("/admin/offers", ["Publier", "Repasser en brouillon", "Supprimer"]);
  await bulkActions("/admin/categories", ["Supprimer"]);
  await bulkActions("/admin/content", ["Supprimer"]);

});

test("a closed programme's menu offers « Réactiver », never « Mettre en pause »; its row stays one line of actions high @layout", async ({ page }) => {
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
  // a closed programme: « Réactiver », never « Mettre en pause » (nor « Fermer » again)
  await page.goto("/admin/programmes");
  const row = page.getByRole("row").filter({ hasText: CLOSED_PROGRAM_ID });
  await expect(row).toContainText("Fermé");
  await row.getByRole("button", { name: /^Actions de / }).click();
  await expect(page.getByRole("menuitem", { name: "Réactiver" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Mettre en pause" })).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Fermer" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  // row actions in a menu: ten rows stay far from 1,400 px (at 1280 px; a phone shows one card per row)
  if (isMobile(page)) return;
  const table = page.getByRole("table").filter({ has: row });
  const rows = await table.getByRole("row").count();
  const height = (await table.boundingBox())!.height;
  expect(height / rows).toBeLessThan(140);
});
