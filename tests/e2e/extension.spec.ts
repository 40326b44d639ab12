import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { CHROMIUM } from "./browsers";
import type { ExtensionShopList } from "#app/modules/extension/extension-shops";
import { CASHBACK_STUB_BRAND, cashbackStubPort, STUB_CHECKOUT } from "./cashback-fixture";
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

/**
 * The fake shop's checkouts (issue #40 item 6, ADR 050 §Codes at checkout), each with a total of 50 € and the stub
 * brand's selectors:
 * - `/panier`: a coupon field whose endpoint accepts STUB_CHECKOUT.goodCode (-10 €) and refuses the others (the shop
 *   then drops any code applied before, as many do), the page updated in place;
 * - `/panier-en-panne`: every code answered with the shop's error page;
 * - `/panier-tardif`: the same coupon form, rendered only once the shop's cart request answers, which the test holds
 *   until the extension has looked at the page (after document_idle);
 * - `/panier-cumul`: a checkout that stacks codes, each applied one listed with its « Retirer » button; it also takes
 *   STUB_CHECKOUT.badCodes[0], for nothing off;
 * - `/panier-rechargee`: a plain form POST, answered by the server with the new page (the shop's error page with
 *   `?panne=1`), as a checkout that reloads the page on each code.
 */
const id = (selector: string) => selector.slice(1);
const PAGE_HEAD = `<!doctype html><html lang="fr"><title>Panier</title>`;

function inPlaceCheckout(kind: "fetch" | "broken" | "late"): string {
  const { selectors } = STUB_CHECKOUT;
  const form =
    `<label>Code promo <input id="${id(selectors.couponInput)}" name="coupon"></label>` +
    `<button id="${id(selectors.applyButton)}" type="button">Appliquer</button><p id="${id(selectors.couponError)}" hidden></p>`;
  return (
    `${PAGE_HEAD}<main id="checkout"><h1>Ton panier</h1>` +
    `<p>Total : <span id="${id(selectors.total)}">${STUB_CHECKOUT.startTotal}</span></p>` +
    `<div id="coupon-zone">${kind === "late" ? "" : form}</div></main>` +
    `<script>
      function wire() {
        const input = document.getElementById(${JSON.stringify(id(selectors.couponInput))});
        const total = document.getElementById(${JSON.stringify(id(selectors.total))});
        const error = document.getElementById(${JSON.stringify(id(selectors.couponError))});
        document.getElementById(${JSON.stringify(id(selectors.applyButton))}).addEventListener("click", async () => {
          const answer = await (await fetch(${JSON.stringify(kind === "broken" ? "/api/coupon-en-panne" : "/api/coupon")}, { method: "POST", body: input.value })).json();
          if (answer.error) {
            document.getElementById("checkout").outerHTML = '<h1 id="${id(selectors.errorPage)}">Une erreur est survenue</h1>';
          } else if (answer.total) {
            total.textContent = answer.total; error.hidden = true; error.textContent = "";
          } else {
            total.textContent = ${JSON.stringify(STUB_CHECKOUT.startTotal)}; error.hidden = false; error.textContent = "Ce code n'est pas valable.";
          }
        });
      }
      ${kind === "late" ? `fetch("/api/panier-tardif").then(() => { document.getElementById("coupon-zone").innerHTML = ${JSON.stringify(form)}; wire(); });` : "wire();"}
    </script></html>`
  );
}

