import type { Page } from "@playwright/test";
import { expect, signedInAs, test } from "./fixtures";

const brandCard = (page: Page, name: string) =>
  page.getByRole("list", { name: "Marques" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a visitor sees the real member rate on a brand card (the demo has cashback launched)", async ({ page }) => {
  await page.goto("/marques");
  // Nuxe's best current rate: Awin 10 % × the 70 % member share
  await expect(brandCard(page, "Nuxe").getByText("Jusqu'à 7\u00a0% de cashback")).toBeVisible();
  await expect(brandCard(page, "Nuxe").getByText("CASHBACK (bientôt)")).toHaveCount(0);
  // a brand without a programme promises no rate
  await expect(brandCard(page, "Clarins").getByText(/cashback/i)).toHaveCount(0);
});

test("an admin creates a programme and adds rates; the history keeps the old one and visitors see the new member rate", async ({ page, browser, baseURL }, testInfo) => {
  // it walks the back office, a visitor's brand card and (Typology) the brand page twice
  test.setTimeout(120_000);
  // one brand per project: desktop and mobile run side by side
  const brand = testInfo.project.name === "mobile" ? "Garancia" : "Typology";
  const programId = `e2e-${testInfo.project.name}-${Date.now()}`;
  const name = `${brand} · Effiliation`;
  await signedInAs(page, "admin", "/admin/programmes");
  await expect(page.getByRole("heading", { name: "Programmes d'affiliation", level: 1 })).toBeVisible();
  // credentials come from the environment: none are set for the tests
  await expect(page.getByRole("list", { name: "Identifiants des réseaux" }).getByRole("listitem").filter({ hasText: "Awin" })).toContainText("Identifiants non configurés");

  await page.getByRole("button", { name: "Ajouter un programme" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Marque*").selectOption({ label: brand });
  await dialog.getByLabel("Réseau*").selectOption("effiliation");
  await dialog.getByLabel("Compte éditeur*").fill("445566");
  await dialog.getByLabel("ID du programme*").fill(programId);
  await dialog.getByLabel("Lien de tracking*").fill("https://track.effiliation.com/servlet/effi.redir?id_compteur=1&url={DEST}");
  await expect(dialog.getByLabel("Part membre (%)")).toHaveValue("70");
  // the networks' usual base (issue #34): excluding VAT (20 %) and shipping
  await expect(dialog.getByLabel("Base de calcul des taux")).toHaveValue("excl");
  await expect(dialog.getByLabel("TVA des prix (%)")).toHaveValue("20");
  // submitted from the keyboard ("Entrée", the phone keyboard's "OK")
  await dialog.getByLabel("Lien de tracking*").press("Enter");
  await expect(dialog.getByText("Le lien de tracking doit contenir {CLICK_ID}.")).toBeVisible();
  await dialog.getByLabel("Lien de tracking*").fill(`https://track.effiliation.com/servlet/effi.redir?id_compteur=${programId}&effi_id={CLICK_ID}&url={DEST}`);
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByText("Programme créé", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const row = page.getByRole("row").filter({ hasText: programId });
  await expect(row).toContainText("Actif");
  await expect(row).toContainText("Aucun taux");
  await expect(row).toContainText("70\u00a0%");
  await expect(row).toContainText("Hors TVA (20\u00a0%) et frais de port");

  await row.getByRole("button", { name: `Actions de ${name}` }).click();
  await page.getByRole("menuitem", { name: "Taux" }).click();
  const rates = page.getByRole("dialog");
  await rates.getByLabel("Libellé*").fill("Tous les achats");
  await rates.getByLabel("Taux du réseau*").fill("12");
  await rates.getByRole("button", { name: "Ajouter le taux" }).click();
  const history = rates.getByRole("list", { name: "Historique des taux" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history).toContainText("Tous les achats : 12\u00a0% → 8,4\u00a0% membre");
  await rates.getByLabel("Libellé*").fill("Tous les achats");
  await rates.getByLabel("Taux du réseau*").fill("15");
  await rates.getByLabel("Taux du réseau*").press("Enter");
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText("Tous les achats : 15\u00a0% → 10,5\u00a0% membre");
  await expect(history.getByRole("listitem").first()).toContainText("(en cours)");
  await expect(history.getByRole("listitem").nth(1)).toContainText("12\u00a0%");
  await expect(history.getByRole("listitem").nth(1)).not.toContainText("(en cours)");
  await page.keyboard.press("Escape");
  await expect(row).toContainText("Tous les achats : 15\u00a0% → 10,5\u00a0% membre");

  // a visitor (another browser context) sees the member rate on the card; anonymous pages are micro-cached a few seconds
  const visitor = await browser.newContext({ baseURL, locale: "fr-FR", viewport: page.viewportSize() ?? undefined });
  try {
    const v = await visitor.newPage();
    await v.goto("/marques");
    await expect(async () => {
      await v.reload();
      await expect(brandCard(v, brand).getByText("10,5\u00a0% de cashback")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    if (brand === "Typology") {
      // its offer's cashback is the programme's too: 19,90 € / 1,20 × 10,5 % = 1,74 € (floored), « environ »
      const offer = v.getByRole("listitem").filter({ has: v.getByRole("heading", { name: "Sérum niacinamide 12%", exact: true }) }).getByTestId("offer-cashback");
      await expect(async () => {
        await v.goto("/marques/typology");
        await expect(offer).toHaveText("10,5\u00a0% de cashback, soit environ 1,74\u00a0€", { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      // on the price paid, the estimate is exact: 19,90 € × 10,5 % = 2,08 €
      await row.getByRole("button", { name: `Actions de ${name}` }).click();
      await page.getByRole("menuitem", { name: "Modifier" }).click();
      await page.getByRole("dialog").getByLabel("Base de calcul des taux").selectOption("incl");
      await page.getByRole("dialog").getByRole("button", { name: "Mettre à jour" }).click();
      await expect(page.getByText("Programme mis à jour", { exact: true })).toBeVisible();
      await expect(row).toContainText("Sur le prix payé (TTC)");
      await expect(async () => {
        await v.goto("/marques/typology");
        await expect(offer).toHaveText("10,5\u00a0% de cashback, soit 2,08\u00a0€", { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
    }
  } finally {
    await visitor.close();
  }

  await row.getByRole("button", { name: `Actions de ${name}` }).click();
  await page.getByRole("menuitem", { name: "Mettre en pause" }).click();
  await expect(page.getByText("Statut mis à jour")).toBeVisible();
  await expect(row).toContainText("En pause");
  await row.getByRole("button", { name: `Actions de ${name}` }).click();
  await expect(page.getByRole("menuitem", { name: "Réactiver" })).toBeVisible();
  await page.keyboard.press("Escape");
});
