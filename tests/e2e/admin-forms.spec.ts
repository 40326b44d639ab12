import type { Page } from "@playwright/test";
import { expect, signedInAs, test } from "./fixtures";

/**
 * Back-office forms on conform (issue #17): the entity's own zod schema checks
 * a field in the browser once it is left, the control is wired to its message
 * (aria-invalid, aria-describedby), and a form with errors is not sent. Writes
 * nothing, so both projects share the demo data.
 */

/** Signed in as the admin, the create dialog of a back-office list. */
async function openCreateDialog(page: Page, path: string, button: string, title: string) {
  await signedInAs(page, "admin", "/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.goto(path);
  await page.getByRole("button", { name: button }).click();
  return page.getByRole("dialog", { name: title });
}

/** The URLs of the POST requests the page sends from now on. */
function recordPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test("a promo code form checks its fields in the browser, with the server's French messages, and sends nothing while invalid", async ({ page }) => {
  const dialog = await openCreateDialog(page, "/admin/promo-codes", "Ajouter un code promo", "Ajouter un code promo");
  const code = dialog.getByLabel("Code*");
  await expect(code).toBeVisible();

  // leaving the empty field shows the schema's message, tied to the field
  await code.focus();
  await dialog.getByLabel("Montant de réduction*").focus();
  const message = dialog.getByText("Le code est obligatoire.");
  await expect(message).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveAttribute("aria-describedby", /code-error/);

  // typing fixes it at once
  await code.fill("NOUVEAU10");
  await expect(message).toBeHidden();
  await expect(code).not.toHaveAttribute("aria-invalid", "true");

  // a submit with a missing required field stays in the browser
  const posts = recordPosts(page);
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog.getByText("Le montant de réduction est obligatoire.")).toBeVisible();
  await expect(dialog.getByLabel("Montant de réduction*")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});

test("the content block form checks its content in the browser, with the server's messages, and sends nothing while invalid", async ({ page }) => {
  const dialog = await openCreateDialog(page, "/admin/content", "Ajouter un bloc", "Ajouter un bloc de contenu");
  const posts = recordPosts(page);

  // nothing typed: the form-level message of the schema, at the bottom of the form
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Veuillez remplir les champs suivants : Nom, Titre, Contenu");

  // a json block that is no JSON: the message under « Contenu », tied to the field
  await dialog.getByLabel("Nom*").fill("essai-json");
  await dialog.getByLabel("Titre*").fill("Essai");
  await dialog.getByLabel("Page*").selectOption("home");
  await dialog.getByLabel("Type", { exact: true }).selectOption("json");
  const content = dialog.getByLabel("Contenu*");
  await content.fill('{"a": 1,}');
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Le contenu n'est pas un JSON valide : erreur à la ligne 1, colonne 9.");
  await expect(content).toHaveAttribute("aria-invalid", "true");
  await expect(content).toHaveAttribute("aria-describedby", /content-error/);

  // corrected: the message goes as it is typed
  await content.fill('{"a": 1}');
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await expect(content).not.toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});
