import type { Page } from "@playwright/test";
import { expect, isMobile, signedInAs, test } from "./fixtures";
import { FINANCE_JOURNAL_ACTOR } from "./admin-parity-fixture";

/** The back-office navigation: the sidebar on desktop, the drawer (opened here) at 390 px. */
async function adminNav(page: Page) {
  if (isMobile(page)) {
    await page.getByRole("button", { name: "Ouvrir le menu d'administration" }).click();
    return page.getByRole("dialog").getByRole("navigation", { name: "Administration" });
  }
  return page.getByRole("navigation", { name: "Administration" });
}

const link = (nav: Awaited<ReturnType<typeof adminNav>>, name: string) => nav.getByRole("link", { name, exact: true });

test("an editor sees the catalogue, no money and no accounts, and is sent back from /admin/conversions and /admin/users; its history has no payouts @layout", async ({ page }) => {
  await signedInAs(page, "editor", "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // no money on the dashboard either
  await expect(page.getByRole("heading", { name: "Cashback" })).toHaveCount(0);
  await expect(page.getByTestId("cashback-owed")).toHaveCount(0);
  const nav = await adminNav(page);
  for (const name of ["Dashboard", "Codes promo", "Offres cashback", "Coups de crevarde", "Catégories", "Marques", "Contenu", "Pages"]) {
    await expect(link(nav, name)).toBeVisible();
  }
  for (const name of ["Programmes", "Conversions", "Utilisateurs"]) {
    await expect(link(nav, name)).toHaveCount(0);
  }
  await link(nav, "Marques").click();
  await expect(page).toHaveURL(/\/admin\/brands$/);
  await expect(page.getByRole("heading", { name: "Marques" })).toBeVisible();

  await page.goto("/admin/conversions");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // nor the accounts: /admin/users is refused too
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Utilisateurs" })).toHaveCount(0);

  // its own journal: no payout nor payout batch, in the history's kinds, people or entries
  await page.goto("/admin/historique");
  await expect(page.getByRole("heading", { name: "Historique" })).toBeVisible();
  const kinds = page.getByLabel("Type");
  await expect(kinds.locator("option", { hasText: "Codes promo" })).toHaveCount(1);
  await expect(kinds.locator("option", { hasText: /Paiements|Lots de paiements/ })).toHaveCount(0);
  await expect(page.getByText(FINANCE_JOURNAL_ACTOR)).toHaveCount(0);
});

test("finance sees programmes and conversions, not the catalogue, and is sent back from /admin/promo-codes; its history has the payouts @layout", async ({ page }) => {
  await signedInAs(page, "finance", "/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("cashback-owed")).toBeVisible();
  const nav = await adminNav(page);
  for (const name of ["Dashboard", "Programmes", "Conversions"]) {
    await expect(link(nav, name)).toBeVisible();
  }
  for (const name of ["Codes promo", "Marques", "Pages", "Utilisateurs"]) {
    await expect(link(nav, name)).toHaveCount(0);
  }
  await link(nav, "Conversions").click();
  await expect(page).toHaveURL(/\/admin\/conversions$/);
  await expect(page.getByRole("heading", { name: "Conversions" })).toBeVisible();

  await page.goto("/admin/promo-codes");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  // the finance journal: the payouts are there
  await page.goto("/admin/historique?type=payout");
  await expect(page.getByLabel("Type")).toHaveValue("payout");
  await expect(page.getByText(`${FINANCE_JOURNAL_ACTOR} a modifié le paiement`)).toBeVisible();
});
