import { describe, expect, it } from "vitest";
import { discountedPrice, parsePrice } from "./offers";

describe("discountedPrice", () => {
  it("applies the cashback with a comma and two decimals", () => {
    expect(discountedPrice("89,00€", 13)).toBe("77,43€");
    expect(discountedPrice("32,90€", 9)).toBe("29,94€");
    expect(discountedPrice("100€", 0)).toBe("100,00€");
  });
  it("parses French price texts", () => {
    expect(parsePrice("1 299,90 €")).toBe(1299.9);
    expect(parsePrice("gratuit")).toBeNull();
    expect(discountedPrice("gratuit", 10)).toBeNull();
  });
});
