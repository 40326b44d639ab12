import { describe, expect, it } from "vitest";
import { codesText } from "./banner";

describe("the banner's number of codes (issue #40 item 3)", () => {
  it.each([
    [0, "Aucun code promo sur Crevarde en ce moment"],
    [1, "1 code promo sur Crevarde"],
    [3, "3 codes promo sur Crevarde"],
  ])("%i: « %s »", (n, text) => {
    expect(codesText(n)).toBe(text);
  });
});
