import type { Page } from "@playwright/test";
import { expect, signedInAs, test } from "./fixtures";

const EARNINGS = "/legal/comment-nous-gagnons-de-l-argent";

/** No horizontal scrolling: the page fits the viewport (390 px on mobile). */
async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test("the mentions légales show the publisher, the publication director and the host from the settings @layout", async ({ page }) => {
  await page.goto("/legal/mentions-legales");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mentions légales");
  const main = page.locator("main");
  // the demo seed's values (a deployment starts empty and its dashboard warns)
  for (const text of ["Crevarde SAS", "Société par actions simplifiée (SAS)", "10 000 €", "12 rue des Économes, 75011 Paris", "RCS Paris 912 345 678", "01 99 00 12 34", "Camille Martin, présidente", "Nuagine SAS", "18 avenue des Serveurs, 59100 Roubaix", "01 99 00 56 78", "En France"]) {
    await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(main.getByRole("link", { name: "bonjour@crevarde.fr" })).toHaveAttribute("href", "mailto:bonjour@crevarde.fr");
  await expect(main.getByText("non renseigné")).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Comment nous gagnons de l'argent" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test("the privacy policy lists purposes with legal bases, recipients, durations, rights and the CNIL, within the screen width @layout", async ({ page }) => {
  await page.goto("/legal/politique-confidentialite");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de confidentialité");
  for (const heading of ["Responsable du traitement", "Ce que nous faisons de tes données, et pourquoi", "Qui reçoit tes données", "Transferts hors de l'Union européenne", "Durées de conservation", "Tes droits", "Réclamation auprès de la CNIL"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  const purposes = page.getByRole("table", { name: "Finalités et bases légales" });
  await expect(purposes.getByRole("row").filter({ hasText: "newsletter, si tu la demandes" })).toContainText("Ton consentement");
  await expect(purposes.getByRole("row").filter({ hasText: "Créer et gérer ton compte" })).toContainText("Exécution du contrat");
  // the e2e server has a Google Analytics ID: Google and the transfer are named
  await expect(page.getByText(/Data Privacy Framework/)).toBeVisible();
  await expect(page.getByRole("link", { name: "« Exporter mes données »" })).toHaveAttribute("href", "/profile/export");
  await expect(page.getByRole("link", { name: "www.cnil.fr/fr/plaintes" })).toHaveAttribute("href", "https://www.cnil.fr/fr/plaintes");
  // wide tables scroll inside their box, the page itself does not
  await expectNoHorizontalOverflow(page);
});

test("the footer links « Comment nous gagnons de l'argent », which explains commissions and the ranking @layout", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const link = footer.getByRole("link", { name: "Comment nous gagnons de l'argent" });
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${EARNINGS}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Comment nous gagnons de l'argent");
  await expect(page.getByText("Le prix est le même pour toi")).toBeVisible();
  const ranking = page.getByRole("table", { name: "Ordre des listes du site" });
  await expect(ranking.getByRole("row").filter({ hasText: "Coup de Crevarde (liste des deals)" })).toContainText("Du plus récent au plus ancien");
  await expectNoHorizontalOverflow(page);
  // the other legal links are still there
  for (const name of ["Mentions légales", "CGV", "Politique de confidentialité", "Cookies"]) {
    await expect(page.getByRole("contentinfo").getByRole("link", { name, exact: true })).toBeVisible();
  }
});

/** Every outbound (affiliate) link of the page shows the "lien affilié" mention beside it, tied to it for screen readers. */
async function expectAffiliateMentions(page: Page, path: string) {
  const links = page.locator('a[href^="/kpi"]');
  await expect(links.first(), path).toBeVisible();
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const link = links.nth(i);
    await link.scrollIntoViewIfNeeded();
    await expect(link, `${path} link ${i}`).toBeVisible();
    await expect(link).toHaveAttribute("rel", /sponsored/);
    const id = await link.getAttribute("aria-describedby");
    expect(id, `${path} link ${i} has a mention`).toBeTruthy();
    const mention = page.locator(`[id="${id}"]`);
    await expect(mention).toBeVisible();
    await expect(mention).toHaveText("lien affilié");
    await expect(link).toHaveAccessibleDescription("lien affilié");
    // beside the link: touching its box within 24 px, vertically and horizontally
    const a = (await link.boundingBox())!;
    const m = (await mention.boundingBox())!;
    const gapY = Math.max(0, m.y - (a.y + a.height), a.y - (m.y + m.height));
    const gapX = Math.max(0, m.x - (a.x + a.width), a.x - (m.x + m.width));
    expect(gapY, `${path} link ${i}: vertical gap`).toBeLessThanOrEqual(24);
    expect(gapX, `${path} link ${i}: horizontal gap`).toBeLessThanOrEqual(24);
  }
  await expectNoHorizontalOverflow(page);
}

test("every outbound link carries a visible « lien affilié » mention (visitor pages) @layout", async ({ page }) => {
  for (const path of ["/", "/coup-de-crevarde", "/marques/caudalie"]) {
    await page.goto(path);
    await expectAffiliateMentions(page, path);
  }
});

test("every outbound link carries a visible « lien affilié » mention (member pages: codes, brand, /temu) @layout", async ({ page }) => {
  await signedInAs(page, "member");
  await expect(page).toHaveURL(/\/codes-promo$/);
  for (const path of ["/codes-promo", "/marques/caudalie"]) {
    await page.goto(path);
    await expectAffiliateMentions(page, path);
  }
  // /temu sells only while its offer runs (on the visitor's clock: the seeded offer ended on 25 May 2025)
  await page.clock.install({ time: Date.parse("2025-05-20T12:00:00+02:00") });
  await page.goto("/temu");
  await expectAffiliateMentions(page, "/temu");
});
