import { contextMenuCancelled, expect, f12Cancelled, signedInAs, test } from "./fixtures";

// The offer ends on 25 May 2025 23:59:59 Europe/Paris (the seeded setting).
const END = Date.parse("2025-05-25T23:59:59+02:00");

test("the /temu countdown ticks every second on a mocked clock, hides days at zero and disappears when the offer ends", async ({ page }) => {
  const start = END - (2 * 86_400 + 3 * 3_600 + 4 * 60 + 5) * 1000;
  await page.clock.install({ time: start - 60_000 });
  await page.goto("/temu");
  const banner = page.getByTestId("countdown");
  await expect(banner).toBeVisible();
  await page.clock.pauseAt(start);
  await expect(banner).toHaveText("L'offre se termine dans 2j 03h 04min 05s");
  await expect(page.getByRole("heading", { name: "Cette offre est terminée" })).toHaveCount(0);
  // the period comes from the offer's settings (issue #11 item 6)
  await expect(page.getByText("Valable du 14 au 25 mai 2025").first()).toBeVisible();
  await page.clock.runFor(1000);
  await expect(banner).toHaveText("L'offre se termine dans 2j 03h 04min 04s");
  // jump to three seconds before the end: no days shown any more
  await page.clock.fastForward((2 * 86_400 + 3 * 3_600 + 4 * 60 + 1) * 1000);
  await expect(banner).toHaveText("L'offre se termine dans 00h 00min 03s");
  await page.clock.runFor(3000);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cette offre est terminée");
  await expect(page.getByRole("link", { name: "J'en profite sur Temu" })).toHaveCount(0);
});

test("after the end date /temu says first that the offer has ended and no longer sells it", async ({ page, request }) => {
  const html = await (await request.get("/temu")).text();
  expect(html).not.toContain('"@type":"Offer"');
  expect(html).not.toContain("J&#x27;en profite sur Temu");
  await page.goto("/temu");
  // the first heading of the page says it
  await expect(page.locator("main h1, main h2").first()).toHaveText("Cette offre est terminée");
  await expect(page.getByText("L'offre spéciale Fête des Mères sur Temu a pris fin le 25 mai 2025")).toBeVisible();
  await expect(page.getByTestId("countdown")).toHaveCount(0);
  await expect(page.locator("main code")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Copier" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "J'en profite sur Temu" })).toHaveCount(0);
  await expect(page.locator("main").getByText(/cashback/i)).toHaveCount(0);
  await page.getByRole("link", { name: "Voir les deals du jour" }).click();
  await expect(page).toHaveURL(/\/coup-de-crevarde$/);
});

test("a member copies a /temu coupon and its link goes through /kpi with a temu_ action", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInAs(page, "member");
  await expect(page).toHaveURL(/\/codes-promo$/);
  // while the offer runs (on the visitor's clock: the seeded offer ended on 25 May 2025)
  await page.clock.install({ time: END - 86_400_000 });
  await page.goto("/temu");
  const coupon = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Coupon 100€" }) });
  await expect(coupon.locator("code")).toHaveText("ACS792016");
  await coupon.getByRole("button", { name: "Copier" }).click();
  await expect(coupon.getByRole("button", { name: "Copié" })).toBeVisible();
  await expect(page.getByText("Code copié !")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("ACS792016");
  const href = await coupon.getByRole("link", { name: "J'en profite sur Temu" }).getAttribute("href");
  const url = new URL(href!, "http://x");
  expect(url.pathname).toBe("/kpi");
  expect(url.searchParams.get("destination")).toBe("https://www.temu.com/fr");
  expect(url.searchParams.get("action")).toBe("temu_coupon_100");
});

test("visitors see the /temu coupons masked, with the prompt to sign up", async ({ page, request }) => {
  const html = await (await request.get("/temu")).text();
  expect(html).not.toContain("ACS792016");
  await page.clock.install({ time: END - 86_400_000 });
  await page.goto("/temu");
  await expect(page.locator("code").first()).toHaveText(/^ACS7\*+$/);
  await expect(page.getByRole("link", { name: "Crée ton compte pour débloquer le code" }).first()).toBeVisible();
});

test("content protection is on by default and never blocks a form", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-protected", "true");
  // the attribute comes with the server's HTML; the listeners attach once protect() has loaded, after hydration
  await expect.poll(() => contextMenuCancelled(page, "main h1")).toBe(true);
  expect(await f12Cancelled(page)).toBe(true);
  expect(await contextMenuCancelled(page, 'input[type="email"]')).toBe(false);
  // the newsletter form still works from the keyboard
  const field = page.getByLabel("Ton adresse email");
  await field.focus();
  await page.keyboard.type(`protege-${Date.now()}@example.fr`);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Plus qu'une étape !")).toBeVisible();
  await expect(field).toHaveValue("");
  // and so does the deals search
  await page.goto("/coup-de-crevarde");
  await page.getByRole("searchbox", { name: "Rechercher un deal" }).fill("legging");
  await expect(page.getByRole("heading", { level: 3 })).toHaveText(["Legging de sport taille haute"]);
});
