import type { Page } from "@playwright/test";
import sharp from "sharp";
import { collectConsoleErrors, expect, signedInAs, test } from "./fixtures";
import { mediaBrand, mediaPage } from "./admin-media-fixture";

/**
 * Issue #17 item 3, at 1280 and 390 px: an image uploaded on a brand (checked and re-encoded
 * by /admin/upload) shows in the preview, then on the public brand page; text made bold in
 * the page editor is stored as <strong> and shown so. Each project edits its own rows
 * (tests/e2e/admin-media-fixture.ts).
 */

async function signInAsAdmin(page: Page) {
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
}

test("an admin uploads a brand image, sees its preview, saves; the brand page shows it", async ({ page }, info) => {
  const brand = mediaBrand(info.project.name);
  await signInAsAdmin(page);
  await page.goto(`/admin/brands?q=${brand.slug}`);
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: `Modifier ${brand.name}`, exact: true }).click();
  await expect(dialog).toBeVisible();
  const png = await sharp({ create: { width: 160, height: 160, channels: 3, background: "#db2777" } }).png().toBuffer();
  await dialog.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  const preview = dialog.getByRole("img", { name: "Aperçu" });
  await expect(preview).toHaveAttribute("src", /^\/uploads\/[0-9a-f-]+\.webp$/);
  const src = (await preview.getAttribute("src"))!;
  await expect(dialog.getByLabel("Image", { exact: true })).toHaveValue(src);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await dialog.getByRole("button", { name: "Mettre à jour" }).click();
  await expect(page.getByText("Marque mise à jour", { exact: true })).toBeVisible();

  // the public page loads it under the CSP (img-src 'self'): no console error
  const errors = collectConsoleErrors(page);
  await page.goto(`/marques/${brand.slug}`);
  const logo = page.locator(`main img[src="${src}"]`).first();
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(logo).toHaveAttribute("alt", "");
  await expect(logo).toHaveAttribute("width", "96");
  expect(errors.filter((e) => /Content Security Policy|uploads/i.test(e))).toEqual([]);
});

test("text made bold in the page editor is saved as <strong>; the public page shows it", async ({ page }, info) => {
  const { title, slug, words } = mediaPage(info.project.name);
  await signInAsAdmin(page);
  await page.goto("/admin/pages");
  const dialog = page.getByRole("dialog");
  await page.getByRole("button", { name: `Modifier ${title}`, exact: true }).click();
  await expect(dialog.getByRole("tab", { name: "Éditeur" })).toHaveAttribute("aria-selected", "true");
  const toolbar = dialog.getByRole("toolbar", { name: "Mise en forme" });
  for (const label of ["Gras", "Italique", "Titre", "Liste à puces", "Liste numérotée", "Lien", "Citation", "Annuler la dernière modification", "Rétablir la modification"]) {
    await expect(toolbar.getByRole("button", { name: label, exact: true })).toBeVisible();
  }
  const editor = dialog.getByRole("textbox", { name: "Contenu" });
  await expect(editor).toContainText(words);
  // the whole paragraph, then « Gras »
  await editor.getByText(words).click({ clickCount: 3 });
  await toolbar.getByRole("button", { name: "Gras", exact: true }).click();
  await expect(toolbar.getByRole("button", { name: "Gras", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(editor.locator("strong")).toContainText(words);
  // the raw HTML follows
  await dialog.getByRole("tab", { name: "HTML" }).click();
  await expect(dialog.getByLabel("Contenu*")).toHaveValue(new RegExp(`<strong>[^<]*${words}`));
  await dialog.getByRole("button", { name: "Mettre à jour" }).click();
  await expect(page.getByText("Page mise à jour avec succès")).toBeVisible();

  await page.goto(`/${slug}`);
  await expect(page.locator("main strong", { hasText: words })).toBeVisible();
});
