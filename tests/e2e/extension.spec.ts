import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import type { ExtensionShopList } from "../../app/modules/extension/extension-shops";
import { CASHBACK_STUB_BRAND, cashbackStubPort } from "./cashback-fixture";
import { expect, sessionFile, test } from "./fixtures";

/**
 * The real extension (issue #40 item 8, ADR 050), built by `npm test` for this server's address
 * (scripts/test.mjs) and loaded into Debian's Chromium. A fake shop is served on loopback under the
 * stub partner's real host name (tests/e2e/cashback-fixture.ts), and another under a host no
 * partner has, both mapped with --host-resolver-rules.
 */
const EXTENSION_DIR = path.resolve("build/extension");
const SHOP_HOST = new URL(CASHBACK_STUB_BRAND.websiteUrl).hostname;
const OTHER_HOST = "www.boutique-sans-partenariat.fr";
const RATE_LINE = `7\u00a0% de cashback chez ${CASHBACK_STUB_BRAND.name}`;

let shop: http.Server;
let shopPort: number;
/** what the fake shops were asked: the extension must ask them nothing */
const shopRequests: string[] = [];

test.beforeAll(async () => {
  const { baseURL } = test.info().project.use;
  const background = path.join(EXTENSION_DIR, "background.js");
  const built = fs.existsSync(background) ? fs.readFileSync(background, "utf8") : "";
  expect(built.includes(JSON.stringify(baseURL)), `build/extension is not built for ${baseURL}: run CREVARDE_URL=${baseURL} npm run build:extension`).toBe(true);
  shop = http.createServer((request, response) => {
    shopRequests.push(`${request.headers.host}${request.url}`);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="fr"><title>Boutique</title><h1>Huile prodigieuse</h1>` +
        `<p><a id="cart" href="/panier?article=42">Ajouter au panier</a></p></html>`,
    );
  });
  await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
  shopPort = (shop.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise((resolve) => shop.close(resolve));
});

/** Chromium with the extension, a fresh profile (a new browsing session) for each test. */
async function launch(testInfo: TestInfo): Promise<BrowserContext> {
  const launchOptions = testInfo.project.use.launchOptions ?? {};
  return chromium.launchPersistentContext(testInfo.outputPath("profile"), {
    executablePath: launchOptions.executablePath,
    headless: true,
    locale: "fr-FR",
    args: [
      ...(launchOptions.args ?? []),
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      `--host-resolver-rules=MAP ${SHOP_HOST} 127.0.0.1:${shopPort}, MAP ${OTHER_HOST} 127.0.0.1:${shopPort}`,
    ],
  });
}

const bannerOf = (page: Page) => page.getByRole("region", { name: "Crevarde" });

test.describe("the Crevarde extension", () => {
  let context: BrowserContext;
  test.beforeEach(async () => {
    context = await launch(test.info());
  });
  test.afterEach(async () => {
    await context.close();
  });

  test("reminds on a partner shop with its rate and codes, and moves nothing without a click; adds nothing elsewhere", async () => {
    const activations: string[] = [];
    context.on("request", (request) => {
      if (request.url().includes("/cashback/activer/")) activations.push(request.url());
    });
    const seen = shopRequests.length;
    const other = await context.newPage();
    await other.goto(`http://${OTHER_HOST}/`);
    const page = await context.newPage();
    const productUrl = `http://${SHOP_HOST}/huile?taille=50ml`;
    await page.goto(productUrl);
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(RATE_LINE);
    await expect(banner).toContainText("Aucun code promo sur Crevarde en ce moment");
    await expect(banner.getByRole("button", { name: "Activer le cashback" })).toBeVisible();
    const close = banner.getByRole("button", { name: "Fermer le rappel Crevarde" });
    await close.focus();
    await expect(close).toBeFocused();
    // nothing moved: the address, the page's links, its cookies; no activation, nothing asked of the shop
    expect(page.url()).toBe(productUrl);
    await expect(page.locator("#cart")).toHaveAttribute("href", "/panier?article=42");
    expect(await context.cookies()).toEqual([]);
    expect(activations).toEqual([]);
    expect(shopRequests.slice(seen).filter((r) => !r.endsWith("/favicon.ico"))).toEqual([`${OTHER_HOST}/`, `${SHOP_HOST}/huile?taille=50ml`]);
    // the shop without a partnership: no element added (its content script asked first, the shop's banner came after)
    await expect(other.locator("crevarde-reminder")).toHaveCount(0);
    await close.click();
    await expect(banner).toHaveCount(0);
  });

  test("stands aside when the landing address carries another affiliate's parameter", async () => {
    const landing = `http://${SHOP_HOST}/?awc=12345_1700000000_abcdef&utm_source=awin`;
    const page = await context.newPage();
    await page.goto(landing);
    const banner = bannerOf(page);
    await expect(banner).toContainText("Un autre lien partenaire est déjà actif");
    await expect(banner).toContainText(RATE_LINE);
    await expect(banner.getByRole("button", { name: "Activer le cashback" })).toHaveCount(0);
    expect(page.url()).toBe(landing);
  });

  test("« Activer le cashback » opens the site's activation of the shop's programme, on the click", async ({ baseURL }) => {
    const list = (await (await fetch(`${baseURL}/api/extension/marchands`)).json()) as ExtensionShopList;
    const programId = list.shops.find((s) => s.name === CASHBACK_STUB_BRAND.name)!.programId;
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/`);
    const activation = page.waitForRequest(`${baseURL}/cashback/activer/${programId}`);
    await bannerOf(page).getByRole("button", { name: "Activer le cashback" }).click();
    await activation;
    // signed out: the site's own session asks to sign in, then goes on to this activation
    await expect(page).toHaveURL(`${baseURL}/auth?redirect=${encodeURIComponent(`/cashback/activer/${programId}/suite`)}`);
  });

  test("a signed-in member's « Activer le cashback » reaches the partner network with a click id, and back on the shop says « Cashback activé »", async ({ baseURL }) => {
    // the demo member's session of this run (sessions.setup.ts), in the extension's browser
    const { cookies } = JSON.parse(await fsp.readFile(sessionFile("member"), "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] };
    await context.addCookies(cookies.filter((c) => c.name !== "cr_consent"));
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/`);
    await bannerOf(page).getByRole("button", { name: "Activer le cashback" }).click();
    await expect(page.getByRole("heading", { name: "Réseau stub" })).toBeVisible();
    expect(new URL(page.url()).port).toBe(String(cashbackStubPort(new URL(baseURL!).port)));
    await expect(page.locator("#clickref")).toHaveText(/^c[0-9A-Za-z]{20}$/);
    // where the network sends the shopper on: the shop, with its click checksum
    await page.goto(`http://${SHOP_HOST}/?awc=12345_1700000000_e2e`);
    const banner = bannerOf(page);
    await expect(banner).toContainText("Cashback activé");
    await expect(banner).not.toContainText("Un autre lien partenaire");
    await expect(banner.getByRole("button", { name: "Activer le cashback" })).toHaveCount(0);
  });
});

test("the popup links to « Mon cashback » and to what the extension reads and sends, on the site it was built for", async ({ baseURL }) => {
  const context = await launch(test.info());
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const page = await context.newPage();
    await page.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
    await expect(page.getByRole("heading", { name: "Crevarde" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Mon cashback" })).toHaveAttribute("href", `${baseURL}/mon-cashback`);
    const words = page.getByRole("link", { name: "Ce que l'extension lit et envoie" });
    await expect(words).toHaveAttribute("href", `${baseURL}/extension`);
    await page.goto(`${baseURL}/extension`);
    await expect(page.getByRole("heading", { level: 1, name: "L'extension Crevarde pour ton navigateur" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ce qu'elle envoie" })).toBeVisible();
    await expect(page.getByText("de nouveau au plus tôt après une heure")).toBeVisible();
    await expect(page.getByText("Les encadrés que tu as fermés : pendant 24 heures")).toBeVisible();
  } finally {
    await context.close();
  }
});
