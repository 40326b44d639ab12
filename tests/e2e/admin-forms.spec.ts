import { DEMO_ADMIN, expect, signIn, test } from "./fixtures";

/**
 * Back-office forms on conform (issue #17): the entity's own zod schema checks
 * a field in the browser once it is left, the control is wired to its message
 * (aria-invalid, aria-describedby), and a form with errors is not sent. Writes
 * nothing, so both projects share the demo data.
 */
test("a promo code form checks its fields in the browser, with the server's French messages, and sends nothing while invalid", async ({ page }) => {
  await signIn(page, DEMO_ADMIN, "/auth?redirect=/admin");
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.goto("/admin/promo-codes");
  await page.getByRole("button", { name: "Ajouter un code promo" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un code promo" });
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
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await dialog.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(dialog.getByText("Le montant de réduction est obligatoire.")).toBeVisible();
  await expect(dialog.getByLabel("Montant de réduction*")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
});
