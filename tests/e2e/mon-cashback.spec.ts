import { expect, isMobile, signedInAs, test } from "./fixtures";

test("the demo member sees the four balances, each purchase's status, reason and timeline @layout", async ({ page }) => {
  await signedInAs(page, "member", "/mon-cashback");
  await expect(page).toHaveURL(/\/mon-cashback$/);
  const balance = (label: string) => page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
  await expect(balance("En attente")).toHaveText(/^4,34\s€$/);
  await expect(balance("Disponible")).toHaveText(/^12,34\s€$/);
  await expect(balance("En cours de virement")).toHaveText(/^0,00\s€$/);
  await expect(balance("Versé")).toHaveText(/^0,00\s€$/);

  const purchase = (merchant: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: merchant, level: 3 }) });
  const caudalie = purchase("Caudalie");
  await expect(caudalie.getByText("En attente de validation")).toBeVisible();
  await expect(caudalie.getByText(/^Validation prévue le \d{1,2}(?:er)? \S+ \d{4}$/)).toBeVisible();
  await expect(caudalie.getByText(/62,00\s€ dépensés/)).toBeVisible();
  await expect(caudalie.getByRole("list", { name: "Étapes" }).getByRole("listitem")).toHaveText([/^Clic /, /Achat détecté /]);

  const nuxe = purchase("Nuxe");
  await expect(nuxe.getByText("Validé", { exact: true })).toBeVisible();
  await expect(nuxe.getByRole("list", { name: "Étapes" }).getByRole("listitem")).toHaveText([/^Clic /, /Achat détecté /, /Validé /]);

  const typology = purchase("Typology");
  await expect(typology.getByText("Refusé", { exact: true })).toBeVisible();
  await expect(typology.getByText("Raison : La commande a été retournée ou annulée auprès du marchand.")).toBeVisible();

  // no sideways scrolling on a phone
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // /profile's figure is the same money: available + in payout + paid (issue #34 item 8)
  await page.goto("/profile");
  const validated = page.getByTestId("profile-validated-cashback");
  await expect(validated.getByRole("term")).toHaveText("Cashback validé");
  await expect(validated.getByRole("definition").first()).toHaveText(/^12,34\s€$/);
  await expect(page.getByText("Économies")).toHaveCount(0);
});

test("the account menu and the profile link to /mon-cashback @desktop", async ({ page }) => {
  await signedInAs(page, "member", "/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("link", { name: /^Mon cashback/ }).click();
  await expect(page).toHaveURL(/\/mon-cashback$/);
  // back in the same, hydrated document (a fresh load could take the click before hydration)
  await page.goBack();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("button", { name: /Mon compte \(Camille\)/ }).click();
  await page.getByRole("menuitem", { name: "Mon cashback" }).click();
  await expect(page).toHaveURL(/\/mon-cashback$/);
});

test("a member switches one type of cashback e-mail off, then on again", async ({ page }) => {
  // each project its own type: the desktop and mobile runs share the demo member
  const label = isMobile(page) ? "Cashback refusé ou annulé (avec la raison)" : "Cashback validé";
  await signedInAs(page, "member", "/mon-cashback");
  await expect(page).toHaveURL(/\/mon-cashback$/);
  const emails = page.getByRole("region", { name: "E-mails de cashback" });
  const box = emails.getByRole("checkbox", { name: label });
  await expect(box).toBeChecked();
  await box.uncheck();
  await emails.getByRole("button", { name: "Enregistrer mes choix" }).click();
  await expect(page.getByText("Préférences d'e-mails enregistrées")).toBeVisible();
  await page.reload();
  await expect(box).not.toBeChecked();
  await expect(emails.getByRole("checkbox", { name: "Achat détecté (un récapitulatif par jour au plus)" })).toBeChecked();
  await box.check();
  await emails.getByRole("button", { name: "Enregistrer mes choix" }).click();
  await expect(page.getByText("Préférences d'e-mails enregistrées")).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();
});
