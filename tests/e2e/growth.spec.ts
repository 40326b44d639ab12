import { randomUUID } from "node:crypto";
import { expect, GOOGLE_TAG, isSaveResponse, linkFromOutbox, newMember, signedInAs, signIn, test } from "./fixtures";

test.describe("consent", () => {
  test.use({ withConsent: false });

  test("refusing is as easy as accepting, no third-party request leaves, the choice persists and can be reopened", async ({ page }) => {
    const foreign: string[] = [];
    page.on("request", (r) => {
      const host = new URL(r.url()).hostname;
      if (host !== "127.0.0.1" && host !== "localhost") foreign.push(r.url());
    });
    await page.goto("/");
    const banner = page.getByRole("dialog", { name: "Tes cookies, ton choix" });
    await expect(banner.getByRole("button", { name: "Tout refuser" })).toBeVisible();
    await expect(banner.getByRole("button", { name: "Tout accepter" })).toBeVisible();
    await banner.getByRole("button", { name: "Tout refuser" }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole("dialog", { name: "Tes cookies, ton choix" })).toBeHidden();
    expect((await page.context().cookies()).find((c) => c.name === "cr_consent")?.value).toMatch(/^v1\.0\.0\./);
    await page.getByRole("button", { name: "Gérer les cookies" }).click();
    await expect(page.getByRole("dialog", { name: "Tes cookies, ton choix" })).toBeVisible();
    expect(foreign).toEqual([]);
    await page.getByLabel(/Google Analytics/).check();
    await page.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await expect(page.getByRole("dialog", { name: "Tes cookies, ton choix" })).toBeHidden();
    expect((await page.context().cookies()).find((c) => c.name === "cr_consent")?.value).toMatch(/^v1\.1\.0\./);
    // once Google Analytics is accepted, only Google's tag (stubbed) may load
    expect(foreign.every((url) => url.startsWith("https://www.googletagmanager.com/gtag/js?id="))).toBe(true);
  });

  test("« Personnaliser » opens the choices without saving anything, and takes the keyboard to the first one", async ({ page }) => {
    const saves: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/consent")) saves.push(r.url());
    });
    const banner = page.getByRole("dialog", { name: "Tes cookies, ton choix" });
    for (const how of ["keyboard", "pointer"] as const) {
      await page.goto("/coup-de-crevarde");
      const customize = banner.getByRole("button", { name: "Personnaliser" });
      const pressed = await customize.elementHandle();
      if (how === "keyboard") await customize.press("Enter");
      else await customize.click();
      await expect(banner.getByRole("button", { name: "Enregistrer mes choix" })).toBeVisible();
      await expect(banner.getByLabel(/Google Analytics/)).toBeFocused();
      // the button pressed is gone: it was not turned into the submit button under the press
      expect(await pressed!.evaluate((el) => el.isConnected)).toBe(false);
      await expect(banner.getByLabel(/Google Analytics/)).not.toBeChecked();
      expect(saves).toEqual([]);
    }
    await banner.getByLabel(/Publicité/).check();
    await banner.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await expect(banner).toBeHidden();
    expect(saves).toHaveLength(1);
    expect((await page.context().cookies()).find((c) => c.name === "cr_consent")?.value).toMatch(/^v1\.0\.1\./);
  });

  test("accepting everything stores the choice", async ({ page }) => {
    await page.goto("/legal/cookies");
    await page.getByRole("dialog", { name: "Tes cookies, ton choix" }).getByRole("button", { name: "Tout accepter" }).click();
    await expect(page.getByRole("dialog", { name: "Tes cookies, ton choix" })).toBeHidden();
    expect((await page.context().cookies()).find((c) => c.name === "cr_consent")?.value).toMatch(/^v1\.1\.1\./);
  });
});

