import { expect, signedInAs, test } from "./fixtures";

test("the admin sidebar becomes a drawer at 390 px @mobile", async ({ page }) => {
  await signedInAs(page, "admin", "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("button", { name: "Ouvrir le menu d'administration" }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Marques" }).click();
  await expect(page).toHaveURL(/\/admin\/brands$/);
  await expect(page.getByRole("heading", { name: "Marques" })).toBeVisible();
});
