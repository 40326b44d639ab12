import type { Page } from "@playwright/test";
import { DEMO_MEMBER, expect, isMobile, noHorizontalScroll, signedInAs, test } from "./fixtures";
import { LONG_EMAIL, listCodePrefix, listCodes } from "./admin-lists-fixture";

/**
 * The back office's list engine (issue #17) on /admin/promo-codes, at 1280 and
 * 390 px: search, filters and sort in the URL, bulk actions with confirmation,
 * stacked cards on a phone, and edit dialogs that ask before losing changes.
 * Each project works on its own three codes (tests/e2e/admin-lists-fixture.ts).
 */

async function signInAsAdmin(page: Page) {
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
}

const codeRow = (page: Page, code: string) => page.getByRole("row").filter({ hasText: code });

test("search, filter and sort live in the URL; nothing scrolls sideways @layout", async ({ page }, info) => {
  const [one, two, three] = listCodes(info.project.name);
  await signInAsAdmin(page);
  await page.goto("/admin/promo-codes");
  const bar = page.getByRole("search", { name: "Filtrer les codes promo" });
  await bar.getByLabel("Rechercher (code, marque, description)").fill(listCodePrefix(info.project.name).toLowerCase());
  await bar.getByLabel("Rechercher (code, marque, description)").press("Enter");
  await expect(page).toHaveURL(new RegExp(`q=${listCodePrefix(info.project.name).toLowerCase()}`));
  await expect(codeRow(page, "LISTE")).toHaveCount(3);
  await noHorizontalScroll(page);

  // a choice applies at once
  await bar.getByLabel("Expiration").selectOption({ label: "Expirés" });
  await expect(page).toHaveURL(/expiry=expired/);
  await expect(codeRow(page, "LISTE")).toHaveCount(1);
  await expect(codeRow(page, two)).toContainText("(Expiré)");
  await page.reload();
  await expect(bar.getByLabel("Expiration")).toHaveValue("expired");
  await expect(codeRow(page, "LISTE")).toHaveCount(1);

  await bar.getByRole("link", { name: "Réinitialiser" }).click();
  await expect(page).not.toHaveURL(/expiry=/);
  await expect(bar.getByLabel("Rechercher (code, marque, description)")).toHaveValue("");

  await page.goto(`/admin/promo-codes?q=${listCodePrefix(info.project.name)}&sort=expires&dir=asc`);
  await expect(codeRow(page, "LISTE").first()).toContainText(two);
  if (!isMobile(page)) {
    // a click on a column header sorts by it, then flips the direction
    const header = page.getByRole("columnheader", { name: "Code" });
    await header.getByRole("link").click();
    await expect(page).toHaveURL(/sort=code&dir=asc/);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expect(codeRow(page, "LISTE").first()).toContainText(one);
    await header.getByRole("link").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect(codeRow(page, "LISTE").first()).toContainText(three);
  }
  await noHorizontalScroll(page);
});