test.describe("Google Analytics", () => {
  test.use({ withConsent: false });

  test("with consent, every hit reaches the data layer as an Arguments object, the only shape gtag.js reads", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "cr_consent", value: `v1.1.0.${Math.floor(Date.now() / 1000)}`, url: baseURL! }]);
    const tags: string[] = [];
    page.on("request", (r) => {
      if (GOOGLE_TAG.test(r.url())) tags.push(r.url());
    });
    /** What the data layer holds: each entry's type and its command, event name or ID. */
    const dataLayer = () =>
      page.evaluate(() =>
        (window.dataLayer ?? []).map((entry) => ({
          type: Object.prototype.toString.call(entry),
          head: Array.from(entry as ArrayLike<unknown>)
            .slice(0, 2)
            .map((v) => (v instanceof Date ? "date" : v)),
          pagePath: ((entry as ArrayLike<unknown>)[2] as { page_path?: string } | undefined)?.page_path ?? null,
        })),
      );
    await page.goto("/marques");
    // the tag set-up and the first page view, whatever their shape
    await expect.poll(async () => (await dataLayer()).length).toBe(3);
    // a client-side navigation sends its own page view
    await page.getByRole("link", { name: "Connexion" }).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/auth\?fresh=true$/);
    await expect.poll(async () => (await dataLayer()).length).toBe(4);

    const entries = await dataLayer();
    expect(entries.map((e) => e.type)).toEqual(["[object Arguments]", "[object Arguments]", "[object Arguments]", "[object Arguments]"]);
    expect(entries.map((e) => e.head)).toEqual([
      ["js", "date"],
      ["config", "G-E2ETEST01"],
      ["event", "page_view"],
      ["event", "page_view"],
    ]);
    expect(entries.map((e) => e.pagePath).filter(Boolean)).toEqual(["/marques", "/auth?fresh=true"]);
    expect(tags).toEqual(["https://www.googletagmanager.com/gtag/js?id=G-E2ETEST01"]);
  });

  test("without consent, the Google tag never loads and the data layer stays empty; the first-party page views still count", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "cr_consent", value: `v1.0.1.${Math.floor(Date.now() / 1000)}`, url: baseURL! }]);
    const tags: string[] = [];
    const views: string[] = [];
    page.on("request", (r) => {
      if (GOOGLE_TAG.test(r.url())) tags.push(r.url());
      // the anonymous first-party measurement, without any consent
      if (new URL(r.url()).pathname === "/analytics") views.push((JSON.parse(r.postData() ?? "{}") as { path?: string }).path ?? "");
    });
    await page.goto("/marques");
    await expect(page.getByRole("link", { name: "Connexion" }).filter({ visible: true }).first()).toBeVisible();
    await page.getByRole("link", { name: "Connexion" }).filter({ visible: true }).first().click();
    await expect(page).toHaveURL(/\/auth\?fresh=true$/);
    expect(await page.evaluate(() => (window.dataLayer ?? []).filter((e) => Array.from(e as ArrayLike<unknown>)[0] === "config").length)).toBe(0);
    expect(tags).toEqual([]);
    await expect.poll(() => views, { timeout: 15_000 }).toEqual(["/marques", "/auth?fresh=true"]);
  });
});

test("newsletter on /temu: an invalid e-mail is refused in French; the owner confirms by the e-mailed link (double opt-in), then the welcome e-mail's link unsubscribes without an account", async ({ page, browser, baseURL }) => {
  // two e-mails go through the job queue and are read from the outbox: on a loaded CI machine this takes over 45 s
  test.slow();
  await page.goto("/temu");
  const field = page.getByLabel("Ton adresse email");
  await field.fill("pas-un-email");
  await page.getByRole("button", { name: "Je veux économiser" }).click();
  await expect(page.getByText("L'adresse email n'est pas valide.")).toBeVisible();
  await expect(field).toHaveValue("pas-un-email");

  const email = `desabo-${randomUUID().slice(0, 8)}@example.fr`;
  await field.fill(email);
  await page.getByRole("button", { name: "Je veux économiser" }).click();
  await expect(page.getByText("Vérifie ta boîte mail", { exact: false })).toBeVisible();
  // confirm first: the link of the confirmation e-mail, then the button on the page it opens
  const confirm = await linkFromOutbox(browser, baseURL!, email, /Confirme ton inscription à la newsletter/);
  expect(confirm).toContain("/newsletter/confirmation?token=");
  await page.goto(confirm);
  await expect(page.getByText(`Recevoir la newsletter à l'adresse ${email} ?`)).toBeVisible();
  await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await expect(page.getByRole("status")).toContainText(`C'est confirmé : ${email} recevra nos bons plans.`);

  const link = await linkFromOutbox(browser, baseURL!, email, /Bienvenue dans la newsletter/);
  expect(link).toContain("/newsletter/desinscription?token=");
  await page.goto(link);
  await expect(page.getByText(`Ne plus recevoir la newsletter à l'adresse ${email} ?`)).toBeVisible();
  await page.getByRole("button", { name: "Me désinscrire" }).click();
  await expect(page.getByRole("status")).toContainText(`C'est fait : ${email} ne recevra plus la newsletter.`);
  await page.goto(link);
  await expect(page.getByText(`L'adresse ${email} ne reçoit déjà plus la newsletter.`)).toBeVisible();
});

