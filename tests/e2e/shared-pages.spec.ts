import { expect, isSaveResponse, newMember, noHorizontalScroll, signIn, signedInAs, test } from "./fixtures";

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

test("the home page is the visitors' page for a member too; their pseudo, their copy and the full codes come after hydration @layout", async ({ page }) => {
  await signedInAs(page, "member", "/");
  const moi = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/moi");
  const response = await page.reload();
  expect(response?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
  expect(response?.headers()["set-cookie"]).toBeUndefined();
  // the HTML everyone gets: masked codes and the visitor's copy
  const html = await response!.text();
  expect(html).not.toContain("VINOGLOW15");
  expect(html).toContain("Rejoins le club");
  expect((await moi).headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("button", { name: /^Mon compte \(/ })).toBeVisible();
  const code = page.getByRole("article", { name: "Code promo Caudalie" });
  await expect(code.getByText("VINOGLOW15", { exact: true })).toBeVisible();
  await expect(code.getByRole("button", { name: /Copier/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir les deals du jour" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tu fais déjà partie du club !" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Rejoins le club" })).toHaveCount(0);
});

const PUBLIC = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

test("« Mes codes promo » is the same page for everyone: a member sees their full codes once /api/moi has answered @layout", async ({ page }) => {
  await signedInAs(page, "member", "/");
  // the page names its list (every code of it is answered for, however many): not the home page's request
  const moi = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/moi" && new URL(r.url()).searchParams.get("liste") === "codes-promo");
  const response = await page.goto("/codes-promo");
  expect(response?.headers()["cache-control"]).toBe(PUBLIC);
  expect(response?.headers()["set-cookie"]).toBeUndefined();
  // the HTML everyone gets: the spinner, the codes masked
  const html = await response!.text();
  expect(html).toContain("Chargement de ton compte...");
  expect(html).not.toContain("VINOGLOW15");
  expect((await moi).headers()["cache-control"]).toBe("private, no-store");
  const code = page.getByRole("article", { name: "Code promo Caudalie" }).filter({ hasText: "Vinoperfect" });
  await expect(code.getByText("VINOGLOW15", { exact: true })).toBeVisible();
  await expect(code.getByRole("button", { name: /Copier/ })).toBeVisible();
  await expect(page.getByText("Chargement de ton compte...")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Mes codes promo" })).toBeVisible();
  await expect(page).toHaveURL(/\/codes-promo$/);
});

test("a visitor on « Mes codes promo » is sent to sign in, in place of the page in the history @layout", async ({ page }) => {
  const moi = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/moi");
  await page.goto("/");
  // on the home page, once /api/moi has named a visitor, « Ça a marché ? » is the sign-in prompt (a plain form before)
  await moi;
  const card = page.getByRole("article", { name: "Code promo Caudalie" });
  await expect(card.getByRole("link", { name: "Connecte-toi" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Oui" })).toHaveCount(0);
  const response = await page.goto("/codes-promo");
  expect(response?.headers()["cache-control"]).toBe(PUBLIC);
  await expect(page).toHaveURL(/\/auth\?from=codes-promo$/);
  await expect(page.getByText("Connecte-toi ou crée ton compte gratuit pour voir tes codes promo complets.")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === "/");
});

test("without JavaScript, « Mes codes promo » shows the list as everyone gets it, codes masked, and a link to sign in", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/codes-promo");
    await expect(page.getByText("Chargement de ton compte...")).toBeHidden();
    const code = page.getByRole("article", { name: "Code promo Caudalie" }).filter({ hasText: "Vinoperfect" });
    await expect(code.locator("code")).toHaveText(/^VINO\*+$/);
    await page.getByRole("link", { name: "Me connecter pour voir mes codes" }).click();
    await expect(page).toHaveURL(/\/auth\?from=codes-promo$/);
  } finally {
    await context.close();
  }
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
