import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { test as base, expect, type Browser, type BrowserContext, type Page, type Response } from "@playwright/test";

/** Console errors and CSP violations seen by the page during a test. */
export function collectConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

/** A consent choice already made (so the banner does not cover the page), unless a test opts out. */
export function consentCookie(baseURL: string) {
  return { name: "cr_consent", value: `v1.0.0.${Math.floor(Date.now() / 1000)}`, url: baseURL };
}

/** Google's tag and measurement hosts (stubbed in every test context). */
export const GOOGLE_TAG = /^https:\/\/www\.(googletagmanager|google-analytics)\.com\//;

/**
 * A server-rendered page is shown before its JavaScript runs: hydration starts
 * after the first paint (app/lib/document-stream.server.ts). A test that goes to
 * a page, then clicks, waits for it, as a person waits for the page to respond.
 */
async function waitForHydration(page: Page, response: Response | null) {
  if (!response || !(response.headers()["content-type"] ?? "").startsWith("text/html")) return;
  try {
    await hydrated(page);
  } catch (error) {
    // the page went on to another document (a redirect by script): that one is waited for by whatever follows
    if (!/Execution context was destroyed|navigat/i.test(String(error))) throw error;
  }
}

/**
 * Resolves once the page and its consent choices are hydrated (they hydrate once their own chunk has arrived,
 * after the page's: issue #38 item 4). It listens to the document's changes instead of polling on every animation
 * frame, which made the renderer draw frames beside the hydration it waited for.
 */
const hydrated = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const done = () =>
          document.querySelector('script[type="module"]') === null ||
          (document.documentElement.dataset.hydrated === "true" && document.querySelector('[data-consent-banner]:not([data-hydrated="true"])') === null);
        if (done()) return resolve();
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
      }),
  );

/**
 * Waits until `page` is at `pathname` (a sign-in's redirect, say) and that document
 * is hydrated: a click on a button that opens a dialog is not lost to a page still
 * waiting for its JavaScript on a loaded machine.
 */
export async function arriveAt(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname);
  await hydrated(page);
}

export const test = base.extend<{ withConsent: boolean }>({
  withConsent: [true, { option: true }],
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) hydratingNavigation(page);
    await use(page);
  },
  context: async ({ context, withConsent, baseURL }, use) => {
    await prepareContext(context, baseURL!, withConsent);
    await use(context);
  },
});

/** page.goto and page.reload wait for hydration (the fixtures' page does; a page of another context opts in). */
export function hydratingNavigation(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await waitForHydration(page, response);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await waitForHydration(page, response);
    return response;
  };
  return page;
}