function stackingCheckout(): string {
  const { selectors } = STUB_CHECKOUT;
  return (
    `${PAGE_HEAD}<main><h1>Ton panier</h1><p>Total : <span id="${id(selectors.total)}">${STUB_CHECKOUT.startTotal}</span></p>` +
    `<ul id="applied-coupons"></ul>` +
    `<label>Code promo <input id="${id(selectors.couponInput)}" name="coupon"></label>` +
    `<button id="${id(selectors.applyButton)}" type="button">Appliquer</button><p id="${id(selectors.couponError)}" hidden></p></main>` +
    `<script>
      const applied = new Map();
      const input = document.getElementById(${JSON.stringify(id(selectors.couponInput))});
      const total = document.getElementById(${JSON.stringify(id(selectors.total))});
      const error = document.getElementById(${JSON.stringify(id(selectors.couponError))});
      const list = document.getElementById("applied-coupons");
      function render() {
        let off = 0;
        list.replaceChildren(...[...applied].map(([code, discount]) => {
          off += discount;
          const li = document.createElement("li");
          const remove = document.createElement("button");
          remove.type = "button"; remove.className = ${JSON.stringify(id(selectors.removeCoupon))}; remove.textContent = "Retirer";
          remove.addEventListener("click", async () => {
            await fetch("/api/coupon-cumul/retrait", { method: "POST", body: code });
            applied.delete(code); render();
          });
          li.append(code + " ", remove);
          return li;
        }));
        total.textContent = ((5000 - off) / 100).toFixed(2).replace(".", ",") + " €";
      }
      document.getElementById(${JSON.stringify(id(selectors.applyButton))}).addEventListener("click", async () => {
        const code = input.value;
        const answer = await (await fetch("/api/coupon-cumul", { method: "POST", body: code })).json();
        if (answer.refused) { error.hidden = false; error.textContent = "Ce code n'est pas valable."; return; }
        error.hidden = true; error.textContent = "";
        applied.set(code, answer.discount); render();
      });
    </script></html>`
  );
}

function reloadingCheckout(answer: { code: string; broken: boolean } | null): string {
  const { selectors } = STUB_CHECKOUT;
  if (answer?.broken) return `${PAGE_HEAD}<h1 id="${id(selectors.errorPage)}">Une erreur est survenue</h1></html>`;
  const good = answer?.code === STUB_CHECKOUT.goodCode;
  const refused = answer !== null && !good;
  return (
    `${PAGE_HEAD}<main><h1>Ton panier</h1><p>Total : <span id="${id(selectors.total)}">${good ? STUB_CHECKOUT.goodTotal : STUB_CHECKOUT.startTotal}</span></p>` +
    `<form method="post"><label>Code promo <input id="${id(selectors.couponInput)}" name="coupon" value="${good ? answer.code : ""}"></label>` +
    `<button id="${id(selectors.applyButton)}" type="submit">Appliquer</button></form>` +
    `<p id="${id(selectors.couponError)}"${refused ? "" : " hidden"}>${refused ? "Ce code n'est pas valable." : ""}</p></main></html>`
  );
}

/** A shop's answer held until the test opens the gate: the late checkout's cart request, `/panier`'s coupon endpoint. */
function gate() {
  let open: () => void = () => {};
  let passed = Promise.resolve();
  return {
    hold: () => void (passed = new Promise<void>((resolve) => (open = resolve))),
    open: () => open(),
    then: (answer: () => void) => void passed.then(answer),
  };
}
const lateCart = gate();
const couponAnswer = gate();

const bodyOf = (request: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => resolve(body));
  });

