import { expect, test } from "./fixtures";

/** Issue 34 item 13: toasts sit below the sticky header, in the site's typeface. */

test("a toast appears below the sticky header, in the site's typeface @layout", async ({ page }) => {
  await page.goto("/temu");
  // the newsletter form of /temu, sent empty: an error toast, nothing posted
  await page.getByRole("region", { name: "Ne rate plus aucune offre" }).getByRole("button", { name: "Je veux économiser" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Merci d'indiquer ton email" }).first();
  await expect(toast).toBeVisible();
  const header = page.getByRole("banner");
  // sonner slides the toast in from above: once it has landed, it is below the header, close to it
  await expect
    .poll(async () => {
      const [t, h] = await Promise.all([toast.boundingBox(), header.boundingBox()]);
      return t && h ? Math.round(t.y - (h.y + h.height)) : -1;
    })
    .toBeGreaterThanOrEqual(4);
  const [t, h] = await Promise.all([toast.boundingBox(), header.boundingBox()]);
  expect(t!.y - (h!.y + h!.height)).toBeLessThanOrEqual(24);
  // the header is pinned to the top of the window: the toast is not hidden under it
  expect(h!.y).toBe(0);
  const fonts = await toast.evaluate((el) => ({ toast: getComputedStyle(el).fontFamily, body: getComputedStyle(document.body).fontFamily }));
  expect(fonts.toast).toBe(fonts.body);
  expect(fonts.toast).toMatch(/^"Plus Jakarta Sans"/);
});