test("bulk actions ask first, then write every ticked code @layout", async ({ page }, info) => {
  const [one, , three] = listCodes(info.project.name);
  await signInAsAdmin(page);
  await page.goto(`/admin/promo-codes?q=${listCodePrefix(info.project.name)}`);
  await expect(codeRow(page, one)).toContainText("Non");
  await page.getByRole("checkbox", { name: `Sélectionner ${one}` }).check();
  await page.getByRole("checkbox", { name: `Sélectionner ${three}` }).check();
  const bulk = page.getByRole("region", { name: "Actions groupées" });
  await expect(bulk).toContainText("2 codes promo sélectionnés");
  await bulk.getByRole("button", { name: "Mettre en avant" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Mettre ces 2 codes promo en avant sur la page d'accueil ?");
  await confirm.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "2 codes promo mis en avant" }).first()).toBeVisible();
  await expect(codeRow(page, one)).toContainText("Oui");
  await expect(codeRow(page, three)).toContainText("Oui");
  // the selection is cleared after the action
  await expect(bulk).toBeHidden();

  // « Tout sélectionner » then cancel: nothing changes
  await page.getByRole("checkbox", { name: "Tout sélectionner" }).check();
  await expect(bulk).toContainText("3 codes promo sélectionnés");
  await bulk.getByRole("button", { name: "Supprimer" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Annuler" }).click();
  await expect(codeRow(page, "LISTE")).toHaveCount(3);
});

test("on a phone each code is a card with its actions in view; on a desktop the actions fit @layout", async ({ page }, info) => {
  const [one] = listCodes(info.project.name);
  await signInAsAdmin(page);
  await page.goto(`/admin/promo-codes?q=${listCodePrefix(info.project.name)}`);
  const edit = page.getByRole("button", { name: `Modifier ${one}`, exact: true });
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toBeInViewport();
  const box = (await edit.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  if (isMobile(page)) {
    // a card: the labels are shown beside the values
    await expect(codeRow(page, one).getByText("Expiration", { exact: true })).toBeVisible();
  } else {
    // the row's icons stay on one line, and the code is not cut mid-word to make room for them
    const row = codeRow(page, one);
    const tops = await Promise.all(
      [`Modifier ${one}`, `Dupliquer ${one}`, `Supprimer ${one}`].map(async (name) => (await row.getByRole("button", { name, exact: true }).boundingBox())!.y),
    );
    expect(new Set(tops).size).toBe(1);
    const code = row.getByText(one, { exact: true });
    const lines = await code.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
    expect(lines).toBeLessThan(1.5);
  }
  await noHorizontalScroll(page);
});

test("« Publier le » and « Dépublier le » line up in the edit dialog @layout", async ({ page }, info) => {
  const [one] = listCodes(info.project.name);
  await signInAsAdmin(page);
  await page.goto(`/admin/promo-codes?q=${listCodePrefix(info.project.name)}`);
  await page.getByRole("button", { name: `Modifier ${one}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier un code promo" });
  const publish = (await dialog.getByLabel("Publier le", { exact: true }).boundingBox())!;
  const unpublish = (await dialog.getByLabel("Dépublier le", { exact: true }).boundingBox())!;
  if (isMobile(page)) {
    // one under the other on a phone
    expect(unpublish.y).toBeGreaterThan(publish.y + publish.height);
  } else {
    // side by side, at one height, though their hints differ in length
    expect(unpublish.y).toBe(publish.y);
    expect(unpublish.height).toBe(publish.height);
    expect(unpublish.x).toBeGreaterThan(publish.x + publish.width);
  }
});

test.describe("before the visitor's cookie choice", () => {
  test.use({ withConsent: false });

  test("no consent banner in the back office, even before the choice: a dialog's buttons answer @layout", async ({ page }, info) => {
    const [one] = listCodes(info.project.name);
    await signInAsAdmin(page);
    await page.goto(`/admin/promo-codes?q=${listCodePrefix(info.project.name)}`);
    await page.getByRole("button", { name: `Modifier ${one}`, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Modifier un code promo" });
    await expect(dialog).toBeVisible();
    // staff are not asked (issue #37 item 11): nothing sits over the dialog's buttons at the bottom of the screen
    await expect(page.locator("[data-consent-banner]")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
  });
});

test("an edit dialog with changes asks « Quitter sans enregistrer ? » before closing", async ({ page }, info) => {
  const [one] = listCodes(info.project.name);
  await signInAsAdmin(page);
  await page.goto(`/admin/promo-codes?q=${listCodePrefix(info.project.name)}`);
  const dialog = page.getByRole("dialog");

  // untouched: closes at once
  await page.getByRole("button", { name: `Modifier ${one}`, exact: true }).click();
  await expect(dialog.getByRole("heading", { name: "Modifier un code promo" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: `Modifier ${one}`, exact: true }).click();
  await dialog.getByLabel("Description").fill("Texte en cours de saisie");
  await page.keyboard.press("Escape");
  const ask = page.getByRole("alertdialog");
  await expect(ask.getByRole("heading", { name: "Quitter sans enregistrer ?" })).toBeVisible();
  await ask.getByRole("button", { name: "Continuer la saisie" }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel("Description")).toHaveValue("Texte en cours de saisie");

  await dialog.getByRole("button", { name: "Annuler" }).click();
  await ask.getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await expect(dialog).toBeHidden();
  await expect(codeRow(page, one)).not.toContainText("Texte en cours de saisie");
});

test("the users list shows a member's validated cashback in euros, written the French way @layout", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(DEMO_MEMBER.email)}`);
  // the demo member's validated cashback, as /profile and /mon-cashback count it (issue #34 item 8)
  await expect(page.getByRole("columnheader", { name: "Cashback validé" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: DEMO_MEMBER.email })).toContainText("12,34 €");
  await noHorizontalScroll(page);
});

test("a long e-mail is cut with « … » on one line, the whole address in its title; badges stay on one line @layout", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(LONG_EMAIL.slice(0, 20))}`);
  const cell = page.getByRole("row").filter({ hasText: "Adresse longue" }).getByTitle(LONG_EMAIL, { exact: true });
  await expect(cell).toBeVisible();
  const shape = await cell.evaluate((el) => {
    const style = getComputedStyle(el);
    return { ellipsis: style.textOverflow, cut: el.scrollWidth > el.clientWidth, lines: Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight)) };
  });
  expect(shape).toEqual({ ellipsis: "ellipsis", cut: true, lines: 1 });
  await noHorizontalScroll(page);

  // the deals' badges (« Publié », « Programmé »…): never two lines
  await page.goto("/admin/crevarde-deals");
  const badges = page.getByRole("table", { name: "Deals" }).locator('[data-slot="badge"]');
  await expect(badges.first()).toBeVisible();
  const wrapped = await badges.evaluateAll((els) =>
    els
      .filter((el) => {
        const style = getComputedStyle(el);
        const inner = el.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
        return inner > parseFloat(style.lineHeight) * 1.5;
      })
      .map((el) => el.textContent),
  );
  expect(wrapped).toEqual([]);
});

test("every back-office table holds its box, and no cell breaks a word in two @layout", async ({ page }) => {
  // twelve lists, one after the other
  test.slow();
  await signInAsAdmin(page);
  for (const path of ["/admin/promo-codes", "/admin/offers", "/admin/crevarde-deals", "/admin/brands", "/admin/categories", "/admin/programmes", "/admin/pages", "/admin/blog", "/admin/aide", "/admin/content", "/admin/users", "/admin/conversions"]) {
    await page.goto(path);
    const tables = page.getByRole("main").getByRole("table");
    await expect(tables.first(), path).toBeVisible();
    const problems = await tables.evaluateAll((all, phone) =>
      all.flatMap((table) => {
        const found: string[] = [];
        const box = table.parentElement!;
        // at 1280 px; a phone's wide tables (a programme's rates) scroll in their box
        if (!phone && table.scrollWidth > box.clientWidth + 1) found.push(`table ${table.getAttribute("aria-label")} is ${table.scrollWidth} px wide in ${box.clientWidth} px`);
        const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest("thead, .sr-only, [aria-hidden=true]")) continue;
          // a compound word may break after its hyphen (« Aroma-/Zone »), as typography allows
          for (const word of (node.textContent ?? "").matchAll(/[^\s-]+/g)) {
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (tops.size > 1) found.push(`« ${word[0]} » broken in two`);
          }
        }
        return found;
      }),
      isMobile(page),
    );
    expect(problems, path).toEqual([]);
  }
});

test("on a 1280 × 800 screen the sidebar scrolls: its last links are in reach", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/historique?onglet=corbeille");
  const nav = page.getByRole("navigation", { name: "Administration" });
  // the sidebar is taller than the window: its own scroll brings the last links into view (a click scrolls it)
  const last = nav.getByRole("link", { name: "Messages de contact" });
  await last.click();
  await expect(page).toHaveURL(/\/admin\/contact$/);
  const { scrollHeight, clientHeight } = await page.locator("aside").evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
  expect(scrollHeight).toBeGreaterThan(clientHeight);
});
