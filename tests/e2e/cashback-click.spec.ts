import { arriveAt, DEMO_ACCOUNTS, expect, signedInAs, test } from "./fixtures";
import { CASHBACK_STUB_BRAND, CASHBACK_STUB_OFFER, cashbackStubPort } from "./cashback-fixture";

// The programme of "Marque Stub Cashback" (created by cashback-fixture.ts before the
// server starts) sends members to the stub network host that scripts/e2e-server.mjs
// runs on 127.0.0.1; its page shows what it received.
const BRAND_PATH = `/marques/${CASHBACK_STUB_BRAND.slug}`;

test("a member follows « Activer le cashback » and the network host receives the click id", async ({ page }) => {
  await signedInAs(page, "member", BRAND_PATH);
  await expect(page).toHaveURL(new RegExp(`${BRAND_PATH}$`));
  const block = page.getByTestId("cashback-block");
  await expect(block.getByRole("cell", { name: "Nouveaux clients" })).toBeVisible();
  await expect(block.getByRole("cell", { name: "7\u00a0%" })).toBeVisible();
  await expect(block.getByText("Délai de validation annoncé : 45 jours")).toBeVisible();
  await block.getByRole("link", { name: "Activer le cashback", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Réseau stub" })).toBeVisible();
  expect(new URL(page.url()).port).toBe(String(cashbackStubPort()));
  await expect(page.locator("#path")).toHaveText("/cread.php");
  await expect(page.locator("#clickref")).toHaveText(/^c[0-9A-Za-z]{20}$/);
  await expect(page.locator("#ued")).toHaveText(CASHBACK_STUB_BRAND.websiteUrl);
});

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });
    test(`a visitor's « Activer le cashback » on an offer card goes through sign-in and on to the network${js ? " @layout" : ""}`, async ({ page }) => {
      await page.goto(BRAND_PATH);
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: CASHBACK_STUB_OFFER }) });
      await card.getByRole("link", { name: "Activer le cashback", exact: true }).click();
      await expect(page).toHaveURL(/\/auth\?redirect=%2Fcashback%2Factiver%2F[0-9a-f-]{36}%2Fsuite$/);
      if (js) await arriveAt(page, "/auth");
      const form = page.getByRole("form", { name: "Connexion" });
      await form.getByLabel("Email").fill(DEMO_ACCOUNTS.member.email);
      await form.getByLabel("Mot de passe", { exact: true }).fill(DEMO_ACCOUNTS.member.password);
      await form.getByRole("button", { name: "Se connecter" }).click();
      // through our page (a native post may not chain redirects to the network's origin: CSP form-action), then
      // the activation, which sends the member on with a click id
      await expect(page.getByRole("heading", { name: "Réseau stub" })).toBeVisible();
      expect(new URL(page.url()).port).toBe(String(cashbackStubPort()));
      await expect(page.locator("#clickref")).toHaveText(/^c[0-9A-Za-z]{20}$/);
    });
  });
}
