import sharp from "sharp";
import { expect, isMobile, noHorizontalScroll, signedInAs, test } from "./fixtures";

/**
 * Issue #37 item 1, at 1280 and 390 px: an editor writes a blog article in
 * /admin/blog as a draft, previews it (the public gets a 404), publishes it
 * from the list's bulk actions, and finds it on /blog. Each run writes its own
 * article (the project's name and the time in its slug).
 */
test("an editor drafts an article, previews it, publishes it and sees it on /blog @layout", async ({ page, browser, baseURL }, info) => {
  const run = `${info.project.name}-${Date.now().toString(36)}`;
  const title = `Routine express ${run}`;
  const slug = `routine-express-${run}`;
  await signedInAs(page, "editor", "/admin/blog");
  await page.waitForURL((url) => url.pathname === "/admin/blog");
  await expect(page).toHaveTitle(/^Blog · Admin/);
  // in the sidebar, or in the drawer on a phone
  if (isMobile(page)) await page.getByRole("button", { name: "Ouvrir le menu d'administration" }).click();
  const nav = page.getByRole("navigation", { name: "Administration" });
  await expect(nav.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute("aria-current", "page");
  if (isMobile(page)) await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Ajouter un article" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Titre*", { exact: true }).fill(title);
  await expect(dialog.getByLabel("Slug*", { exact: true })).toHaveValue(slug);
  await dialog.getByLabel("Catégorie*", { exact: true }).selectOption("Conseils");
  await dialog.getByLabel("Auteur*", { exact: true }).fill("Inès, rédaction");
  await dialog.getByLabel("Extrait*", { exact: true }).fill("Trois gestes le matin, pas un de plus.");
  const png = await sharp({ create: { width: 800, height: 420, channels: 3, background: "#0f766e" } }).png().toBuffer();
  await dialog.locator('input[type="file"]').setInputFiles({ name: "couverture.png", mimeType: "image/png", buffer: png });
  await expect(dialog.getByRole("img", { name: "Aperçu" })).toHaveAttribute("src", /^\/uploads\/[0-9a-f-]+\.webp$/);
  await expect(dialog.getByLabel("Statut", { exact: true })).toHaveValue("draft");
  const editor = dialog.getByRole("textbox", { name: "Contenu" });
  await editor.click();
  await editor.pressSequentially("Nettoyer, hydrater, protéger.");
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Article créé" }).first()).toBeVisible();

  await page.goto(`/admin/blog?q=${slug}`);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Brouillon");
  await noHorizontalScroll(page);

  // the preview link: the editor sees the draft, marked; the public gets a 404
  const preview = row.getByRole("link", { name: `Aperçu de ${title}` });
  await expect(preview).toHaveAttribute("href", `/blog/${slug}`);
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("status").filter({ hasText: "Aperçu : cet article n'est pas publié" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const visitor = await browser.newContext({ baseURL });
  expect((await visitor.request.get(`/blog/${slug}`)).status()).toBe(404);

  // published from the list's bulk actions
  await page.goto(`/admin/blog?q=${slug}`);
  await page.getByRole("checkbox", { name: `Sélectionner ${title}` }).check();
  const bulk = page.getByRole("region", { name: "Actions groupées" });
  await expect(bulk).toContainText("1 article sélectionné");
  await bulk.getByRole("button", { name: "Publier" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Publier cet article sur le blog ?");
  await confirm.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "1 article publié" }).first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Publié");

  // on /blog, for everyone
  await page.goto("/blog");
  await page.getByRole("link", { name: title }).click();
  await page.waitForURL((url) => url.pathname === `/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Nettoyer, hydrater, protéger.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Aperçu" })).toHaveCount(0);
  await noHorizontalScroll(page);
  expect((await visitor.request.get(`/blog/${slug}`)).status()).toBe(200);
  await visitor.close();
});
