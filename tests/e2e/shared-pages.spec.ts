import { expect, isSaveResponse, newMember, noHorizontalScroll, signIn, test } from "./fixtures";

/**
 * Shared public pages (issue #38, ADR 048): the page is the same for everyone, served by the micro-cache to members
 * too; once hydrated, GET /api/moi fills in the member's header and their own state on the cards.
 */
test("a member sees their pseudo and their saved deal after hydration on a page served from the cache", async ({ page, browser, baseURL }) => {
  const email = await newMember(page, browser, baseURL!, "partage");
  const pseudo = `Flo ${email.split("@")[0]}`.slice(0, 40);
  await signIn(page, { email, password: "Rouge-gorge 2025" }, "/auth?redirect=%2Fmes-deals");
  await expect(page).toHaveURL(/\/mes-deals$/);

  await page.goto("/coup-de-crevarde?q=miroir");
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Miroir lumineux LED grossissant", exact: true }) });
  const saved = page.waitForResponse(isSaveResponse);
  await card.getByRole("button", { name: "Sauvegarder" }).click();
  expect((await saved).status()).toBeLessThan(400);
  await expect(card.getByRole("button", { name: "Sauvegardé" })).toHaveAttribute("aria-pressed", "true");

  // the same page again: the visitors' page, from the micro-cache, public, no cookie set
  const moi = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/moi");
  const response = await page.reload();
  // through the micro-cache (stored a moment ago, or just now if its 10 s have passed)
  expect(["HIT", "MISS"]).toContain(response?.headers()["x-cache"]);
  expect(response?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
  expect(response?.headers()["set-cookie"]).toBeUndefined();
  // before /api/moi answers, the HTML holds no member: neither the pseudo nor the saved state
  const html = await response!.text();
  expect(html).not.toContain(pseudo);
  expect(html).toContain("Connexion");
  expect((await moi).headers()["cache-control"]).toBe("private, no-store");
  // after it: the header's account menu with the pseudo, and the saved card pressed
  await expect(page.getByRole("button", { name: `Mon compte (${pseudo})` })).toBeVisible();
  await expect(card.getByRole("button", { name: "Sauvegardé" })).toHaveAttribute("aria-pressed", "true");
  await expect(card.getByRole("button", { name: "🔥 Hot" })).toHaveAttribute("aria-pressed", "false");

  // a brand page is shared too: its codes are masked in the page everyone gets, whole once /api/moi has answered
  const brandMoi = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/moi");
  const brand = await page.goto("/marques/caudalie");
  expect(brand?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
  expect(await brand!.text()).not.toContain("VINOGLOW15");
  await brandMoi;
  const code = page.getByRole("article", { name: "Code promo Caudalie" }).filter({ hasText: "Vinoperfect" });
  await expect(code.getByText("VINOGLOW15", { exact: true })).toBeVisible();
  await expect(code.getByRole("button", { name: /Copier/ })).toBeVisible();
});

test("a member sees their vote, saved state, the code and their comment's own controls on a deal page served from the cache, after hydration @layout", async ({ page, browser, baseURL }, testInfo) => {
  // an account to create and confirm, then three writes: room for a busy two-core machine
  test.slow();
  const title = "Pinces à cheveux griffes x6";
  const text = `Mon avis sur les pinces (${testInfo.project.name})`;
  const email = await newMember(page, browser, baseURL!, "partage-deal");
  await signIn(page, { email, password: "Rouge-gorge 2025" }, "/auth?redirect=%2Fmes-deals");
  await expect(page).toHaveURL(/\/mes-deals$/);
  await page.goto(`/coup-de-crevarde?q=${encodeURIComponent("pinces griffes")}`);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const dealUrl = page.url();

  // a vote, « Sauvegarder », and a comment (a new account's waits for a moderator: only its author sees it)
  const hot = page.getByRole("button", { name: "🔥 Hot" });
  await hot.click();
  await expect(page.getByText("Vote 🔥 enregistré, merci !")).toBeVisible();
  const saved = page.waitForResponse(isSaveResponse);
  await page.getByRole("button", { name: "Sauvegarder" }).click();
  expect((await saved).status()).toBeLessThan(400);
  await page.getByLabel("Ton commentaire", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Publier le commentaire" }).click();
  await expect(page.getByText("Merci ! Ton commentaire sera visible après vérification par la modération.")).toBeVisible();
  const mine = page.getByTestId("comment").filter({ hasText: text });
  await expect(mine).toContainText("En attente de modération");

  // the page again, past the writes' one-TTL cookie (cr_fresh): everyone's page, from the micro-cache, public
  await page.context().clearCookies({ name: "cr_fresh" });
  const moi = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/moi");
  const response = await page.goto(dealUrl);
  expect(["HIT", "MISS"]).toContain(response?.headers()["x-cache"]);
  expect(response?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
  expect(response?.headers()["set-cookie"]).toBeUndefined();
  // the HTML holds none of it: not the comment waiting for a moderator, not the code
  const html = await response!.text();
  expect(html).not.toContain(text);
  expect(html).not.toContain("TEMUCREV5");
  expect((await moi).headers()["cache-control"]).toBe("private, no-store");
  // after /api/moi: their vote pressed, « Sauvegardé », the code, their comment with « Modifier » and no « Signaler »
  await expect(hot).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Sauvegardé" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("deal-code")).toHaveText("TEMUCREV5");
  await expect(mine).toContainText("En attente de modération");
  await expect(mine.locator("summary", { hasText: "Modifier" })).toBeVisible();
  await expect(mine.locator("summary", { hasText: "Signaler" })).toHaveCount(0);
  await noHorizontalScroll(page);
});
