import { expect, newMember, signIn, test } from "./fixtures";

/**
 * Issue #39 item 5 (ADR 049 §Alerts): a visitor asks to follow the demo's « -50 % » deal's price, signs in, comes
 * back to the deal, follows it with « Préviens-moi sous … € » (a plain form: 10 % under its 14,99 € suggested),
 * and finds it in /mes-alertes, where its threshold changes; an offer is followed the same way from its page (/offres/:id)
 * and /mes-alertes links back to it. 1280 px only: nothing here is about layout.
 */
const TITLE = "Vernis semi-permanent kit débutante";

test("a member follows a deal's price from its page and sees it in /mes-alertes", async ({ page, browser, baseURL }) => {
  test.slow();
  const email = await newMember(page, browser, baseURL!, "suiveuse");

  await page.goto("/coup-de-crevarde?q=vernis");
  await page.locator("article", { has: page.getByRole("heading", { name: TITLE }) }).getByRole("link", { name: TITLE }).click();
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  const dealPath = new URL(page.url()).pathname;
  const threshold = page.getByLabel("Préviens-moi sous");
  await expect(threshold).toHaveValue("13");

  // a visitor is sent to sign in, then back to the deal
  await page.getByRole("button", { name: "Suivre le prix" }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=${encodeURIComponent(dealPath)}`));
  await signIn(page, { email, password: "Rouge-gorge 2025" }, page.url());
  await expect(page).toHaveURL(new RegExp(`${dealPath}$`));

  // a bad threshold is refused in French
  await threshold.fill("beaucoup");
  await page.getByRole("button", { name: "Suivre le prix" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Indique un prix en euros, par exemple 40 ou 39,99." })).toBeVisible();

  await threshold.fill("12,50");
  await page.getByRole("button", { name: "Suivre le prix" }).click();
  await expect(page.getByText(/C'est noté : on te prévient dès que le prix passe sous 12,50\s€\./)).toBeVisible();

  await page.goto("/mes-alertes");
  const alert = page.getByTestId("price-alert").filter({ hasText: TITLE });
  await expect(alert).toBeVisible();
  await expect(alert.getByTestId("price-alert-threshold")).toHaveText(/sous 12,50\s€/);
  await expect(alert).toContainText(/prix actuel : 14,99\s€/);
  await expect(alert.getByTestId("price-alert-status")).toHaveText("Active");
  await expect(alert.getByRole("link", { name: TITLE })).toHaveAttribute("href", dealPath);

  // its threshold changes, it pauses
  await alert.getByLabel("Seuil (€)").fill("11");
  await alert.getByRole("button", { name: "Modifier le seuil" }).click();
  await expect(alert.getByTestId("price-alert-threshold")).toHaveText(/sous 11,00\s€/);
  await alert.getByRole("button", { name: "Mettre en pause" }).click();
  await expect(alert.getByTestId("price-alert-status")).toHaveText("En pause");
});

test("a member follows an offer's price from its page; /mes-alertes links back to the offer", async ({ page, browser, baseURL }) => {
  test.slow();
  const email = await newMember(page, browser, baseURL!, "suiveur-offre");
  await signIn(page, { email, password: "Rouge-gorge 2025" }, "/auth?redirect=%2Fmarques%2Fnuxe");
  await expect(page).toHaveURL(/\/marques\/nuxe$/);
  const name = "Huile Prodigieuse 100 ml";
  await page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) }).getByRole("link", { name }).click();
  await page.waitForURL(/\/offres\/[0-9a-f-]{36}$/);
  const offerPath = new URL(page.url()).pathname;

  await page.getByLabel("Préviens-moi sous").fill("25");
  await page.getByRole("button", { name: "Suivre le prix" }).click();
  await expect(page.getByText(/C'est noté : on te prévient dès que le prix passe sous 25,00\s€\./)).toBeVisible();

  await page.goto("/mes-alertes");
  const alert = page.getByTestId("price-alert").filter({ hasText: name });
  await expect(alert.getByTestId("price-alert-threshold")).toHaveText(/sous 25,00\s€/);
  await alert.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`${offerPath}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});