/** The "Clics sortants (N)" total of the admin dashboard. */
async function clickOutTotal(page: import("@playwright/test").Page) {
  await page.goto("/admin");
  const legend = await page.getByText(/^Clics sortants \(\d+\)$/).textContent();
  return Number(legend!.match(/\d+/)![0]);
}

test("following a deal's link goes through /kpi to the partner and the click is recorded @chromium", async ({ page, browser, baseURL }) => {
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signedInAs(admin, "admin", "/admin");
  await admin.waitForURL((url) => url.pathname === "/admin");
  const before = await clickOutTotal(admin);

  // the partner site is stubbed: nothing leaves the machine
  const landed: string[] = [];
  await page.route(/^https:\/\/(www\.|fr\.)?(temu|shein|aliexpress)\.com\//, (route) => {
    landed.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<title>Partenaire</title><h1>Partenaire</h1>" });
  });
  await page.goto("/coup-de-crevarde?q=legging");
  const link = page.getByRole("article").first().getByRole("link", { name: "Voir le deal" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/kpi\?destination=/);
  await link.click();
  await expect(page.getByRole("heading", { name: "Partenaire" })).toBeVisible();
  expect(landed).toHaveLength(1);
  expect(landed[0]).toBe(new URL(href!, baseURL).searchParams.get("destination"));

  // the click is recorded in the background: poll until it shows (generous under load)
  await expect(async () => expect(await clickOutTotal(admin)).toBeGreaterThan(before)).toPass({ timeout: 30_000 });
  await adminContext.close();
});

test("/kpi refuses unknown destinations with an explanation", async ({ page }) => {
  // one in the browser: every other refused destination is in tests/integration/growth.test.ts
  const response = await page.goto(`/kpi?destination=${encodeURIComponent("//evil.example")}&action=test`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "Lien non autorisé" })).toBeVisible();
  expect(new URL(page.url()).hostname).toBe("127.0.0.1");
});

test("a member saves a deal and finds it in /mes-deals", async ({ page, browser, baseURL }) => {
  // a member of this test's own: the demo member's saves change under other specs running at the same time
  const email = await newMember(page, browser, baseURL!, "sauveur");
  await signIn(page, { email, password: "Rouge-gorge 2025" }, "/auth?redirect=%2Fmes-deals");
  await expect(page).toHaveURL(/\/mes-deals$/);
  await expect(page.getByText("Tu n'as encore rien sauvegardé.")).toBeVisible();
  await page.goto("/coup-de-crevarde?q=miroir");
  // the button shows the new state while the save is still on its way: wait for the server's answer
  let saved = page.waitForResponse(isSaveResponse);
  await page.getByRole("button", { name: "Sauvegarder" }).first().click();
  expect((await saved).status()).toBeLessThan(400);
  await expect(page.getByRole("button", { name: "Sauvegardé" }).first()).toBeVisible();
  await page.goto("/mes-deals");
  await expect(page.getByRole("heading", { name: "Miroir lumineux LED grossissant" })).toBeVisible();
  saved = page.waitForResponse(isSaveResponse);
  await page.getByRole("button", { name: "Sauvegardé" }).first().click();
  expect((await saved).status()).toBeLessThan(400);
  await page.reload();
  await expect(page.getByText("Tu n'as encore rien sauvegardé.")).toBeVisible();
});
