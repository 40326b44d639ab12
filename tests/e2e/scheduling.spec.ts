import type { Page } from "@playwright/test";
import { toParisLocalInput } from "#app/modules/settings/paris-time";
import { expect, noHorizontalScroll, signedInAs, test } from "./fixtures";
import { expiringCode, scheduledCode, schedulingBrand } from "./scheduling-fixture";

/**
 * Scheduling (issue #17 item 4, ADR 030) at 1280 and 390 px: an admin gives a new code a
 * « Publier le » two hours ahead; the list says « Programmé » and the brand page does not
 * show it; with the server's clock for this browser moved past that time (X-Test-Now,
 * app/lib/clock.server.ts) it shows, with no write in between. The admin is signed in:
 * no HTML micro-cache. Each project schedules its own code on its own brand
 * (tests/e2e/scheduling-fixture.ts).
 */

const codeRow = (page: Page, code: string) => page.getByRole("row").filter({ hasText: code });

test("an admin schedules a promo code for later: « Programmé » in the list, on the brand page once its time has come @layout", async ({ page }, info) => {
  const brand = schedulingBrand(info.project.name);
  const code = scheduledCode(info.project.name);
  const publishAt = new Date(Date.now() + 2 * 60 * 60_000);

  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
  // the dashboard's « Codes qui expirent bientôt » (3 days), linked to the list's same filter
  const expiring = page.getByTestId("expiring-codes");
  await expect(expiring.getByRole("heading", { name: /^Codes qui expirent bientôt \(\d+\)$/ })).toBeVisible();
  await expect(expiring.getByRole("listitem").filter({ hasText: expiringCode(info.project.name) })).toContainText(brand.name);
  await expect(expiring.getByRole("link", { name: `Modifier ${expiringCode(info.project.name)}` })).toHaveAttribute("href", `/admin/promo-codes?q=${expiringCode(info.project.name)}`);
  await page.goto("/admin/promo-codes");
  await page.getByRole("button", { name: "Ajouter un code promo" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Ajouter un code promo" })).toBeVisible();
  await dialog.getByLabel("Marque*").selectOption({ label: brand.name });
  await dialog.getByLabel("Code*").fill(code);
  await dialog.getByLabel("Montant de réduction*").fill("-25%");
  await dialog.getByLabel("Description").fill("Code programmé");
  // « Dépublier le » before « Publier le »: refused in French, nothing saved
  await dialog.getByLabel("Publier le", { exact: true }).fill(toParisLocalInput(publishAt));
  await dialog.getByLabel("Dépublier le", { exact: true }).fill(toParisLocalInput(new Date(publishAt.getTime() - 60 * 60_000)));
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog.getByText("« Dépublier le » doit être après « Publier le ».")).toBeVisible();
  await dialog.getByLabel("Dépublier le", { exact: true }).fill("");
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Code promo créé" }).first()).toBeVisible();

  await page.goto(`/admin/promo-codes?q=${code}`);
  await expect(codeRow(page, code).getByTestId("schedule-badge")).toHaveText("Programmé");
  await noHorizontalScroll(page);

  // not public yet
  await page.goto(`/marques/${brand.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: brand.name })).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toHaveCount(0);

  // past its « Publier le » for the server: public, and no longer « Programmé »
  await page.context().setExtraHTTPHeaders({ "x-test-now": new Date(publishAt.getTime() + 60_000).toISOString() });
  await page.goto(`/marques/${brand.slug}`);
  const card = page.getByRole("article").filter({ hasText: "Code programmé" });
  await expect(card.locator("code")).toHaveText(code);
  await noHorizontalScroll(page);
  await page.goto(`/admin/promo-codes?q=${code}`);
  await expect(codeRow(page, code)).toHaveCount(1);
  await expect(codeRow(page, code).getByTestId("schedule-badge")).toHaveCount(0);
});
