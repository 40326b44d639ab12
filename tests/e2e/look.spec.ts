import { expect, test } from "./fixtures";

test("pages are set in the self-hosted Plus Jakarta Sans: one preloaded Latin file, swap, a metric-matched fallback", async ({ page }) => {
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
  expect(face[0].display).toBe("swap");
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
  await expect(logo).toHaveAttribute("src", /^\/uploads\/seed-v2-brand-[\w-]+\.webp$/);
  await page.goto("/blog");
  await expect(page.locator("main img").first()).toHaveAttribute("src", /^\/uploads\/seed-v2-blog-[\w-]+\.webp$/);
  const size = await page.locator("main img").first().evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });
  // drawn on a 1200×630 canvas, served at 800 px: a card shows it about 400 px wide
  expect(size).toEqual([800, 420]);
});
