import { bankDetailsMember } from "./cashback-fixture";
import { expect, signIn, test } from "./fixtures";

// each project its own member and IBAN: an IBAN is live on one account only
const IBANS = {
  desktop: { typed: "fr76 3000 6000 0112 3456 7890 189", masked: "FR•• •••• •••• •••• 0189" },
  mobile: { typed: "DE89 3704 0044 0532 0130 00", masked: "DE•• •••• •••• •••• 3000" },
} as const;

test("a member adds an IBAN: checked as typed, confirmed by the password, then shown masked with its 72 h wait @layout", async ({ page }, testInfo) => {
  const member = bankDetailsMember(testInfo.project.name);
  const iban = IBANS[testInfo.project.name as keyof typeof IBANS];
  await signIn(page, member, "/auth?redirect=/mon-cashback");
  await expect(page).toHaveURL(/\/mon-cashback$/);
  await page.getByRole("link", { name: "Mes coordonnées bancaires" }).click();
  await expect(page).toHaveURL(/\/mon-cashback\/coordonnees-bancaires$/);
  await expect(page.getByRole("heading", { name: "Mes coordonnées bancaires", level: 1 })).toBeVisible();
  const current = page.getByRole("region", { name: "Compte enregistré" });
  // a retry finds the first attempt's account: it then changes the holder's name
  if (testInfo.retry === 0) await expect(current.getByText("Aucun compte pour l'instant")).toBeVisible();

  const form = page.locator("form#bank-details");
  const ibanField = form.getByLabel("IBAN");
  // a wrong checksum is caught as soon as the field is left
  await ibanField.fill("FR76 3000 6000 0112 3456 7890 188");
  await ibanField.blur();
  await expect(form.getByText("Cet IBAN n'est pas valide : recopie-le depuis ton RIB.")).toBeVisible();
  await expect(ibanField).toHaveAttribute("aria-invalid", "true");

  await ibanField.fill(iban.typed);
  await form.getByLabel(/^Titulaire du compte/).fill(`Camille Dupont${testInfo.retry ? ` ${testInfo.retry}` : ""}`);
  await form.getByLabel("Mot de passe actuel").fill("pas-le-bon-mot-de-passe");
  await form.getByRole("button", { name: "Enregistrer ce compte" }).click();
  await expect(form.getByText("Mot de passe incorrect.")).toBeVisible();
  await expect(current.getByText(iban.masked)).toHaveCount(0);

  await form.getByLabel("Mot de passe actuel").fill(member.password);
  await form.getByRole("button", { name: "Enregistrer ce compte" }).click();
  await expect(page.getByText("Coordonnées bancaires enregistrées")).toBeVisible();
  await expect(current.getByText(iban.masked)).toBeVisible();
  await expect(current.getByText(/^Camille Dupont/)).toBeVisible();
  await expect(current.getByText(/^Par sécurité, ce compte pourra recevoir un virement à partir du \d{1,2}(?:er)? \S+ \d{4} à \d{2}h\d{2}\.$/)).toBeVisible();
  // the full IBAN is nowhere on the page
  expect(await page.content()).not.toContain(iban.typed.replace(/\s/g, "").slice(4).toUpperCase());
  await expect(page.getByRole("heading", { name: "Changer de compte" })).toBeVisible();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
