import { describe, expect, it } from "vitest";
import { codePercent, dealPercent, maxDiscountPercent, upToLabel } from "./discount";

describe("a brand's 'Jusqu'à -X %'", () => {
  it("reads percentages from code discounts, not amounts", () => {
    expect(codePercent("15%")).toBe(15);
    expect(codePercent("-20 %")).toBe(20);
    expect(codePercent("12,5 %")).toBe(12.5);
    expect(codePercent("10€")).toBeNull();
    expect(codePercent("0%")).toBeNull();
    expect(codePercent("150%")).toBeNull();
  });
  it("reads a deal's reduction from its original price", () => {
    expect(dealPercent("59€", "100,00€")).toBe(41);
    expect(dealPercent("6,49€", "39,90€")).toBeCloseTo(83.73, 2);
    expect(dealPercent("10€", null)).toBeNull();
    expect(dealPercent("10€", "10€")).toBeNull();
    expect(dealPercent("gratuit", "10€")).toBeNull();
  });
  it("keeps the best, rounded down; 0 and no label when there is none", () => {
    expect(maxDiscountPercent(["15%", "10€"], [{ price: "6,49€", originalPrice: "39,90€" }])).toBe(83);
    expect(maxDiscountPercent(["10€"], [{ price: "5€", originalPrice: null }])).toBe(0);
    expect(maxDiscountPercent([], [])).toBe(0);
    // a deal with a reference price counts its true reduction, never its typed original price (ADR 049)
    expect(maxDiscountPercent(["15%"], [{ price: "14,99€", originalPrice: "29,98€", priceTruth: { reduction: 11 } }])).toBe(15);
    expect(maxDiscountPercent([], [{ price: "14,99€", originalPrice: "29,98€", priceTruth: { reduction: 0 } }])).toBe(0);
    expect(maxDiscountPercent([], [{ price: "15€", originalPrice: "29,98€", priceTruth: null }])).toBe(49);
    expect(upToLabel(30)).toBe("Jusqu'à -30\u00a0%");
    expect(upToLabel(0)).toBeNull();
  });
});
