import { expect, signedInAs, test } from "./fixtures";

const WARNING = "Copiez cette adresse maintenant : elle ne sera plus affichée.";

test("finance generates a network's push secret and sees its URL once, fitting the screen @layout", async ({ page, baseURL }, testInfo) => {
  // one network per project: desktop and mobile run side by side
  const [network, label] = testInfo.project.name === "mobile" ? (["kwanko", "Kwanko"] as const) : (["awin", "Awin"] as const);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signedInAs(page, "finance", "/admin/programmes");
  const card = page.getByRole("list", { name: "Secrets des notifications" }).getByRole("listitem").filter({ hasText: label });
  await expect(card).toBeVisible();

  const generate = card.getByRole("button", { name: `Générer le secret ${label}` });
  if (await generate.isVisible()) {
    await expect(card).toContainText("Aucun secret");
    await generate.click();
  } else {
    // a database kept from an earlier run: the secret exists, rotation asks first
    await card.getByRole("button", { name: `Renouveler le secret ${label}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("cessera de fonctionner immédiatement");
    await confirm.getByRole("button", { name: `Renouveler le secret ${label}` }).click();
  }

  const shown = page.getByRole("region", { name: `Adresse de notification ${label}` });
  await expect(shown).toContainText(WARNING);
  const field = shown.getByRole("textbox", { name: `Adresse de notification ${label}` });
  const url = await field.inputValue();
  expect(url).toMatch(new RegExp(`/api/networks/${network}/push/[A-Za-z0-9_-]{43}$`));
  await expect(card).toContainText(/Secret créé le \d/);
  await expect(card.getByRole("button", { name: `Renouveler le secret ${label}` })).toBeVisible();

  await shown.getByRole("button", { name: "Copier l'adresse" }).click();
  await expect(shown.getByRole("button", { name: "Adresse copiée" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // nothing overflows the page, even on a phone
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // the network's pushes are accepted at that address
  const path = new URL(url).pathname;
  const res = await page.request.get(`${baseURL}${path}?sub=none`);
  expect(res.status()).toBe(200);

  // shown once: a reload no longer has it
  await page.reload();
  await expect(card).toContainText(/Secret créé le \d/);
  await expect(page.getByText(WARNING)).toHaveCount(0);
  expect(await page.content()).not.toContain(path);
});
