import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { collectConsoleErrors, expect, signedInAs, test } from "./fixtures";
import { isAdminPage, PAGES } from "./routes";

/**
 * Issue 11 item 3: no page scrolls sideways, no heading or button clips its text and no
 * text is cut by the edges of a box that hides its overflow,
 * at 320, 390 and 1280 px, signed out and signed in (item 15 too: every page has a
 * title and a description). Each role walks every page of app/routes.ts in one page
 * (one navigation per route, then the three widths). The same walk checks that no route
 * hydrates with an error while the server runs in UTC (scripts/e2e-server.mjs) and the
 * browser in Europe/Paris (playwright.config.ts) (issue 10 item 22).
 */

const HYDRATION = /hydrat|Minified React error #(418|419|422|423|425)|did not match/i;

const WIDTHS = [320, 390, 1280] as const;

/** A page that does not exist (the 404 page). */
const UNKNOWN = "/cette-page-n-existe-pas";

/**
 * What is wrong with the page at the current width: the document wider than the viewport
 * (with the elements that stick out), and headings, buttons and button-like links whose text
 * does not fit their box (unless they truncate with an ellipsis or scroll by design).
 */
function layoutProblems(): string[] {
  const viewport = window.innerWidth;
  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : "";
    const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}` : "";
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
  };
  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1) return false; // hidden or visually hidden (sr-only)
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && !el.closest("[aria-hidden=true]");
  };
  const problems: string[] = [];
  const width = document.documentElement.scrollWidth;
  if (width > viewport) {
    // (an icon's own shapes are not elements of the page's layout)
    const outside = [...document.body.querySelectorAll("*")].filter((el) => el.getBoundingClientRect().right > viewport + 0.5 && !el.parentElement?.closest("svg"));
    // the innermost elements that stick out name the cause; visually hidden ones (an sr-only
    // label escaping a scroller's clip) first, since nothing on screen shows them
    const innermost = outside
      .filter((el) => !outside.some((other) => other !== el && el.contains(other)))
      .sort((a, b) => Number(visible(a)) - Number(visible(b)));
    problems.push(`page is ${width} px wide: ${innermost.slice(0, 3).map((el) => `${visible(el) ? "" : "(hidden) "}${describe(el)}`).join(", ")}`);
  }
  const boxes = document.body.querySelectorAll("h1, h2, h3, h4, h5, h6, button, [role=button], [role=tab], a, label");
  for (const el of boxes) {
    if (!(el instanceof HTMLElement) || !visible(el)) continue;
    const style = getComputedStyle(el);
    if (style.display === "inline" || style.display === "contents") continue;
    if (style.textOverflow === "ellipsis" || /auto|scroll/.test(style.overflowX)) continue;
    // text wider than its box spills out or is cut; taller only matters when the box cuts it
    const wide = el.scrollWidth - el.clientWidth;
    const tall = /hidden|clip/.test(style.overflowY) && style.webkitLineClamp === "none" ? el.scrollHeight - el.clientHeight : 0;
    if (wide > 1 || tall > 2) problems.push(`text does not fit (${wide > 1 ? `${wide} px too wide` : `${tall} px too tall`}): ${describe(el)}`);
  }
  // text cut by the edges of a box that hides its overflow (a sticker, a badge, a label), decorative text included
  const clippers = (el: Element) => {
    const out: Element[] = [];
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      const overflow = style.overflowX + style.overflowY;
      // scrollers show the rest on scroll; line clamps and ellipses cut by design
      if (/auto|scroll/.test(overflow) || style.webkitLineClamp !== "none" || style.textOverflow === "ellipsis") return out;
      if (/hidden|clip/.test(overflow)) out.push(a);
    }
    return out;
  };
  for (const el of document.body.querySelectorAll("*")) {
    const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "");
    if (!hasText) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(el).visibility === "hidden") continue;
    for (const box of clippers(el)) {
      const b = box.getBoundingClientRect();
      if (b.width <= 1 || b.height <= 1) break; // visually hidden (sr-only)
      if (rect.left < b.left - 1 || rect.right > b.right + 1 || rect.top < b.top - 1 || rect.bottom > b.bottom + 1) {
        problems.push(`text cut by the edge of its box: ${describe(el)} in ${describe(box)}`);
        break;
      }
    }
  }
  return problems;
}

/** The current page measured at every width. */
async function measure(page: Page, label: string) {
  const problems: string[] = [];
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // two frames: the resize has been laid out and painted (media queries, resize observers)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    problems.push(...(await page.evaluate(layoutProblems)).map((p) => `${label} at ${width} px: ${p}`));
  }
  return problems;
}

/** Visit each path once and measure it at every width. */
async function walk(page: Page, role: string, paths: readonly string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    const errors = collectConsoleErrors(page);
    // the fixtures' goto returns once the page is hydrated, after the root's effect has run (app/root.tsx):
    // React has reported any mismatch by then, during the commit that precedes the effects
    const response = await page.goto(path, { waitUntil: "load" });
    expect(response?.status(), `${role} ${path}`).toBeLessThan(500);
    problems.push(...errors.filter((e) => HYDRATION.test(e)).map((e) => `${role} ${path}: hydration error ${e.slice(0, 200)}`));
    page.removeAllListeners("console");
    page.removeAllListeners("pageerror");
    // issue 11 item 15: every page, 404s included, has a title and a description
    const head = await page.evaluate(() => ({
      title: document.title.trim(),
      description: document.querySelector('meta[name="description"]')?.getAttribute("content")?.trim() ?? "",
    }));
    if (!head.title) problems.push(`${role} ${path}: no <title>`);
    if (!head.description) problems.push(`${role} ${path}: no description`);
    problems.push(...(await measure(page, `${role} ${path}`)));
  }
  return problems;
}

test.describe("every page fits 320, 390 and 1280 px @desktop", () => {
  test.describe.configure({ timeout: 300_000 });

  test.describe("first visit", () => {
    // no consent choice yet: the consent banner is on every page too
    test.use({ withConsent: false });

    test("as a visitor, no page scrolls sideways and no text is clipped", async ({ page }) => {
      expect(PAGES).toEqual(expect.arrayContaining(["/", "/marques/caudalie", "/profile", "/auth", "/signup", "/email-test"]));
      const problems = await walk(page, "visitor", [...PAGES.filter((p) => !isAdminPage(p)), UNKNOWN, "/marques/marque-inconnue"]);
      expect(problems).toEqual([]);
    });
  });

  test("as a member, no page scrolls sideways and no text is clipped", async ({ page, context, baseURL }) => {
    await signedInAs(page, "member");
    await page.waitForURL((url) => url.pathname !== "/auth");
    const problems = await walk(page, "member", [...PAGES.filter((p) => !isAdminPage(p)), "/auth?fresh=true", UNKNOWN]);
    // still signed in at the end of the walk: /profile was the member's page, not a detour to /auth
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/profile$/);

    // the session-problem banner of /auth: only a signed-in member bounced back there (a loop already counted)
    await context.addCookies([{ name: "redirect_attempts", value: "3", url: baseURL! }]);
    await page.goto("/auth?redirect=%2Fprofile");
    await expect(page.getByRole("alert").filter({ hasText: "Problème de session détecté" })).toBeVisible();
    problems.push(...(await measure(page, "member /auth (session problem)")));
    expect(problems).toEqual([]);
  });

  test("as an admin, no back-office page scrolls sideways and no text is clipped", async ({ page }) => {
    // an e-mail with a long tokenised link in the outbox of /email-test
    const email = `largeur-${randomUUID().slice(0, 8)}@example.fr`;
    await page.goto("/temu");
    await page.getByLabel("Ton adresse email").fill(email);
    await page.getByRole("button", { name: "Je veux économiser" }).click();
    await expect(page.getByText("Vérifie ta boîte mail", { exact: false })).toBeVisible();
    await signedInAs(page, "admin", "/email-test");
    await expect(page).toHaveURL(/\/email-test$/);
    await expect(page.locator(`li[data-to="${email}"] a`).first()).toBeVisible();
    const problems = await walk(page, "admin", PAGES.filter(isAdminPage));
    expect(problems).toEqual([]);
  });
});
