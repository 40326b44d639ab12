import type { Page } from "@playwright/test";
import { expect, signedInAs, test } from "./fixtures";

/**
 * Issue #17 item 3: the home testimonials edited item by item (add, move up with the keyboard,
 * remove), and the home page in that order. The block is shared by every visitor: this spec
 * runs in the shared-state project (playwright.config.ts), and removes its testimonial at the end.
 */
test.describe.configure({ mode: "serial" });

async function openTestimonials(page: Page) {
  await page.goto("/admin/content?contentPage=home");
  await page.getByRole("button", { name: "Modifier testimonials-list", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("tab", { name: "Éléments" })).toHaveAttribute("aria-selected", "true");
  return dialog;
}

for (const [viewport, width] of [["desktop", 1280], ["mobile", 390]] as const) {
  test(`${viewport}: adds a testimonial, moves it first with the keyboard; the home page shows that order`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const author = `Témoin ${viewport} ${Date.now().toString(36)}`;
    await signedInAs(page, "admin", "/admin");
    await page.waitForURL((url) => url.pathname === "/admin");
    let dialog = await openTestimonials(page);
    const items = dialog.getByRole("listitem").filter({ has: page.getByRole("group") });
    const count = await items.count();
    expect(count).toBeGreaterThan(0);

    await dialog.getByRole("button", { name: "Ajouter un témoignage" }).click();
    const n = count + 1;
    const added = dialog.getByRole("listitem", { name: `Témoignage ${n}` });
    await expect(added.getByLabel("Témoignage", { exact: true })).toBeFocused();
    await added.getByLabel("Témoignage", { exact: true }).fill(`Mon témoignage ${viewport}, tout en haut.`);
    // no author: refused in the browser (nothing is posted), said under the item, the field marked
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/admin/content")) posts.push(request.url());
    });
    await dialog.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(added.getByRole("alert")).toHaveText("le champ « Auteur » est obligatoire.");
    await expect(added.getByLabel("Auteur")).toHaveAttribute("aria-invalid", "true");
    await expect(added.getByLabel("Auteur")).toHaveAttribute("aria-describedby", /-error$/);
    await expect(dialog).toBeVisible();
    await added.getByLabel("Auteur").fill(author);
    // corrected: the message goes as it is typed
    await expect(added.getByRole("alert")).toHaveCount(0);
    await expect(added.getByLabel("Auteur")).not.toHaveAttribute("aria-invalid", "true");
    // a rating out of 0 to 5: refused in the browser too
    await added.getByLabel("Note (0 à 5)").fill("9");
    await dialog.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(added.getByRole("alert")).toHaveText("le champ « Note (0 à 5) » doit être compris entre 0 et 5.");
    await expect(added.getByLabel("Note (0 à 5)")).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);
    await added.getByLabel("Note (0 à 5)").fill("4");
    await expect(added.getByRole("alert")).toHaveCount(0);

    // up, up, … with Enter: the focus follows the moved item
    await dialog.getByRole("button", { name: `Monter Témoignage ${n}` }).focus();
    for (let i = n; i > 1; i--) {
      await expect(dialog.getByRole("button", { name: `Monter Témoignage ${i}` })).toBeFocused();
      await page.keyboard.press("Enter");
    }
    await expect(dialog.getByRole("button", { name: "Descendre Témoignage 1" })).toBeFocused();
    await expect(dialog.getByRole("listitem", { name: "Témoignage 1" }).getByLabel("Auteur")).toHaveValue(author);

    await dialog.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(page.getByText("Bloc de contenu mis à jour avec succès")).toBeVisible();

    await page.goto("/");
    const shown = page.locator(`section[aria-labelledby="testimonials-title"] li`);
    await expect(shown.first()).toContainText(author);
    await expect(shown.first()).toContainText(`Mon témoignage ${viewport}, tout en haut.`);

    // put the block back as it was
    dialog = await openTestimonials(page);
    await expect(dialog.getByRole("listitem", { name: "Témoignage 1" }).getByLabel("Auteur")).toHaveValue(author);
    await dialog.getByRole("button", { name: "Supprimer Témoignage 1" }).click();
    await expect(dialog.getByRole("listitem", { name: `Témoignage ${n}` })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(page.getByText("Bloc de contenu mis à jour avec succès")).toBeVisible();
    await page.goto("/");
    await expect(page.getByText(author)).toHaveCount(0);
  });
}
