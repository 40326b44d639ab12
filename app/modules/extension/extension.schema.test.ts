import { describe, expect, it } from "vitest";
import { checkoutSelectorsSchema, isSelectorSyntax } from "./extension.schema";

describe("checkout selectors without a browser (issue #40 item 6, ADR 050)", () => {
  it.each([
    "#coupon",
    "form.checkout button[type=submit]",
    ".order-total > strong",
    "input[name=\"coupon[code]\"]",
    "li:nth-child(2n+1) ~ li",
    "#a, #b",
    "[data-label='{ pas du CSS ; }']",
    "#prix\\{total\\}",
    "div:not(.hidden):has(> .total)",
  ])("accepts %s", (selector) => expect(isSelectorSyntax(selector)).toBe(true));

  it.each([
    "#ok { color: red }",
    "#a; #b",
    "<div>",
    "[data-error",
    "div:not(.a",
    "#a)",
    "[title=\"ouvert]",
    "#a >",
    ", #a",
    "#a,, #b",
    "#a > > #b",
    "#a\\",
    "[a)",
  ])("refuses %s", (selector) => expect(isSelectorSyntax(selector)).toBe(false));

  it("needs the coupon field, the apply button and the total; the coupon error, the error page and the remove button are optional", () => {
    const three = { couponInput: "#c", applyButton: "#a", total: "#t" };
    expect(checkoutSelectorsSchema.safeParse(three).data).toEqual(three);
    expect(checkoutSelectorsSchema.safeParse({ couponInput: "#c", applyButton: "#a" }).success).toBe(false);
    expect(checkoutSelectorsSchema.safeParse({ ...three, total: "#t {" }).success).toBe(false);
    const stacking = { ...three, removeCoupon: ".coupon button.retirer" };
    expect(checkoutSelectorsSchema.safeParse(stacking).data).toEqual(stacking);
    expect(checkoutSelectorsSchema.safeParse({ ...three, removeCoupon: "button.retirer >" }).success).toBe(false);
    expect(checkoutSelectorsSchema.safeParse({ ...three, retirer: ".r" }).success).toBe(false);
  });
});