test.beforeAll(async () => {
  const { baseURL } = test.info().project.use;
  const background = path.join(EXTENSION_DIR, "background.js");
  const built = fs.existsSync(background) ? fs.readFileSync(background, "utf8") : "";
  expect(built.includes(JSON.stringify(baseURL)), `build/extension is not built for ${baseURL}: run CREVARDE_URL=${baseURL} npm run build:extension`).toBe(true);
  shop = http.createServer((request, response) => {
    shopRequests.push(`${request.headers.host}${request.url}`);
    const url = new URL(request.url ?? "/", "http://shop");
    const html = (body: string) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(body);
    };
    const json = (body: unknown) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/api/coupon" || url.pathname === "/api/coupon-en-panne") {
      return void bodyOf(request).then((code) => {
        shopRequests.push(`coupon:${code}`);
        if (url.pathname === "/api/coupon-en-panne") return json({ error: true });
        couponAnswer.then(() => json(code === STUB_CHECKOUT.goodCode ? { total: STUB_CHECKOUT.goodTotal } : { refused: true }));
      });
    }
    if (url.pathname === "/api/coupon-cumul") {
      return void bodyOf(request).then((code) => {
        shopRequests.push(`coupon:${code}`);
        json(code === STUB_CHECKOUT.goodCode ? { discount: 1000 } : code === STUB_CHECKOUT.badCodes[0] ? { discount: 0 } : { refused: true });
      });
    }
    if (url.pathname === "/api/coupon-cumul/retrait") {
      return void bodyOf(request).then((code) => {
        shopRequests.push(`retrait:${code}`);
        json({ removed: true });
      });
    }
    if (url.pathname === "/api/panier-tardif") return lateCart.then(() => json({ ready: true }));
    if (url.pathname === "/panier" || url.pathname === "/panier-en-panne") return html(inPlaceCheckout(url.pathname === "/panier" ? "fetch" : "broken"));
    if (url.pathname === "/panier-tardif") return html(inPlaceCheckout("late"));
    if (url.pathname === "/panier-cumul") return html(stackingCheckout());
    if (url.pathname === "/panier-rechargee") {
      if (request.method !== "POST") return html(reloadingCheckout(null));
      return void bodyOf(request).then((body) => {
        const code = new URLSearchParams(body).get("coupon") ?? "";
        shopRequests.push(`coupon:${code}`);
        html(reloadingCheckout({ code, broken: url.searchParams.has("panne") }));
      });
    }
    html(
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
    // Chromium itself: the headless shell the other specs drive does not load extensions
    executablePath: CHROMIUM,
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

/** The demo member's session of this run (sessions.setup.ts), in the extension's browser. */
async function signInMember(context: BrowserContext) {
  const { cookies } = JSON.parse(await fsp.readFile(sessionFile("member"), "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] };
  await context.addCookies(cookies.filter((c) => c.name !== "cr_consent"));
}

const couponRequests = (since: number) => shopRequests.slice(since).filter((r) => r.startsWith("coupon:"));
const { selectors: CHECKOUT } = STUB_CHECKOUT;

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
    await expect(banner).toContainText("3 codes promo sur Crevarde");
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
    await signInMember(context);
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

test.describe("« Tester les codes » at the shop's checkout (issue #40 item 6)", () => {
  let context: BrowserContext;
  test.beforeEach(async () => {
    context = await launch(test.info());
  });
  test.afterEach(async () => {
    // a test that failed with a shop's answer held does not hold the next one's
    lateCart.open();
    couponAnswer.open();
    await context.close();
  });

  test("tries nothing before the click; on the click tries each code, applies the best and reports each result to « Ça a marché ? »", async ({ baseURL }) => {
    await signInMember(context);
    const seen = shopRequests.length;
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/panier`);
    const banner = bannerOf(page);
    const testCodes = banner.getByRole("button", { name: "Tester les codes" });
    await expect(testCodes).toBeVisible();
    await expect(banner).toContainText(RATE_LINE);
    await expect(banner).toContainText("3 codes promo sur Crevarde");
    await expect(banner.getByRole("button", { name: "Activer le cashback" })).toHaveCount(0);
    // nothing before the click: the field empty, the total untouched, the shop's coupon endpoint never asked
    await expect(page.locator(CHECKOUT.couponInput)).toHaveValue("");
    await expect(page.locator(CHECKOUT.total)).toHaveText(STUB_CHECKOUT.startTotal);
    expect(couponRequests(seen)).toEqual([]);

    await testCodes.click();
    const status = banner.getByRole("status");
    await expect(status).toContainText(`Meilleur code appliqué : ${STUB_CHECKOUT.goodCode}. Total : ${STUB_CHECKOUT.goodTotal} au lieu de ${STUB_CHECKOUT.startTotal} (3 codes testés).`);
    await expect(status).toContainText("Les résultats sont envoyés à Crevarde : ils comptent dans « Ça a marché ? ».");
    // the best code is the one the checkout shows: the refused codes after it made the shop drop it, so it was applied again
    await expect(page.locator(CHECKOUT.total)).toHaveText(STUB_CHECKOUT.goodTotal);
    await expect(page.locator(CHECKOUT.couponInput)).toHaveValue(STUB_CHECKOUT.goodCode);
    const tried = couponRequests(seen);
    expect(tried.at(-1)).toBe(`coupon:${STUB_CHECKOUT.goodCode}`);
    expect(tried.slice(0, -1).sort()).toEqual([STUB_CHECKOUT.goodCode, ...STUB_CHECKOUT.badCodes].map((c) => `coupon:${c}`).sort());

    // the site counts them as the member's answers to « Ça a marché ? »
    await page.goto(`${baseURL}/marques/${CASHBACK_STUB_BRAND.slug}`);
    const card = (code: string) => page.getByRole("article").filter({ hasText: code });
    await expect(card(STUB_CHECKOUT.goodCode)).toContainText("Ta réponse : ça a marché");
    for (const code of STUB_CHECKOUT.badCodes) await expect(card(code)).toContainText("Ta réponse : ça n'a pas marché");
  });

  test("signed out, tries nothing and says the codes are for members", async () => {
    const seen = shopRequests.length;
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/panier`);
    const banner = bannerOf(page);
    await banner.getByRole("button", { name: "Tester les codes" }).click();
    await expect(banner.getByRole("status")).toContainText("Les codes promo ne sont visibles que des membres : connecte-toi sur Crevarde");
    await expect(banner.getByRole("link", { name: "Me connecter sur Crevarde" })).toBeVisible();
    await expect(page.locator(CHECKOUT.couponInput)).toHaveValue("");
    expect(couponRequests(seen)).toEqual([]);
  });

  test("stops on the shop's error page: no further code is tried", async () => {
    await signInMember(context);
    const seen = shopRequests.length;
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/panier-en-panne`);
    const banner = bannerOf(page);
    await banner.getByRole("button", { name: "Tester les codes" }).click();
    await expect(banner.getByRole("status")).toContainText("La boutique affiche une page d'erreur : le test s'est arrêté (0 code testé avant l'erreur).");
    await expect(page.locator(CHECKOUT.errorPage)).toBeVisible();
    expect(couponRequests(seen)).toHaveLength(1);
  });

  const BEST_APPLIED = `Meilleur code appliqué : ${STUB_CHECKOUT.goodCode}. Total : ${STUB_CHECKOUT.goodTotal} au lieu de ${STUB_CHECKOUT.startTotal} (3 codes testés).`;
  const REPORTED = "Les résultats sont envoyés à Crevarde : ils comptent dans « Ça a marché ? ».";

  test("a checkout that renders its coupon field after the page is idle gets « Tester les codes » when the field appears", async () => {
    await signInMember(context);
    lateCart.hold();
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/panier-tardif`);
    const banner = bannerOf(page);
    // the extension has looked at the page: not a checkout yet, so the shop's reminder
    await expect(banner.getByRole("button", { name: "Activer le cashback" })).toBeVisible();
    await expect(page.locator(CHECKOUT.couponInput)).toHaveCount(0);
    lateCart.open();
    await expect(page.locator(CHECKOUT.couponInput)).toBeVisible();
    const testCodes = banner.getByRole("button", { name: "Tester les codes" });
    await expect(testCodes).toBeVisible();
    // the checkout's banner replaces the reminder: one banner, nothing typed before the click
    await expect(page.locator("crevarde-reminder")).toHaveCount(1);
    await expect(banner.getByRole("button", { name: "Activer le cashback" })).toHaveCount(0);
    await expect(page.locator(CHECKOUT.couponInput)).toHaveValue("");
    await testCodes.click();
    await expect(banner.getByRole("status")).toContainText(BEST_APPLIED);
    await expect(page.locator(CHECKOUT.total)).toHaveText(STUB_CHECKOUT.goodTotal);
  });

  test("on a checkout that stacks codes, removes each code tried before the next and ends with the best one alone", async () => {
    await signInMember(context);
    const seen = shopRequests.length;
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/panier-cumul`);
    const banner = bannerOf(page);
    await banner.getByRole("button", { name: "Tester les codes" }).click();
    await expect(banner.getByRole("status")).toContainText(BEST_APPLIED);
    await expect(banner.getByRole("status")).toContainText(REPORTED);
    // the code taken for nothing off was removed, not left stacked with the best one
    await expect(page.locator("#applied-coupons li")).toHaveText([`${STUB_CHECKOUT.goodCode} Retirer`]);
    await expect(page.locator(CHECKOUT.total)).toHaveText(STUB_CHECKOUT.goodTotal);
    const requests = shopRequests.slice(seen);
    expect(requests.filter((r) => r.startsWith("retrait:")).sort()).toEqual([`retrait:${STUB_CHECKOUT.goodCode}`, `retrait:${STUB_CHECKOUT.badCodes[0]}`].sort());
    expect(couponRequests(seen).at(-1)).toBe(`coupon:${STUB_CHECKOUT.goodCode}`);
  });

  test("on a checkout that reloads the page on each code, goes on page after page, applies the best and reports; nothing goes on after the run", async () => {
    await signInMember(context);
    const seen = shopRequests.length;
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/panier-rechargee`);
    const banner = bannerOf(page);
    await expect(page.locator(CHECKOUT.couponInput)).toHaveValue("");
    expect(couponRequests(seen)).toEqual([]);
    await banner.getByRole("button", { name: "Tester les codes" }).click();
    await expect(banner.getByRole("status")).toContainText(BEST_APPLIED, { timeout: 20_000 });
    await expect(banner.getByRole("status")).toContainText(REPORTED);
    await expect(page.locator(CHECKOUT.total)).toHaveText(STUB_CHECKOUT.goodTotal);
    const tried = couponRequests(seen);
    expect(tried.at(-1)).toBe(`coupon:${STUB_CHECKOUT.goodCode}`);
    expect(tried.slice(0, -1).sort()).toEqual([STUB_CHECKOUT.goodCode, ...STUB_CHECKOUT.badCodes].map((c) => `coupon:${c}`).sort());
    // the run is over: the checkout opened again is offered the test, and nothing is typed or posted
    const after = shopRequests.length;
    await page.goto(`http://${SHOP_HOST}/panier-rechargee`);
    await expect(banner.getByRole("button", { name: "Tester les codes" })).toBeEnabled();
    await expect(banner.getByRole("status")).toHaveCount(0);
    await expect(page.locator(CHECKOUT.couponInput)).toHaveValue("");
    expect(couponRequests(after)).toEqual([]);
  });

  test("closing the banner ends a run under way: nothing is kept for the next page, no further code is typed", async () => {
    await signInMember(context);
    const seen = shopRequests.length;
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/panier`);
    const banner = bannerOf(page);
    couponAnswer.hold();
    await banner.getByRole("button", { name: "Tester les codes" }).click();
    // the first code is typed and the shop's answer held: the run is kept for the next page, in case this one reloads
    await expect(banner.getByRole("status")).toContainText("Test du code 1 sur 3…");
    await expect.poll(() => couponRequests(seen)).toHaveLength(1);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const keptRuns = () => worker.evaluate(async () => Object.keys(((await chrome.storage.session.get("codeRuns"))["codeRuns"] ?? {}) as object));
    expect(await keptRuns()).toHaveLength(1);
    await banner.getByRole("button", { name: "Fermer le rappel Crevarde" }).click();
    await expect.poll(keptRuns).toEqual([]);
    couponAnswer.open();
    await expect(page.locator(CHECKOUT.total)).toHaveText(STUB_CHECKOUT.goodTotal);
    // the checkout opened again: nothing goes on (and the banner stays closed)
    await page.reload();
    await expect(page.locator(CHECKOUT.total)).toHaveText(STUB_CHECKOUT.startTotal);
    await expect(page.locator("crevarde-reminder")).toHaveCount(0);
    expect(await keptRuns()).toEqual([]);
    expect(couponRequests(seen)).toHaveLength(1);
  });

  test("on a checkout that reloads the page, stops on the error page the next page shows", async () => {
    await signInMember(context);
    const seen = shopRequests.length;
    const page = await context.newPage();
    await page.goto(`http://${SHOP_HOST}/panier-rechargee?panne=1`);
    const banner = bannerOf(page);
    await banner.getByRole("button", { name: "Tester les codes" }).click();
    await expect(banner.getByRole("status")).toContainText("La boutique affiche une page d'erreur : le test s'est arrêté (0 code testé avant l'erreur).");
    await expect(page.locator(CHECKOUT.errorPage)).toBeVisible();
    expect(couponRequests(seen)).toHaveLength(1);
  });
});

test("the popup shows the signed-in member's balances and the current shop's rate and codes (issue #40 item 7)", async () => {
  const context = await launch(test.info());
  try {
    await signInMember(context);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const shopPage = await context.newPage();
    await shopPage.goto(`http://${SHOP_HOST}/`);
    await expect(bannerOf(shopPage)).toBeVisible();
    // the tab the content script found the shop in (the popup, opened here as a page, is told which tab it is about)
    const tabShops = await worker.evaluate(async () => (await chrome.storage.session.get("tabShops"))["tabShops"] as Record<string, string>);
    const [tabId] = Object.keys(tabShops);
    const page = await context.newPage();
    await page.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html?tab=${tabId}`);
    const account = page.getByRole("region", { name: "Mon compte" });
    await expect(account).toContainText(/Disponible\s*\d+,\d{2}\s€/);
    await expect(account).toContainText(/En attente\s*\d+,\d{2}\s€/);
    const shopSection = page.getByRole("region", { name: "Boutique" });
    await expect(shopSection.getByRole("heading", { name: CASHBACK_STUB_BRAND.name })).toBeVisible();
    await expect(shopSection).toContainText("7\u00a0% de cashback");
    for (const code of [STUB_CHECKOUT.goodCode, ...STUB_CHECKOUT.badCodes]) await expect(shopSection).toContainText(code);
    await expect(page.getByRole("link", { name: "Mon cashback" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the popup links to « Mon cashback » and to what the extension reads and sends, on the site it was built for", async ({ baseURL }) => {
  const context = await launch(test.info());
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const page = await context.newPage();
    await page.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
    await expect(page.getByRole("heading", { name: "Crevarde" })).toBeVisible();
    // signed out: nobody's balances
    await expect(page.getByText("Tu n'as pas de session sur Crevarde.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Mon compte" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Mon cashback" })).toHaveAttribute("href", `${baseURL}/mon-cashback`);
    const words = page.getByRole("link", { name: "Ce que l'extension lit et envoie" });
    await expect(words).toHaveAttribute("href", `${baseURL}/extension`);
    await page.goto(`${baseURL}/extension`);
    await expect(page.getByRole("heading", { level: 1, name: "L'extension Crevarde pour ton navigateur" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ce qu'elle envoie" })).toBeVisible();
    await expect(page.getByText("de nouveau au plus tôt après une heure")).toBeVisible();
    await expect(page.getByText("Les encadrés que tu as fermés : pendant 24 heures")).toBeVisible();
    await expect(page.getByText("jusqu'à 2 minutes après chaque code")).toBeVisible();
  } finally {
    await context.close();
  }
});