/** A visitor of its own to the per-IP rate limits (the server trusts loopback proxies). */
export const visitorAddress = () => `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;

/**
 * What every test context gets: its own visitor address, and either the consent cookie (analytics refused) or,
 * for a test that starts without a choice, Google's hosts stubbed.
 *
 * The e2e server has a test GA measurement ID, so a context that may accept analytics must not reach Google: its
 * tag is stubbed there and nothing leaves the machine. Only there: a context with a route has Playwright take
 * every one of its requests through the test process and turn the browser's HTTP cache off, which made each
 * navigation fetch every script again.
 */
export async function prepareContext(context: BrowserContext, baseURL: string, withConsent = true) {
  if (withConsent) await context.addCookies([consentCookie(baseURL)]);
  else await context.route(GOOGLE_TAG, (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
  await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
}
export { expect };

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

export const DEMO_MEMBER = { email: "membre@crevarde.local", password: "CrevardeMembre2025!" };
export const DEMO_ADMIN = { email: "admin@crevarde.local", password: "CrevardeAdmin2025!" };
const DEMO_EDITOR = { email: "editeur@crevarde.local", password: "CrevardeEditeur2025!" };
const DEMO_FINANCE = { email: "finance@crevarde.local", password: "CrevardeFinance2025!" };

export const DEMO_ACCOUNTS = { admin: DEMO_ADMIN, member: DEMO_MEMBER, editor: DEMO_EDITOR, finance: DEMO_FINANCE };
export type DemoRole = keyof typeof DEMO_ACCOUNTS;

/** Where the sign-in setup (sessions.setup.ts) keeps each demo account's session. */
export const sessionFile = (role: DemoRole) => path.resolve(import.meta.dirname, "../../test-reports/e2e-sessions", `${role}.json`);

/**
 * Goes to `path` signed in as a demo account, with the session that account's sign-in
 * made once for the run (sessions.setup.ts); `/codes-promo` is where a sign-in lands.
 * Signing in through the form is tested on its own (accounts.spec.ts, account-flows.spec.ts).
 */
export async function signedInAs(page: Page, role: DemoRole, to = "/codes-promo") {
  const { cookies } = JSON.parse(await fs.readFile(sessionFile(role), "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] };
  // only the session: the consent choice stays the test's own
  await page.context().addCookies(cookies.filter((c) => c.name !== "cr_consent"));
  await page.goto(to);
}

export async function signIn(page: Page, account: { email: string; password: string }, path = "/auth?fresh=true") {
  await page.goto(path);
  const form = page.getByRole("form", { name: "Connexion" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Se connecter" }).click();
}

/** Whether the page cancelled a right-click on the first element matching `selector`. */
export function contextMenuCancelled(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    return !el.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true }));
  }, selector);
}

/** Whether the page cancelled an F12 key press. */
export function f12Cancelled(page: Page) {
  return page.evaluate(() => !document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "F12", bubbles: true, cancelable: true })));
}

/** The newest link for `email` in the outbox, read by an admin on /email-test (no SMTP in the demo). */
/** The site links of the newest outbox e-mail to `email` whose subject matches, as an admin reads them on /email-test (token links first). */
export async function outboxLinks(browser: Browser, baseURL: string, email: string, kind: RegExp): Promise<string[]> {
  const context = await browser.newContext({ baseURL });
  await prepareContext(context, baseURL);
  const admin = await context.newPage();
  await signedInAs(admin, "admin", "/email-test");
  await expect(admin).toHaveURL(/\/email-test$/);
  const item = admin.locator(`li[data-to="${email}"]`).filter({ hasText: kind }).first();
  await expect(item).toBeVisible();
  const links = await item.locator("a").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
  await context.close();
  return links.filter(Boolean);
}

export async function linkFromOutbox(browser: Browser, baseURL: string, email: string, kind: RegExp): Promise<string> {
  const [href] = await outboxLinks(browser, baseURL, email, kind);
  expect(href).toBeTruthy();
  return href!;
}

/** Sign up through the /auth form and wait for the neutral "check your mailbox" screen. */
export async function signUp(page: Page, email: string, password: string, username = `Flo ${email.split("@")[0]}`.slice(0, 40)) {
  await page.goto("/auth?tab=signup");
  const form = page.getByRole("form", { name: "Inscription" });
  await form.getByLabel("Pseudo").fill(username);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Mot de passe", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("status").getByText("Vérifie ton email pour confirmer ton compte.")).toBeVisible();
}

/** A new verified member (sign-up, then the confirmation link of the outbox); not signed in yet (see `signIn`); returns their e-mail. */
export async function newMember(page: Page, browser: Browser, baseURL: string, name: string, password = "Rouge-gorge 2025") {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.fr`;
  await signUp(page, email, password);
  await page.goto(await linkFromOutbox(browser, baseURL, email, /Confirme ton adresse/));
  await expect(page).toHaveURL(/\/auth\?verified=true/);
  return email;
}

/** The page is no wider than the viewport (nothing scrolls sideways). */
export const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

/** The answer to a save or unsave (POST /mes-deals, as a fetcher's .data request or a plain form post). */
export const isSaveResponse = (response: Response) =>
  response.request().method() === "POST" && /^\/mes-deals(\.data)?$/.test(new URL(response.url()).pathname);
