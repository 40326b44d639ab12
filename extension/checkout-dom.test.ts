import { describe, expect, it } from "vitest";
import { watchedSelectors } from "./checkout-dom";

describe("the checkout driver's watch (issue #40 item 6)", () => {
  it("watches the total, the coupon error and the error page", () => {
    expect(watchedSelectors({ couponInput: "#c", applyButton: "#a", total: "#t", couponError: "#e", errorPage: "#x" })).toBe("#t, #e, #x");
  });

  it("watches only the selectors the shop has: the coupon error and the error page are optional", () => {
    expect(watchedSelectors({ couponInput: "#c", applyButton: "#a", total: "#t" })).toBe("#t");
    expect(watchedSelectors({ couponInput: "#c", applyButton: "#a", total: "#t", errorPage: "#x" })).toBe("#t, #x");
  });
});
