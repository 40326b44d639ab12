import fs from "node:fs";
import path from "node:path";
import { DEMO_MEMBER, expect, signedInAs, test } from "./fixtures";

// Issue #38 item 4: what no one needs before the first interaction loads after the page (ADR 027). These tests
// check that those parts are not among the page's startup scripts, and that their first interaction still works.

/**
 * The scripts a page's HTML starts with: the module preloads it announces (app/lib/document-stream.server.ts moves
 * them into a script, after the first paint); those import() adds later are not counted.
 */
async function startupScripts(page: import("@playwright/test").Page, pathname: string): Promise<string[]> {
  const html = await (await page.request.get(pathname)).text();
  const list = /const modulePreloads = (\[[^\]]*\]);/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/** The built chunk whose name starts with `name` (build/client/assets). */
function chunk(name: string) {
  const file = fs.readdirSync(path.resolve("build/client/assets")).find((f) => f.startsWith(`${name}-`) && f.endsWith(".js"));
  if (!file) throw new Error(`No chunk ${name}-*.js in build/client/assets: run \`npm run build\` first.`);
  return `/assets/${file}`;
}

test("a member's « Mon compte » opens on the first click made before its menu has loaded @layout", async ({ page }) => {
  // hold the menu's chunk until the click: the click lands on the button the page rendered, not on Radix's
  let release!: () => void;
  const clicked = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${chunk("user-menu")}`, async (route) => {
    await clicked;
    await route.continue();
  });
  await signedInAs(page, "member", "/");
  const scripts = await startupScripts(page, "/");
  expect(scripts).toContain(chunk("header"));
  expect(scripts).not.toContain(chunk("user-menu"));
  const trigger = page.getByRole("button", { name: /Mon compte \(Camille\)/ });
  await expect(trigger).toHaveAttribute("data-account-menu", "loading");
  await trigger.click();
  release();
  // one click, no retry: the menu opens once its chunk has arrived
  await expect(page.getByRole("menu")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Profil" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
});

test("a toast flashed by a form posted without JavaScript shows on the next page, sonner loading with it", async ({ page, baseURL }) => {
  await page.goto("/blog");
  const scripts = await startupScripts(page, "/blog");
  expect(scripts).toContain(chunk("header"));
  expect(scripts).not.toContain(chunk("toaster"));
  // a document POST, as a browser without JavaScript sends it: the answer is a redirect carrying the toast's cookie
  const response = await page.request.post("/auth?fresh=true", {
    form: { intent: "login", email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
    headers: { origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["set-cookie"]).toContain("cr_toast=");
  await page.goto("/blog");
  await expect(page.getByText("Connexion réussie")).toBeVisible();
});

test("the public layout starts without the consent choices, the error page and the header's search field @layout", async ({ page }) => {
  await page.goto("/");
  const scripts = await startupScripts(page, "/");
  expect(scripts.length).toBeGreaterThan(5);
  for (const lazy of ["consent-choices", "error-page", "lazy-search-box", "user-menu", "mobile-drawer", "protect"])
    expect(scripts, lazy).not.toContain(chunk(lazy));
  // the header's search field loads with its toggle, focused and suggesting
  await page.getByRole("link", { name: "Rechercher sur Crevarde" }).click();
  const field = page.getByRole("combobox", { name: "Rechercher sur Crevarde" });
  await expect(field).toBeFocused();
  await field.pressSequentially("pinc");
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toBeVisible();
});

test.describe("a first visit", () => {
  test.use({ withConsent: false });

  test("the consent choices hydrate after the page and their first press works @layout", async ({ page }) => {
    await page.goto("/marques");
    const banner = page.getByRole("dialog", { name: "Tes cookies, ton choix" });
    await expect(banner).toHaveAttribute("data-hydrated", "true");
    await banner.getByRole("button", { name: "Personnaliser" }).click();
    await expect(banner.getByLabel(/Google Analytics/)).toBeFocused();
    await banner.getByRole("button", { name: "Tout refuser" }).click();
    await expect(banner).toBeHidden();
    expect((await page.context().cookies()).find((c) => c.name === "cr_consent")?.value).toMatch(/^v1\.0\.0\./);
  });

  test("a 404 is rendered by the server and hydrates once its chunk has arrived @layout", async ({ page }) => {
    const response = await page.goto("/cette-page-n-existe-pas");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Cette page s'est évaporée" })).toBeVisible();
    const scripts = await startupScripts(page, "/cette-page-n-existe-pas");
    expect(scripts).toContain(chunk("error-boundary"));
    expect(scripts).not.toContain(chunk("error-page"));
    await page.getByRole("link", { name: "Retourner aux bons plans" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("the public pages build no number formatter, collator or date formatter while they load and hydrate @layout", async ({ page }) => {
  // The first one a page builds loads the runtime's locale data in one long task (16–38 ms for a number formatter on
  // this machine kind before any CPU slowdown, ADR 056): counts and prices are written by frenchNumber, dates by the
  // server, names sorted on the server. Intl.PluralRules is cheap and stays.
  await page.addInitScript(() => {
    const built: string[] = [];
    Object.assign(window, { __localeDataLoads: built });
    for (const name of ["NumberFormat", "Collator", "DateTimeFormat"] as const) {
      const original = Intl[name];
      const record = () => built.push(`Intl.${name} ${new Error().stack?.split("\n")[4]?.trim() ?? ""}`);
      Object.defineProperty(Intl, name, {
        configurable: true,
        writable: true,
        value: new Proxy(original, {
          construct: (target, args, newTarget) => (record(), Reflect.construct(target, args, newTarget)),
          apply: (target, self, args) => (record(), Reflect.apply(target, self, args)),
        }),
      });
    }
    for (const [proto, method] of [
      [Number.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [String.prototype, "localeCompare"],
    ] as const) {
      const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[method];
      Object.defineProperty(proto, method, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          built.push(`${method} ${new Error().stack?.split("\n")[2]?.trim() ?? ""}`);
          return original.apply(this, args);
        },
      });
    }
  });
  for (const pathname of ["/", "/coup-de-crevarde", "/marques", "/blog", "/codes-promo"]) {
    await page.goto(pathname);
    // the wrappers are in place: a formatter built now is seen
    expect(await page.evaluate(() => (new Intl.NumberFormat("fr-FR").format(1), (window as unknown as { __localeDataLoads: string[] }).__localeDataLoads.splice(-1)))).toEqual([
      expect.stringContaining("Intl.NumberFormat"),
    ]);
    expect(await page.evaluate(() => (window as unknown as { __localeDataLoads: string[] }).__localeDataLoads), pathname).toEqual([]);
  }
});
