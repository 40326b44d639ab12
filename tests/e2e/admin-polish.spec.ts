import { expect, signedInAs, test } from "./fixtures";

/**
 * Issue #37 items 7 and 11, as finance sees them at 1280 and 390 px: the treasury in the member
 * side's money words, its alert quoting the cards' own figures, and no consent banner nor
 * analytics in the back office (the context has made no cookie choice).
 */
test.use({ withConsent: false });

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

test("finance reads the treasury in the member side's words, with no consent banner nor analytics in the back office @layout", async ({ page }) => {
  const beacons: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/analytics" || r.url().includes("googletagmanager")) beacons.push(r.url());
  });
  await signedInAs(page, "finance", "/admin/tresorerie");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page).toHaveTitle("Trésorerie · Admin Crevarde");
  await expect(page.getByRole("heading", { name: "Trésorerie" })).toBeVisible();

  for (const [label, testId] of [
    ["En attente", "treasury-pending"],
    ["Disponible", "treasury-available"],
    ["En cours de virement", "treasury-in-payout"],
    ["Versé", "treasury-paid"],
    ["Dette des membres", "treasury-owed"],
    ["À verser aux membres", "treasury-to-pay"],
    ["Trésorerie restante", "treasury-cash-left"],
  ] as const) {
    const figure = page.getByTestId(testId);
    await expect(figure).toBeVisible();
    // the label sits with its amount, which has its cents
    await expect(figure.locator("xpath=preceding-sibling::dt[1]")).toHaveText(label);
    expect(plain(await figure.textContent())).toMatch(/^-?[\d ]+,\d\d €$/);
  }

  // the alert, when the members' money exceeds the cash, quotes the very figures of the cards it names
  const alert = page.getByTestId("treasury-alert");
  if (await alert.count()) {
    const text = plain(await alert.textContent());
    expect(text).toContain(`À verser aux membres (${plain(await page.getByTestId("treasury-to-pay").textContent())}`);
    expect(text).toContain(`Disponible ${plain(await page.getByTestId("treasury-available").textContent())}`);
    expect(text).toContain(`En cours de virement ${plain(await page.getByTestId("treasury-in-payout").textContent())}`);
    expect(text).toContain(`Trésorerie restante (${plain(await page.getByTestId("treasury-cash-left").textContent())}`);
    expect(text).not.toContain("soldes disponibles");
  }

  // nothing wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // staff are not nagged: no banner, and analytics never started (it would have run before hydration ended)
  await expect(page.locator("[data-consent-banner]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __crevardeConsent?: unknown }).__crevardeConsent)).toBeUndefined();
  await page.goto("/admin");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page).toHaveTitle("Dashboard · Admin Crevarde");
  await expect(page.locator("[data-consent-banner]")).toHaveCount(0);
  expect(beacons).toEqual([]);

  // the public site still asks the same person
  await page.goto("/codes-promo");
  await expect(page.getByRole("dialog", { name: "Tes cookies, ton choix" })).toBeVisible();
});
