import { RETENTION } from "#app/modules/privacy/retention";
import { expect, test } from "./fixtures";

test("the privacy policy states the retention durations the purge task applies", async ({ page }) => {
  await page.goto("/legal/politique-confidentialite");
  const table = page.getByRole("region", { name: "Durées de conservation" }).getByRole("table");
  await expect(table).toBeVisible();
  const row = (name: RegExp) => table.getByRole("row").filter({ hasText: name });
  await expect(row(/Mesure d'audience/)).toContainText(`${RETENTION.analyticsMonths} mois`);
  await expect(row(/sessions de connexion/)).toContainText(`${RETENTION.sessionDays} jours`);
  await expect(row(/journal d'envoi/)).toContainText(`${RETENTION.outboxDays} jours`);
  await expect(row(/Lien de confirmation/)).toContainText(`${RETENTION.newsletterConfirmDays} jours`);
  await expect(row(/désinscription/)).toContainText(`${RETENTION.newsletterUnsubscribedMonths} mois`);
  await expect(row(/Données d'achat/)).toContainText(`${RETENTION.purchaseYears} ans`);
  // the hand-written durations are gone: one statement of each duration
  await expect(page.getByText("Les données d'achat sont conservées 3 ans.")).toHaveCount(0);
});
