import { expect, test } from "./fixtures";

// Issue #14: the header's search (combobox with suggestions), /recherche, and
// the deals page's sorts, brand filter and typo correction.

const openHeaderSearch = async (page: import("@playwright/test").Page) => {
  await page.getByRole("link", { name: "Rechercher sur Crevarde" }).click();
  const box = page.getByRole("combobox", { name: "Rechercher sur Crevarde" });
  await expect(box).toBeFocused();
  return box;
};

test("header search: suggestions as you type, chosen with the keyboard", async ({ page }) => {
  await page.goto("/marques");
  const box = await openHeaderSearch(page);
  await box.pressSequentially("pinc");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option", { name: /pinceaux/ }).first()).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await box.press("ArrowDown");
  const first = list.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  // Escape closes the list and keeps the text; ArrowDown opens it again
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("pinc");
  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/recherche\?q=pinceaux$/);
  await expect(page.getByRole("heading", { name: "Deals", level: 2 })).toBeVisible();
  await expect(page.locator("section[aria-labelledby=search-deals] article h3").first()).toHaveText("Lot de 20 pinceaux de maquillage");
});

test("header search: a brand suggestion chosen with the mouse opens the brand page", async ({ page }) => {
  await page.goto("/");
  const box = await openHeaderSearch(page);
  await box.pressSequentially("nux");
  const option = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: /Nuxe.*Marque/ });
  await option.click();
  await expect(page).toHaveURL(/\/marques\/nuxe$/);
  await expect(page.getByRole("heading", { name: "Nuxe", level: 1 })).toBeVisible();
});

test("header search: Enter without a suggestion submits to /recherche", async ({ page }) => {
  await page.goto("/blog");
  const box = await openHeaderSearch(page);
  await box.fill("CAFE");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/recherche\?q=CAFE$/);
  await expect(page.getByRole("combobox", { name: "Rechercher sur Crevarde" }).first()).toHaveValue("CAFE");
});

test("/recherche: a typo is corrected, and 'Tu voulais dire' offers the catalogue's word", async ({ page }) => {
  // one letter off: searched as the catalogue's word
  await page.goto("/recherche?q=maquilage");
  await expect(page.getByTestId("search-correction")).toHaveText(/Résultats pour «\s*maquillage\s*»/);
  await expect(page.locator("section[aria-labelledby=search-deals] article h3").first()).toBeVisible();
  // too far to be sure: nothing found, a correction offered
  await page.goto("/recherche?q=brosh");
  await expect(page.getByText("Aucun résultat", { exact: true })).toBeVisible();
  await page.getByTestId("search-correction").getByRole("link", { name: "brosse" }).click();
  await expect(page).toHaveURL(/\/recherche\?q=brosse$/);
  await expect(page.locator("section[aria-labelledby=search-deals] article h3")).toContainText(["Brosse nettoyante visage en silicone"]);
});

test("deals page: the sorts, in the URL", async ({ page }) => {
  // what the words match (accents, several words in any order) is tests/integration/search.test.ts's
  // "Prix croissant" through the interface
  await page.goto("/coup-de-crevarde");
  const sort = page.getByRole("combobox", { name: "Trier par" });
  await expect(sort).toHaveValue("nouveautes");
  await expect(sort.locator("option")).toHaveText(["Nouveautés", "Prix croissant"]);
  await sort.selectOption("prix");
  await expect(page).toHaveURL(/tri=prix/);
  const prices = async () =>
    (await page.locator("article").evaluateAll((cards) => cards.map((c) => c.textContent ?? "")))
      .map((t) => t.match(/(\d+),(\d{2})\s?€/))
      .filter((m): m is RegExpMatchArray => m !== null)
      .map((m) => Number(`${m[1]}.${m[2]}`));
  // the URL changes before React renders the new list (the router's updates are transitions): wait for the list
  const ascending = (list: number[]) => list.length > 2 && list.every((price, i) => i === 0 || list[i - 1]! <= price);
  await expect.poll(async () => ascending(await prices()), { message: "the cards' prices, ascending" }).toBe(true);

  // with a query, "Pertinence" is offered and is the default
  await page.goto("/coup-de-crevarde?q=pinceaux");
  await expect(page.getByRole("combobox", { name: "Trier par" })).toHaveValue("pertinence");
  await expect(page.getByTestId("deals-count")).toHaveText(/^\d+ deals?$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the deals search, its sort and the global search still work as plain forms", async ({ page }) => {
    await page.goto("/coup-de-crevarde");
    const box = page.getByRole("searchbox", { name: "Rechercher un deal" });
    await box.fill("pinceaux");
    await page.getByRole("combobox", { name: "Trier par" }).selectOption("prix");
    await page.getByRole("button", { name: "Rechercher", exact: true }).click();
    await expect(page).toHaveURL(/q=pinceaux.*tri=prix|tri=prix.*q=pinceaux/);
    await expect(page.locator("article h3")).toHaveText(["Lot de 20 pinceaux de maquillage"]);
    // the filters are links
    await page.getByRole("navigation", { name: "Filtres" }).getByRole("link", { name: "shein" }).click();
    await expect(page).toHaveURL(/source=shein/);
    await expect(page.getByText("Aucun deal ne correspond à ta recherche.")).toBeVisible();

    // the header's search is a link to /recherche, whose form submits
    await page.getByRole("link", { name: "Rechercher sur Crevarde" }).click();
    await expect(page).toHaveURL(/\/recherche$/);
    await page.getByRole("combobox", { name: "Rechercher sur Crevarde" }).fill("etanche");
    await page.getByRole("combobox", { name: "Rechercher sur Crevarde" }).press("Enter");
    await expect(page).toHaveURL(/\/recherche\?q=etanche$/);
    await expect(page.locator("section[aria-labelledby=search-deals] article h3")).toHaveText(["Brosse nettoyante visage en silicone"]);
  });
});
