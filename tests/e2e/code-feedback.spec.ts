import { expect, signedInAs, test } from "./fixtures";
import { FAILING_CODE, FEEDBACK_BRAND, feedbackCode } from "./code-feedback-fixture";

/** « Ça a marché ? » on promo codes (issue #15 item 6): each project answers its own codes (tests/e2e/code-feedback-fixture.ts). */
const brandPage = `/marques/${FEEDBACK_BRAND.slug}`;
const rate = /^\d+\s% de réussite/;

test("a member copies a code, answers « Non », sees the rate update, then undoes the answer", async ({ page }, testInfo) => {
  const code = feedbackCode(testInfo.project.name, "js");
  await signedInAs(page, "member");
  await expect(page).toHaveURL(/\/codes-promo$/);
  await page.goto(brandPage);
  const card = page.getByRole("article").filter({ hasText: code });
  // 2 « Oui » out of 3 answers, the latest « Oui » 2 hours ago (fixture)
  await expect(card.getByTestId("code-feedback-rate")).toHaveText(/^67\s% de réussite · vérifié il y a 2 heures$/);
  await card.getByRole("button", { name: "Copier" }).click();
  await expect(card.getByRole("button", { name: "Copié" })).toBeVisible();
  await expect(page.getByText("Code copié !")).toBeVisible();
  const question = card.getByRole("form", { name: "Ça a marché ?" });
  await expect(question).toContainText("Ça a marché ?");
  await question.getByRole("button", { name: "Non" }).click();
  await expect(page.getByText("Merci pour ton retour !")).toBeVisible();
  await expect(card.getByTestId("code-feedback-rate")).toHaveText(/^50\s% de réussite/);
  await expect(question.getByRole("button", { name: "Non" })).toHaveAttribute("aria-pressed", "true");
  await expect(question).toContainText("Ta réponse : ça n'a pas marché");
  // « Pourquoi ? »: an optional reason, kept with the answer
  const why = card.getByRole("form", { name: "Pourquoi le code n'a pas marché ?" });
  // the button shows the reason at once; the reload below waits for the server to have it
  const reasonSaved = page.waitForResponse((r) => r.request().method() === "POST" && (r.request().postData() ?? "").includes("minimum"));
  await why.getByRole("button", { name: "Montant minimum non atteint" }).click();
  await expect(why.getByRole("button", { name: "Montant minimum non atteint" })).toHaveAttribute("aria-pressed", "true");
  expect((await reasonSaved).ok()).toBe(true);
  await expect(card.getByTestId("code-feedback-rate")).toHaveText(/^50\s% de réussite/);

  // the answer is kept: after a reload it is still shown, and it can be undone
  await page.reload();
  await expect(question.getByRole("button", { name: "Non" })).toHaveAttribute("aria-pressed", "true");
  await expect(why.getByRole("button", { name: "Montant minimum non atteint" })).toHaveAttribute("aria-pressed", "true");
  await question.getByRole("button", { name: "Annuler" }).click();
  await expect(page.getByText("Ta réponse a été retirée.")).toBeVisible();
  await expect(card.getByTestId("code-feedback-rate")).toHaveText(/^67\s% de réussite/);
  await expect(question.getByRole("button", { name: "Non" })).toHaveAttribute("aria-pressed", "false");
  await expect(why).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // « Mes codes promo » is the same page for everyone (ADR 048): its codes are masked, a member's own codes and answers
  // come from /api/moi once JavaScript asks it; here the test asks it, to know which card is its code
  test("the answer is a plain form POST that comes back to the page", async ({ page }, testInfo) => {
    const code = feedbackCode(testInfo.project.name, "plain");
    await signedInAs(page, "member");
    await expect(page).toHaveURL(/\/codes-promo$/);
    const ids = await page.locator("article[data-moi-code]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-moi-code")));
    const moi = async () => (await (await page.request.get(`/api/moi?codes=${ids.slice(0, 60).join(",")}`)).json()) as { promoCodes: Record<string, string>; feedback: Record<string, { mine: boolean }> };
    const id = Object.entries((await moi()).promoCodes).find(([, value]) => value === code)?.[0];
    expect(id).toBeTruthy();
    const card = page.locator(`article[data-moi-code="${id}"]`);
    await card.getByRole("form", { name: "Ça a marché ?" }).getByRole("button", { name: "Oui" }).click();
    await expect(page).toHaveURL(/\/codes-promo$/);
    await expect(card.getByTestId("code-feedback-rate")).toHaveText(/^75\s% de réussite · vérifié il y a \d+ secondes?$/);
    expect((await moi()).feedback[id!]).toEqual({ mine: true, reason: null });
  });
});

test("a visitor sees the rate on a masked code and is asked to sign in to answer", async ({ page }, testInfo) => {
  const code = feedbackCode(testInfo.project.name, "js");
  await page.goto(brandPage);
  const card = page.getByRole("article").filter({ hasText: code.slice(0, 4) }).first();
  await expect(card.locator("code")).toHaveText(/^AVIS\*+$/);
  await expect(card.getByTestId("code-feedback-rate")).toHaveText(rate);
  await expect(card.getByRole("button", { name: "Oui" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Copier" })).toHaveCount(0);
  await card.getByRole("link", { name: "Connecte-toi" }).click();
  // the sign-in form honours the way back (accounts.spec.ts; tests/integration/accounts.test.ts)
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fmarques%2Favis-testes$/);
});

test("a code that keeps failing sinks to the end of its brand's list and is flagged to admins", async ({ page }) => {
  await page.goto(brandPage);
  await expect(page.getByRole("article").last().locator("code")).toHaveText(new RegExp(`^${FAILING_CODE.slice(0, 4)}\\*+$`));
  await expect(page.getByRole("article").last().getByTestId("code-feedback-rate")).toHaveText(/^0\s% de réussite$/);
  await signedInAs(page, "admin");
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto("/admin/promo-codes");
  const flagged = page.getByRole("region", { name: /^Codes qui échouent/ });
  await expect(flagged).toContainText(`${FAILING_CODE} (${FEEDBACK_BRAND.name}) : 0 % de réussite sur 5 avis`);
});
