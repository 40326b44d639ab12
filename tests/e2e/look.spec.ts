import { expect, test } from "./fixtures";

test("pages are set in the self-hosted Plus Jakarta Sans: one preloaded Latin file, optional, a metric-matched fallback", async ({ page }) => {
  const fontResponses: Array<{ url: string; status: number; type: string | null }> = [];
  page.on("response", (r) => {
    if (/\.woff2(\?|$)/.test(r.url())) fontResponses.push({ url: r.url(), status: r.status(), type: r.headers()["content-type"] ?? null });
  });
  await page.goto("/");
  // exactly one font preload: the Latin variable file, fetched with CORS as fonts are
  const preloads = page.locator('link[rel="preload"][as="font"]');
  await expect(preloads).toHaveCount(1);
  await expect(preloads).toHaveAttribute("href", /\/assets\/plus-jakarta-sans-latin-wght-normal-[\w-]+\.woff2$/);
  await expect(preloads).toHaveAttribute("type", "font/woff2");
  await expect(preloads).toHaveAttribute("crossorigin", "anonymous");
  const preloaded = await preloads.getAttribute("href");

  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((r): r is CSSFontFaceRule => r instanceof CSSFontFaceRule);
    return {
      body: getComputedStyle(document.body).fontFamily,
      h1: getComputedStyle(document.querySelector("h1")!).fontFamily,
      loaded: [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replace(/"/g, "")),
      faces: rules.map((r) => ({
        family: r.style.getPropertyValue("font-family").replace(/"/g, ""),
        display: r.style.getPropertyValue("font-display"),
        src: r.style.getPropertyValue("src"),
        range: r.style.getPropertyValue("unicode-range"),
        sizeAdjust: r.style.getPropertyValue("size-adjust"),
        ascent: r.style.getPropertyValue("ascent-override"),
      })),
    };
  });
  expect(fonts.body).toMatch(/^"?Plus Jakarta Sans"?, "?Plus Jakarta Sans Fallback"?/);
  expect(fonts.h1).toMatch(/^"?Plus Jakarta Sans"?/);
  expect(fonts.loaded).toContain("Plus Jakarta Sans");
  const face = fonts.faces.filter((f) => f.family === "Plus Jakarta Sans");
  expect(face).toHaveLength(1); // Latin only: no latin-ext, Cyrillic or Vietnamese file
  // not swapped in once the page is shown: that laid out all its text again (ADR 057)
  expect(face[0].display).toBe("optional");
  expect(face[0].src).toContain(preloaded!);
  expect(face[0].range.toUpperCase()).toContain("U+152-153"); // œ Œ
  const fallback = fonts.faces.find((f) => f.family === "Plus Jakarta Sans Fallback");
  expect(fallback?.src).toContain('local("Arial")');
  expect(fallback?.sizeAdjust).toBe("105.05%");
  expect(fallback?.ascent).toBe("98.81%");

  // the file the page used is the preloaded one, served by the site itself
  expect(fontResponses.map((r) => new URL(r.url).pathname)).toEqual([preloaded]);
  expect(fontResponses[0]).toMatchObject({ status: 200, type: "font/woff2" });
});

test("demo images are the generated illustrations, wordmarks and covers", async ({ page }) => {
  await page.goto("/marques");
  const logo = page.getByRole("list", { name: /Marques/ }).locator("img").first();
  await expect(logo).toHaveAttribute("src", /^\/uploads\/seed-v3-brand-[\w-]+\.webp$/);
  await page.goto("/blog");
  // a seed article's cover (other tests publish articles of their own, with uploaded covers)
  const cover = page.locator("main article").filter({ has: page.locator('a[href="/blog/dupes-2025"]') }).locator("img");
  await expect(cover).toHaveAttribute("src", /^\/uploads\/seed-v3-blog-[\w-]+\.webp$/);
  await cover.scrollIntoViewIfNeeded();
  const size = await cover.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  // drawn on a 1200×630 canvas, served at 800 px: a card shows it about 400 px wide
  expect(size).toEqual([800, 420]);
});

test.describe("the page is shown before its JavaScript", () => {
  test.use({ withConsent: false });

  test("no module is fetched before the first contentful paint; the page then hydrates and works", async ({ page, request }) => {
    // the served HTML announces no module in its head: the hydration script preloads them after the first paint
    const html = await (await request.get("/coup-de-crevarde")).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain("first-contentful-paint");

    await page.goto("/coup-de-crevarde");
    // the first deal's picture is the largest element of the first screen: fetched first, at high priority
    await expect(page.locator("article img").first()).toHaveAttribute("fetchpriority", "high");
    // the banner's « Personnaliser » is a client-side toggle: it works once the page has hydrated,
    // which starts after the first paint (or the script's 5 s cap), possibly after the load event;
    // the banner's form then carries its `_js` field
    const banner = page.getByRole("dialog", { name: "Tes cookies, ton choix" });
    await expect(banner.locator('input[name="_js"]')).toBeAttached({ timeout: 30_000 });
    // (growth.spec checks that pressing it saves nothing: it once turned into the submit button under the press)
    await banner.getByRole("button", { name: "Personnaliser" }).press("Enter");
    await expect(banner.getByRole("button", { name: "Enregistrer mes choix" })).toBeVisible();
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((e) => new URL(e.name).pathname.endsWith(".js"))
        .map((e) => e.startTime),
    }));
    expect(timing.firstPaint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(5);
    // (or, on a machine too loaded to paint within it, the script's 5 s cap: it then starts them anyway)
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(Math.min(timing.firstPaint!, 5000));
  });

  test("the consent banner, pinned to the bottom, stays hidden until its last part has arrived (no layout shift)", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("dialog", { name: "Tes cookies, ton choix" });
    await expect(banner).toBeVisible();
    // the same banner cut before its end, as the browser sees it while the HTML is still streaming
    const partial = await banner.evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelector("[data-consent-end]")?.remove();
      copy.removeAttribute("role");
      document.body.prepend(copy);
      const visibility = getComputedStyle(copy).visibility;
      copy.remove();
      return visibility;
    });
    expect(partial).toBe("hidden");
    await expect(banner).toHaveCSS("visibility", "visible");
  });
});
