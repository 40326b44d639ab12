import { expect, test } from "./fixtures";

/** Issue 11 items 4, 12, 15, 16 and 17: what a shopper notices at first sight. */

test("the mobile drawer's links are styled, and the current page's link says so @mobile", async ({ page }) => {
  await page.goto("/marques");
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  const current = drawer.getByRole("link", { name: "Marques" });
  const other = drawer.getByRole("link", { name: "Le Blog" });
  await expect(current).toHaveAttribute("aria-current", "page");
  await expect(other).not.toHaveAttribute("aria-current", /.*/);
  for (const link of [current, other]) {
    // the class is a list of classes, not the source of NavLink's className function
    await expect(link).not.toHaveAttribute("class", /isActive|=>/);
    await expect(link).toHaveCSS("padding-top", "12px");
    await expect(link).toHaveCSS("padding-left", "12px");
    await expect(link).toHaveCSS("display", "block");
  }
  // only the current page's link is highlighted
  const background = (l: typeof current) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background(current)).not.toBe("rgba(0, 0, 0, 0)");
  expect(await background(other)).toBe("rgba(0, 0, 0, 0)");
  await other.click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(drawer).toBeHidden();
});

for (const path of ["/signup", "/auth", "/auth?tab=signup"]) {
  test(`on ${path} both tabs can be selected`, async ({ page }) => {
    await page.goto(path);
    // one h1
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenue chez Crevarde");
    const login = page.getByRole("tab", { name: "Connexion" });
    const signup = page.getByRole("tab", { name: "Inscription" });
    for (const [tab, form] of [
      [login, "Connexion"],
      [signup, "Inscription"],
      [login, "Connexion"],
    ] as const) {
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("form", { name: form })).toBeVisible();
    }
  });
}

test.describe("404 pages @desktop", () => {
  for (const path of ["/page-qui-n-existe-pas", "/nimporte-quoi/xyz", "/marques/inconnue", "/blog/article-inconnu", "/legal/inconnue", "/categories/inconnue"]) {
    test(`${path} answers 404 with a French title, a description and noindex`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html.match(/<title>([^<]*)<\/title>/)?.[1]).toBe("Page introuvable | Crevarde");
      expect(html.match(/<meta name="description" content="([^"]*)"/)?.[1]).toMatch(/^Cette page n(&#x27;|')existe pas ou plus\./);
      expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
      // the not-found page itself (its link home is followed in foundation.spec.ts)
      expect(html).toContain("Cette page s&#x27;est évaporée");
    });
  }
});

test.describe("consent banner and the keyboard", () => {
  test.use({ withConsent: false });

  test("on a first visit the first Tab press reaches the consent banner", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("dialog", { name: "Tes cookies, ton choix" });
    await expect(banner).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("button", { name: "Tout refuser" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("button", { name: "Tout accepter" })).toBeFocused();
  });

  test("reopened from « Gérer les cookies », the banner takes the focus", async ({ page }) => {
    await page.goto("/legal/cookies");
    const banner = page.getByRole("dialog", { name: "Tes cookies, ton choix" });
    await banner.getByRole("button", { name: "Tout refuser" }).click();
    await expect(banner).toBeHidden();
    await page.getByRole("contentinfo").getByRole("button", { name: "Gérer les cookies" }).click();
    await expect(banner).toBeFocused();
  });
});

test("the toast's close button is labelled in French", async ({ page }) => {
  await page.goto("/auth?verified=true");
  await expect(page.getByText("Compte vérifié ! 🎉")).toBeVisible();
  await expect(page.getByRole("button", { name: "Fermer la notification" })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Close toast" })).toHaveCount(0);
});

test("a blog byline that is already a credit reads once, without « Par »", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByText("Propos recueillis par Margaux", { exact: true })).toBeVisible();
  await expect(page.getByText("Par Margaux, rédactrice beauté", { exact: true })).toBeVisible();
  await expect(page.getByText(/Par Propos/)).toHaveCount(0);
  await page.goto("/blog/temoignage-camille");
  await expect(page.getByText("· Propos recueillis par Margaux", { exact: true })).toBeVisible();
});

test("the sign-up prompt of a masked code flows as one paragraph, not in columns @layout", async ({ page }) => {
  await page.goto("/marques/caudalie");
  const prompt = page.getByRole("article").locator("p", { hasText: "pour débloquer le code complet" }).first();
  await expect(prompt).toBeVisible();
  const lines = await prompt.evaluate((p) => {
    const range = document.createRange();
    range.selectNodeContents(p);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const start = p.getBoundingClientRect().left + parseFloat(getComputedStyle(p).paddingLeft);
    return { lastLineStart: Math.round(rects[rects.length - 1].left - start), lines: new Set(rects.map((r) => Math.round(r.top))).size };
  });
  // the sentence wraps under the icon and the link, back to the paragraph's left edge
  expect(lines.lines).toBeGreaterThan(1);
  expect(lines.lastLineStart).toBe(0);
});

test("the footer's copyright runs from 2025 to this year, not a frozen year", async ({ page }) => {
  const year = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", year: "numeric" }).format(new Date());
  await page.goto("/marques");
  await expect(page.getByRole("contentinfo")).toContainText(`© ${year === "2025" ? "2025" : `2025–${year}`} Crevarde. Tous droits réservés.`);
});
