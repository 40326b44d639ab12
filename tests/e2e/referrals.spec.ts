import { expect, noHorizontalScroll, signedInAs, signIn, test } from "./fixtures";
import { REFERRAL_E2E, referralFriend, referralReferrer } from "./referral-fixture";

/*
 * tests/e2e/referral-fixture.ts (run before the server starts) links a friend to
 * the member who invited her, promising both rewards, then imports the friend's
 * first cashback pending and approved: the import validates it and pays both
 * referral rewards in the same transaction.
 */


const balance = (page: import("@playwright/test").Page, label: string) =>
  page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");

test("a referral pays both sides after the friend's first validated cashback @layout", async ({ page, browser, baseURL }, testInfo) => {
  const referrer = referralReferrer(testInfo.project.name);
  const friend = referralFriend(testInfo.project.name);

  await signIn(page, referrer, "/auth?redirect=/invite");
  await expect(page).toHaveURL(/\/invite$/);
  const mine = page.getByRole("region", { name: "Mes parrainages" });
  await expect(mine).toBeVisible();
  await expect(balance(page, "Gagné")).toHaveText(new RegExp(`^${REFERRAL_E2E.referrerBonus}\\s€$`));
  await expect(balance(page, "En attente")).toHaveText(/^0,00\s€$/);
  const row = mine.getByRole("listitem").filter({ hasText: `Bonus de parrainage : ${friend.username}` });
  await expect(row).toContainText(/3,00\s€/);
  await expect(row).toContainText("Versé sur ton cashback disponible");
  // the friend is named by her pseudonym, never her e-mail
  expect(await page.content()).not.toContain(friend.email);
  await noHorizontalScroll(page);

  await page.goto("/mon-cashback");
  await expect(balance(page, "Disponible")).toHaveText(new RegExp(`^${REFERRAL_E2E.referrerAvailable}\\s€$`));

  // the friend: her 7,00 € cashback, her 2,00 € referral welcome bonus and the site's 3,00 € welcome bonus (issue #34 item 6)
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.4` } });
  await context.addCookies([{ name: "cr_consent", value: `v1.0.0.${Math.floor(Date.now() / 1000)}`, url: baseURL! }]);
  const other = await context.newPage();
  await signIn(other, friend, "/auth?redirect=/mon-cashback");
  await expect(other).toHaveURL(/\/mon-cashback$/);
  await expect(balance(other, "Disponible")).toHaveText(new RegExp(`^${REFERRAL_E2E.friendAvailable}\\s€$`));
  await other.goto("/invite");
  const welcome = other.getByRole("region", { name: "Mes parrainages" }).getByRole("listitem").filter({ hasText: `Bonus de bienvenue (parrainage : ${referrer.username})` });
  await expect(welcome).toContainText(/2,00\s€/);
  await expect(welcome).toContainText("Versé sur ton cashback disponible");
  await context.close();
});

test("the treasury page shows the members' balances against the cash received, with its alert @layout", async ({ page }, testInfo) => {
  await signedInAs(page, "admin", "/admin/tresorerie");
  await expect(page).toHaveURL(/\/admin\/tresorerie$/);
  await expect(page.getByRole("heading", { name: "Trésorerie", level: 1 })).toBeVisible();
  // the referral members alone hold 24,00 € available, and the networks' payments entered here stay far below
  await expect(page.getByRole("alert").filter({ hasText: "Alerte : À verser aux membres" })).toContainText(/dépasse la Trésorerie restante \(/);
  await expect(page.getByTestId("treasury-available")).not.toHaveText(/^0,00\s€$/);

  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Enregistrer le paiement" }) });
  await form.getByLabel("Réseau").selectOption("awin");
  await form.getByLabel("Montant reçu (€)").fill("douze");
  await form.getByLabel("Référence bancaire").fill(`E2E-TRESO-${testInfo.project.name}-${testInfo.retry}`);
  await form.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(form.getByText("Le montant doit être un nombre d'euros positif, avec au plus deux décimales (par exemple 1 234,56).")).toBeVisible();

  await form.getByLabel("Montant reçu (€)").fill("0,01");
  await form.getByRole("button", { name: "Enregistrer le paiement" }).click();
  await expect(page.getByText("Paiement enregistré").first()).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: `Réf. E2E-TRESO-${testInfo.project.name}-${testInfo.retry}` })).toContainText(/0,01\s€/);
  await expect(page.getByRole("alert").filter({ hasText: "Alerte : À verser aux membres" })).toBeVisible();
  await noHorizontalScroll(page);
});
