import { describe, expect, it } from "vitest";
import { parsePrice } from "./offers";

describe("parsePrice", () => {
  it("parses French price texts", () => {
    expect(parsePrice("89,00€")).toBe(89);
    expect(parsePrice("1 299,90 €")).toBe(1299.9);
    expect(parsePrice("1.299,90 €")).toBe(1299.9);
    expect(parsePrice("gratuit")).toBeNull();
  });
});
