import { DEVICE_COOKIE } from "#app/lib/device-cookie.server";
import { expect, linkFromOutbox, newMember, signIn, test, visitorAddress } from "./fixtures";

const PASSWORD = "Rouge-gorge 2025";

// issue #35 item 12, ADR 043: an attacker's wrong passwords lock the account, its owner still gets in by e-mail
test("a locked member asks for a sign-in link, opens it from the outbox and lands signed in", async ({ page, browser, playwright, baseURL }) => {
  // a sign-up and two e-mails read by an admin: three times the usual time on a loaded machine
  test.slow();
  const email = await newMember(page, browser, baseURL!, "verrou", PASSWORD);
  // the owner is now on a browser the account has never seen (no device cookie)
  await page.context().clearCookies({ name: DEVICE_COOKIE });

  const attacker = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  for (let i = 0; i < 10; i++) {
    const wrong = await attacker.post("/auth", { form: { intent: "login", email, password: `mauvais-${i}` }, maxRedirects: 0 });
    expect(wrong.status()).toBe(401);
  }

  // the right password is refused too: the lock holds, and the link is offered
  await signIn(page, { email, password: PASSWORD });
  await expect(page.getByRole("form", { name: "Connexion" }).getByText(/^Trop de tentatives\. Réessaie dans \d+ minutes?\.$/)).toBeVisible();
  await page.getByRole("button", { name: "Recevoir un lien de connexion par e-mail" }).click();
  await expect(page.getByRole("status").getByText(/^Si un compte existe pour cette adresse, tu vas recevoir un lien de connexion/)).toBeVisible();

  await page.goto(await linkFromOutbox(browser, baseURL!, email, /Ton lien de connexion/));
  await page.getByRole("button", { name: "Me connecter" }).click();
  await expect(page).toHaveURL(/\/codes-promo$/);
  await expect(page.getByRole("button", { name: /^Mon compte/ })).toBeVisible();

  // the attacker's side keeps its lock, even with the right password
  const after = await attacker.post("/auth", { form: { intent: "login", email, password: PASSWORD }, maxRedirects: 0 });
  expect(after.status()).toBe(429);
  await attacker.dispose();
});
