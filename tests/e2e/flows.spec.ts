import { DEMO_MEMBER, expect, signIn, test } from "./fixtures";

test("a signed-in member bounced back to /auth three times sees the session-problem banner", async ({ page }) => {
  // a session of its own: « Réinitialiser ma session » ends it (the shared one of signedInAs must live on)
  await signIn(page, DEMO_MEMBER);
  await expect(page).toHaveURL(/\/codes-promo$/);
  // what a redirect loop looks like from /auth: a guard keeps sending the member back here
  await page.goto("/auth?redirect=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/auth?redirect=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/auth?redirect=/profile");
  await expect(page.getByText("Problème de session détecté")).toBeVisible();
  await page.getByRole("button", { name: "Réinitialiser ma session et me reconnecter" }).click();
  await expect(page).toHaveURL(/\/auth\?fresh=true/);
  await expect(page.getByText("Problème de session détecté")).toHaveCount(0);
});
