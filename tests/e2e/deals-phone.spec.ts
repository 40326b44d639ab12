import { expect, test } from "./fixtures";

/**
 * Issue #34 item 11: on a phone, the search field of /coup-de-crevarde has a row of its own (its
 * whole placeholder shows, not « Rech »), and the tab row scrolls sideways with a fade at its edge
 * that says so. At 1280 px the field shares its row with the filters and the tabs fit.
 */
test("/coup-de-crevarde: the search field shows its whole placeholder and the tab row scrolls on a phone @layout", async ({ page }) => {
  await page.goto("/coup-de-crevarde");
  const field = page.getByRole("searchbox", { name: "Rechercher un deal" });
  await expect(field).toBeVisible();

  // the placeholder's width in the field's own font, against the room the field gives its text
  const room = await field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(input.placeholder).width;
    const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, inner, placeholder: input.placeholder };
  });
  expect(room.placeholder).toBe("Recherche par nom ou description...");
  expect(room.inner, `the field leaves ${room.inner} px for a placeholder of ${room.text} px`).toBeGreaterThanOrEqual(room.text);

  const filters = page.getByRole("button", { name: /Filtrer/ });
  const fieldBox = (await field.boundingBox())!;
  const filtersBox = (await filters.boundingBox())!;
  const tabs = page.getByTestId("deal-tabs");
  const fade = page.getByTestId("deal-tabs-fade");
  const phone = page.viewportSize()!.width < 640;

  if (phone) {
    // a row of its own: the filters start below the field, and the field spans the content's width
    expect(filtersBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height);
    expect(fieldBox.width).toBeGreaterThan(page.viewportSize()!.width - 64);

    // the tabs are wider than the screen: the row scrolls, and its edge fades
    const before = await tabs.evaluate((nav) => ({ scroll: nav.scrollWidth, client: nav.clientWidth, overflow: getComputedStyle(nav).overflowX }));
    expect(before.scroll).toBeGreaterThan(before.client);
    expect(before.overflow).toMatch(/auto|scroll/);
    await expect(fade).toBeVisible();
    const fadeBox = (await fade.boundingBox())!;
    const tabsBox = (await tabs.boundingBox())!;
    expect(Math.abs(fadeBox.x + fadeBox.width - (tabsBox.x + tabsBox.width))).toBeLessThan(2);
    await tabs.evaluate((nav) => nav.scrollBy({ left: 1000, behavior: "instant" }));
    expect(await tabs.evaluate((nav) => nav.scrollLeft)).toBeGreaterThan(0);
    // scrolled to its end, the last tab clears the fade
    const last = (await page.getByRole("link", { name: "Commentés" }).boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(fadeBox.x + 1);
  } else {
    // wide screens: the field and the filters share a row, the tabs fit, no fade
    expect(filtersBox.y).toBeLessThan(fieldBox.y + fieldBox.height);
    expect(await tabs.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
    await expect(fade).toBeHidden();
  }
});
