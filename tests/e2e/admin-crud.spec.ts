import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, signedInAs, test } from "./fixtures";

/**
 * Create, edit and delete one item of every back-office entity in Chromium,
 * and check after each step that the public site shows it. The admin stays
 * signed in, so public pages bypass the anonymous micro-cache. It runs in the
 * "shared-state" project, after the others, at desktop width only: it changes
 * rows every visitor sees (the home block).
 */

const suffix = () => randomUUID().slice(0, 6);

async function signInAsAdmin(page: Page) {
  await signedInAs(page, "admin", "/admin");
  // wait for the dashboard itself: "/auth?redirect=/admin" also ends with "/admin"
  await page.waitForURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
}

/** A success toast in the product spec's words (sonner). */
async function expectToast(page: Page, title: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible();
}

function row(page: Page, text: string) {
  return page.getByRole("row").filter({ hasText: text });
}

async function confirmDelete(page: Page, label: string, confirmText: string) {
  await page.getByRole("button", { name: `Supprimer ${label}`, exact: true }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(confirmText);
  await dialog.getByRole("button", { name: "Supprimer" }).click();
}

async function submitDialog(page: Page, button: "Ajouter" | "Mettre à jour") {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe("admin CRUD reflected on the public site @desktop", () => {
  // each test walks about twenty pages; leave room on a busy two-core machine
  test.describe.configure({ timeout: 120_000 });

  test("promo code: create, edit, delete; the brand page follows", async ({ page }) => {
    await signInAsAdmin(page);
    const code = `E2E${suffix().toUpperCase()}`;
    const edited = `${code}B`;
    await page.goto("/admin/promo-codes");
    await page.getByRole("button", { name: "Ajouter un code promo" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Ajouter un code promo" })).toBeVisible();
    await dialog.getByLabel("Marque*").selectOption({ label: "Nuxe" });
    await dialog.getByLabel("Code*").fill(code);
    await dialog.getByLabel("Montant de réduction*").fill("12%");
    await dialog.getByLabel("Description").fill(`Offre de test ${code}`);
    await submitDialog(page, "Ajouter");
    await expectToast(page, "Code promo créé");
    await expect(row(page, code)).toContainText("Sans limite");

    // an admin is signed in: the brand page shows the raw code
    await page.goto("/marques/nuxe");
    const card = page.getByRole("article").filter({ hasText: `Offre de test ${code}` });
    await expect(card.locator("code")).toHaveText(code);
    await expect(card).toContainText("12%");

    await page.goto("/admin/promo-codes");
    await page.getByRole("button", { name: `Modifier ${code}`, exact: true }).click();
    await expect(dialog.getByRole("heading", { name: "Modifier un code promo" })).toBeVisible();
    await dialog.getByLabel("Code*").fill(edited);
    await dialog.getByLabel("Montant de réduction*").fill("15%");
    await submitDialog(page, "Mettre à jour");
    await expectToast(page, "Code promo mis à jour");
    await expect(row(page, edited)).toContainText("15%");

    await page.goto("/marques/nuxe");
    await expect(card.locator("code")).toHaveText(edited);
    await expect(card).toContainText("15%");

    await page.goto("/admin/promo-codes");
    await confirmDelete(page, edited, `Supprimer le code promo "${edited}" ? Restaurable pendant 30 jours depuis la corbeille de l'historique.`);
    await expectToast(page, "Code promo supprimé");
    await expect(row(page, edited)).toHaveCount(0);
    await page.goto("/marques/nuxe");
    await expect(page.getByRole("heading", { name: "Codes promo Nuxe" })).toBeVisible();
    await expect(page.getByText(`Offre de test ${code}`)).toHaveCount(0);
  });

  test("offer: create (featured), edit, delete; the home page's offers follow", async ({ page }) => {
    await signInAsAdmin(page);
    const name = `Sérum E2E ${suffix()}`;
    const edited = `${name} modifié`;
    await page.goto("/admin/offers");
    await page.getByRole("button", { name: "Ajouter une offre" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Marque*").selectOption({ label: "Caudalie" });
    await dialog.getByLabel("Nom du produit*").fill(name);
    await dialog.getByLabel("Prix*").fill("19,90€");
    await expect(dialog.getByLabel(/Cashback/)).toHaveCount(0); // the brand's programmes give the rate (issue #34)
    await dialog.getByLabel("Tag").fill("E2E");
    await dialog.getByLabel("En avant sur la page d'accueil").check();
    await submitDialog(page, "Ajouter");
    await expectToast(page, "Offre créée");
    await expect(row(page, name)).toContainText("Aucun programme"); // Caudalie has no active programme
    await expect(row(page, name)).toContainText("Oui");

    await page.goto("/");
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();

    await page.goto("/admin/offers");
    await page.getByRole("button", { name: `Modifier ${name}`, exact: true }).click();
    await dialog.getByLabel("Nom du produit*").fill(edited);
    await submitDialog(page, "Mettre à jour");
    await expectToast(page, "Offre mise à jour");
    await expect(row(page, edited)).toBeVisible();

    await page.goto("/");
    await expect(page.getByRole("heading", { name: edited, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);

    await page.goto("/admin/offers");
    await confirmDelete(page, edited, `Supprimer l'offre "${edited}" ? Restaurable pendant 30 jours depuis la corbeille de l'historique.`);
    await expectToast(page, "Offre supprimée");
    await expect(row(page, edited)).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: edited, exact: true })).toHaveCount(0);
  });

  test("deal: create with an uploaded image, edit, delete; the deals search follows", async ({ page }) => {
    await signInAsAdmin(page);
    const tag = suffix();
    const title = `Deal E2E ${tag}`;
    const edited = `Deal E2E ${tag} modifié`;
    await page.goto("/admin/crevarde-deals");
    await page.getByRole("button", { name: "Ajouter un deal" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Titre*").fill(title);
    await dialog.getByLabel("Description*").fill("Un deal créé par le test de bout en bout.");
    await dialog.getByLabel("Prix*").fill("9,99€");
    await dialog.getByLabel("Prix d'origine").fill("19,99€");
    await dialog.getByLabel("Texte du badge*").fill("Top");
    await dialog.getByLabel("Type de badge*").selectOption("risky");
    await dialog.getByLabel("Source*").fill("temu");
    await expect(dialog.getByLabel("Texte du bouton / code*")).toHaveValue("Voir le deal");
    await dialog.getByLabel("Lien*").fill("https://www.temu.com/fr/e2e.html");
    await dialog.getByLabel("Marque", { exact: true }).selectOption({ label: "Nuxe" });
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#ff3366" } }).png().toBuffer();
    await dialog.locator('input[type="file"]').setInputFiles({ name: "deal.png", mimeType: "image/png", buffer: png });
    await expectToast(page, "Image téléchargée");
    await expect(dialog.getByLabel("Image", { exact: true })).toHaveValue(/^\/uploads\/[0-9a-f-]+\.webp$/);
    await submitDialog(page, "Ajouter");
    await expectToast(page, "Deal créé");
    const created = row(page, title);
    await expect(created).toContainText("9,99€");
    await expect(created.locator("s")).toHaveText("19,99€");
    await expect(created.locator("img")).toHaveAttribute("src", /^\/uploads\//);

    await page.goto(`/coup-de-crevarde?q=${encodeURIComponent(tag)}`);
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    // the deals page's brand filter (issue #14) offers its brand, with its count, and keeps the words
    await page.getByRole("button", { name: "Filtrer" }).click();
    const nuxe = page.getByRole("group", { name: "Marque" }).getByRole("radio", { name: /^Nuxe\s*1$/ });
    await nuxe.check();
    await expect(page).toHaveURL(new RegExp(`q=${tag}.*marque=nuxe|marque=nuxe.*q=${tag}`));
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /Filtrer.*Nuxe/ })).toBeVisible();
    await page.goto("/coup-de-crevarde?marque=nuxe&source=shein");
    await expect(page.getByText("Aucun deal ne correspond à ta recherche.")).toBeVisible();

    await page.goto("/admin/crevarde-deals");
    await page.getByRole("button", { name: `Modifier ${title}`, exact: true }).click();
    await dialog.getByLabel("Titre*").fill(edited);
    await dialog.getByLabel("Prix*").fill("7,99€");
    await submitDialog(page, "Mettre à jour");
    await expectToast(page, "Deal mis à jour");
    await expect(row(page, edited)).toContainText("7,99€");

    await page.goto(`/coup-de-crevarde?q=${encodeURIComponent(tag)}`);
    await expect(page.getByText(edited, { exact: true })).toBeVisible();
    await expect(page.getByText(title, { exact: true })).toHaveCount(0);

    await page.goto("/admin/crevarde-deals");
    await confirmDelete(page, edited, `Supprimer le deal "${edited}" ? Restaurable pendant 30 jours depuis la corbeille de l'historique.`);
    await expectToast(page, "Deal supprimé");
    await expect(row(page, edited)).toHaveCount(0);
    await page.goto(`/coup-de-crevarde?q=${encodeURIComponent(tag)}`);
    await expect(page.getByText(edited, { exact: true })).toHaveCount(0);
  });

  test("category: create (slug derived), edit, delete; /categories follows, hiding it while it is empty", async ({ page }) => {
    await signInAsAdmin(page);
    const tag = suffix();
    const name = `Été E2E ${tag} !!`;
    const edited = `Ongles E2E ${tag}`;
    await page.goto("/admin/categories");
    await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nom*").fill(name);
    await expect(dialog.getByLabel("Slug*")).toHaveValue(`ete-e2e-${tag}`);
    await dialog.getByLabel("Description").fill(`Description ${tag}`);
    await submitDialog(page, "Ajouter");
    await expectToast(page, "Catégorie créée avec succès");
    await expect(row(page, name)).toContainText(`ete-e2e-${tag}`);

    // nothing in it yet: not listed (issue #11 item 9)
    await page.goto("/categories");
    await expect(page.getByRole("heading", { level: 1, name: "Catégories" })).toBeVisible();
    await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);

    // a brand filed under it: listed
    const brandName = `Marque de ${tag}`;
    await page.goto("/admin/brands");
    await page.getByRole("button", { name: "Ajouter une marque" }).click();
    await dialog.getByLabel("Nom*").fill(brandName);
    await dialog.getByLabel("Catégorie").fill(name);
    await submitDialog(page, "Ajouter");
    await expectToast(page, "Marque créée");

    await page.goto("/categories");
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    await expect(page.getByText(`Description ${tag}`)).toBeVisible();

    await page.goto("/admin/categories");
    await page.getByRole("button", { name: `Modifier ${name}`, exact: true }).click();
    await dialog.getByLabel("Nom*").fill(edited);
    // renaming keeps the slug (issue 10 item 23); the editor changes it on purpose here
    await expect(dialog.getByLabel("Slug*")).toHaveValue(`ete-e2e-${tag}`);
    await dialog.getByLabel("Slug*").fill(`ongles-e2e-${tag}`);
    await submitDialog(page, "Mettre à jour");
    await expectToast(page, "Catégorie mise à jour avec succès");
    await expect(row(page, edited)).toContainText(`ongles-e2e-${tag}`);

    await page.goto("/categories");
    await expect(page.getByRole("heading", { name: edited, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(0);

    await page.goto("/admin/categories");
    await confirmDelete(page, edited, `Supprimer la catégorie "${edited}" ? Restaurable pendant 30 jours depuis la corbeille de l'historique.`);
    await expectToast(page, "Catégorie supprimée avec succès");
    await expect(row(page, edited)).toHaveCount(0);
    await page.goto("/categories");
    await expect(page.getByRole("heading", { level: 1, name: "Catégories" })).toBeVisible();
    await expect(page.getByRole("heading", { name: edited, exact: true })).toHaveCount(0);

    await page.goto("/admin/brands");
    await confirmDelete(page, brandName, "Toutes les offres et tous les codes promo associés seront également supprimés, et restaurés avec elle.");
    await expectToast(page, "Marque supprimée");
  });

  test("brand: create (slug follows the name), edit, delete; its public page follows", async ({ page }) => {
    await signInAsAdmin(page);
    const tag = suffix();
    const name = `Marque E2E ${tag}`;
    const slug = `marque-e2e-${tag}`;
    await page.goto("/admin/brands");
    await page.getByRole("button", { name: "Ajouter une marque" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nom*").fill(name);
    await expect(dialog.getByLabel("Slug*")).toHaveValue(slug);
    await dialog.getByLabel("Catégorie").fill("Soin");
    await dialog.getByLabel("Description").fill(`La marque ${tag} du test.`);
    await expect(dialog.getByLabel("Réduction max (%)")).toHaveCount(0); // derived from live codes and deals (issue #11)
    await expect(dialog.getByLabel(/Cashback/)).toHaveCount(0); // the brand's programmes give the rate (issue #34)
    await submitDialog(page, "Ajouter");
    await expectToast(page, "Marque créée");
    await expect(row(page, name)).toContainText(slug);

    await page.goto(`/marques/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(`La marque ${tag} du test.`)).toBeVisible();
    // no code, no deal: no reduction to claim
    await expect(page.getByText("Jusqu'à")).toHaveCount(0);

    await page.goto("/admin/brands");
    await page.getByRole("button", { name: `Modifier ${name}`, exact: true }).click();
    await dialog.getByLabel("Description").fill(`La marque ${tag}, modifiée.`);
    await submitDialog(page, "Mettre à jour");
    await expectToast(page, "Marque mise à jour");

    await page.goto(`/marques/${slug}`);
    await expect(page.getByText(`La marque ${tag}, modifiée.`)).toBeVisible();

    await page.goto("/admin/brands");
    await confirmDelete(page, name, "Toutes les offres et tous les codes promo associés seront également supprimés, et restaurés avec elle.");
    await expectToast(page, "Marque supprimée");
    await expect(row(page, name)).toHaveCount(0);
    const gone = await page.goto(`/marques/${slug}`);
    expect(gone?.status()).toBe(404);
  });

  test("page: create, edit, delete; /{slug} follows", async ({ page }) => {
    await signInAsAdmin(page);
    const tag = suffix();
    const title = `Page E2E ${tag}`;
    const slug = `page-e2e-${tag}`;
    await page.goto("/admin/pages");
    await page.getByRole("button", { name: "Ajouter une page" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Titre*").fill(title);
    await expect(dialog.getByLabel("Slug*")).toHaveValue(slug);
    await dialog.getByLabel("Meta description").fill("Une page créée par le test.");
    await dialog.getByRole("tab", { name: "HTML" }).click();
    await dialog.getByLabel("Contenu*").fill(`<p>Premier contenu ${tag}</p>`);
    await submitDialog(page, "Ajouter");
    await expectToast(page, "Page créée avec succès");
    await expect(row(page, title)).toContainText("Publié");
    await expect(row(page, title).getByRole("link", { name: `Voir ${title}` })).toHaveAttribute("href", `/${slug}`);
    await expect(row(page, title).getByRole("link", { name: `Voir ${title}` })).toHaveAttribute("target", "_blank");

    await page.goto(`/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(`Premier contenu ${tag}`)).toBeVisible();

    await page.goto("/admin/pages");
    await page.getByRole("button", { name: `Modifier ${title}`, exact: true }).click();
    await dialog.getByRole("tab", { name: "HTML" }).click();
    await dialog.getByLabel("Contenu*").fill(`<p>Second contenu ${tag}</p>`);
    await submitDialog(page, "Mettre à jour");
    await expectToast(page, "Page mise à jour avec succès");

    await page.goto(`/${slug}`);
    await expect(page.getByText(`Second contenu ${tag}`)).toBeVisible();
    await expect(page.getByText(`Premier contenu ${tag}`)).toHaveCount(0);

    await page.goto("/admin/pages");
    await confirmDelete(page, title, `Supprimer la page "${title}" ? Restaurable pendant 30 jours depuis la corbeille de l'historique.`);
    await expectToast(page, "Page supprimée avec succès");
    await expect(row(page, title)).toHaveCount(0);
    const gone = await page.goto(`/${slug}`);
    expect(gone?.status()).toBe(404);
  });

  test("content block: the home subtitle is created, edited, deleted, then initialised again", async ({ page }) => {
    await signInAsAdmin(page);
    const tag = suffix();
    const hero = page.locator("main").first();
    await page.goto("/admin/content?contentPage=home");
    await expect(page.getByLabel("Page", { exact: true })).toHaveValue("home");

    // the seeded block goes first, so that the one created here is the one the home page shows
    await confirmDelete(page, "hero-subtitle", `Supprimer le bloc "hero-subtitle" ? Restaurable pendant 30 jours depuis la corbeille de l'historique.`);
    await expectToast(page, "Bloc de contenu supprimé avec succès");
    await expect(row(page, "hero-subtitle")).toHaveCount(0);

    await page.getByRole("button", { name: "Ajouter un bloc" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nom*").fill("hero-subtitle");
    await dialog.getByLabel("Titre*").fill("Sous-titre du hero");
    await dialog.getByLabel("Page*").selectOption("home");
    await dialog.getByLabel("Position").fill("3");
    // a json block must hold valid JSON: refused in the browser, the message shows in the form
    await dialog.getByLabel("Type", { exact: true }).selectOption("json");
    await dialog.getByLabel("Contenu*").fill('{"sous-titre": "oups",}');
    await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Le contenu n'est pas un JSON valide : erreur à la ligne 1, colonne 23.");
    await dialog.getByLabel("Type", { exact: true }).selectOption("text");
    await dialog.getByLabel("Contenu*").fill(`Le sous-titre du test ${tag}.`);
    await submitDialog(page, "Ajouter");
    await expectToast(page, "Bloc de contenu créé avec succès");
    await expect(row(page, "hero-subtitle")).toContainText("Accueil");

    await page.goto("/");
    await expect(hero.getByText(`Le sous-titre du test ${tag}.`)).toBeVisible();

    await page.goto("/admin/content?contentPage=home");
    await page.getByRole("button", { name: "Modifier hero-subtitle", exact: true }).click();
    await dialog.getByLabel("Contenu*").fill(`Le sous-titre modifié ${tag}.`);
    await submitDialog(page, "Mettre à jour");
    await expectToast(page, "Bloc de contenu mis à jour avec succès");

    await page.goto("/");
    await expect(hero.getByText(`Le sous-titre modifié ${tag}.`)).toBeVisible();

    await page.goto("/admin/content?contentPage=home");
    await confirmDelete(page, "hero-subtitle", `Supprimer le bloc "hero-subtitle" ? Restaurable pendant 30 jours depuis la corbeille de l'historique.`);
    await expectToast(page, "Bloc de contenu supprimé avec succès");
    await expect(row(page, "hero-subtitle")).toHaveCount(0);
    await page.goto("/");
    await expect(hero.getByText(`Le sous-titre modifié ${tag}.`)).toHaveCount(0);
    await expect(hero.getByText(/Codes promo vérifiés, deals du jour/)).toBeVisible();

    // the dashboard's initialisation puts the missing home block back, with its default text
    await page.goto("/admin");
    await page.getByRole("button", { name: "Initialiser le contenu" }).click();
    await expectToast(page, "Succès");
    await page.goto("/admin/content?contentPage=home");
    await expect(row(page, "hero-subtitle")).toContainText("Sous-titre du hero");
  });

  test("content block: an about block shows on /apropos; the page selector offers only pages that display blocks", async ({ page }) => {
    await signInAsAdmin(page);
    const tag = suffix();
    const name = `about-${tag}`;
    await page.goto("/admin/content");
    await page.getByRole("button", { name: "Ajouter un bloc" }).click();
    const dialog = page.getByRole("dialog");
    const pageSelect = dialog.getByLabel("Page*");
    const offered = await pageSelect.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(offered.slice(0, 4)).toEqual(["home", "about", "pourquoi-crevarde", "blog"]);
    expect(offered).not.toContain("contact");
    expect(offered).not.toContain("custom");
    await dialog.getByLabel("Nom*").fill(name);
    await dialog.getByLabel("Titre*").fill(`Notre histoire ${tag}`);
    await pageSelect.selectOption("about");
    await dialog.getByLabel("Type", { exact: true }).selectOption("html");
    await dialog.getByRole("tab", { name: "HTML" }).click();
    await dialog.getByLabel("Contenu*").fill(`<p>Une équipe <strong>${tag}</strong> de chasseuses de bons plans.</p>`);
    await submitDialog(page, "Ajouter");
    await expectToast(page, "Bloc de contenu créé avec succès");

    await page.goto("/apropos");
    const block = page.locator(`[data-block="${name}"]`);
    await expect(block.getByRole("heading", { level: 2, name: `Notre histoire ${tag}` })).toBeVisible();
    await expect(block.locator("strong")).toHaveText(tag);

    await page.goto("/admin/content?contentPage=about");
    await confirmDelete(page, name, `Supprimer le bloc "${name}" ? Restaurable pendant 30 jours depuis la corbeille de l'historique.`);
    await expectToast(page, "Bloc de contenu supprimé avec succès");
    await page.goto("/apropos");
    await expect(page.locator(`[data-block="${name}"]`)).toHaveCount(0);
  });

  test("the French pager pages a long list and keeps its filter", async ({ page, baseURL }) => {
    await signInAsAdmin(page);
    const site = `pager-${suffix()}`;
    // 51 blocks of a page created in "Pages" (blocks only go to pages that display them): one more than a page
    const created = await page.request.post("/admin/pages", {
      form: { intent: "save", title: `Pager ${site}`, slug: site, content: "<p>Page du pager</p>", status: "draft" },
      headers: { origin: baseURL! },
    });
    expect(created.status()).toBe(200);
    for (let i = 0; i < 51; i++) {
      const r = await page.request.post("/admin/content", {
        form: { intent: "save", name: `bloc-${String(i).padStart(2, "0")}`, title: `Bloc ${i}`, content: "x", type: "text", page: site, position: String(i) },
        headers: { origin: baseURL! },
      });
      expect(r.status()).toBe(200);
    }
    await page.goto(`/admin/content?contentPage=${site}`);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await expect(pager).toContainText("Page 1 sur 2");
    await expect(page.getByRole("row").filter({ hasText: site })).toHaveCount(50);
    await expect(pager.getByRole("button", { name: "Précédent" })).toBeDisabled();
    await pager.getByRole("link", { name: "Suivant" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/content\\?contentPage=${site}&page=2$`));
    await expect(pager).toContainText("Page 2 sur 2");
    await expect(page.getByRole("row").filter({ hasText: site })).toHaveCount(1);
    await expect(row(page, "bloc-50")).toBeVisible();
    await expect(pager.getByRole("button", { name: "Suivant" })).toBeDisabled();
    await pager.getByRole("link", { name: "Précédent" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/content\\?contentPage=${site}$`));
    await expect(row(page, "bloc-00")).toBeVisible();
    // a page number past the end shows the last page
    await page.goto(`/admin/content?contentPage=${site}&page=999`);
    await expect(pager).toContainText("Page 2 sur 2");
  });

  test("user: an account is promoted to admin, then deleted", async ({ page, browser }) => {
    // a fresh account, signed up in its own browser context
    const email = `role-${suffix()}@example.fr`;
    const visitor = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `10.77.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 254)}` } });
    const signup = await visitor.newPage();
    await signup.goto("/auth?tab=signup");
    const form = signup.getByRole("form", { name: "Inscription" });
    await form.getByLabel("Pseudo").fill(`Promue-${suffix()}`);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Mot de passe", { exact: true }).fill("Rouge-gorge 2025");
    await form.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(signup.getByRole("status").getByText("Vérifie ton email pour confirmer ton compte.")).toBeVisible();
    await visitor.close();

    await signInAsAdmin(page);
    await page.goto("/admin/users");
    await page.getByRole("searchbox", { name: "Rechercher un utilisateur" }).fill(email);
    await page.getByRole("button", { name: "Rechercher", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users\?(.*&)?q=/);
    const user = row(page, email);
    await expect(user).toContainText("Utilisateur");
    await user.getByRole("button", { name: `Modifier ${email}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
    await expect(dialog.getByLabel("Email")).toBeDisabled();
    await dialog.getByLabel("Rôle").selectOption("admin");
    await submitDialog(page, "Mettre à jour");
    await expectToast(page, "Utilisateur mis à jour avec succès");
    await expect(user).toContainText("Administrateur");

    await confirmDelete(page, email, `Supprimer définitivement l'utilisateur "${email}" ? Cette action est irréversible.`);
    await expectToast(page, "Utilisateur supprimé avec succès");
    await expect(row(page, email)).toHaveCount(0);
    await expect(page.getByText("Aucun utilisateur trouvé")).toBeVisible();
  });
});
