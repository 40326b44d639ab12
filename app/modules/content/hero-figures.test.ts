import { describe, expect, it } from "vitest";
import { heroFigures } from "./hero-figures";

describe("hero figures", () => {
  it("writes counts the French way, singular for one, and hides a 0", () => {
    expect(heroFigures({ codes: 17, deals: 3500, brands: 1 })).toEqual([
      { value: "17", label: "Codes promo valides" },
      { value: "3\u202f500", label: "Deals repérés" },
      { value: "1", label: "Marque partenaire" },
    ]);
    expect(heroFigures({ codes: 0, deals: 1, brands: 0 })).toEqual([{ value: "1", label: "Deal repéré" }]);
    expect(heroFigures({ codes: 0, deals: 0, brands: 0 })).toEqual([]);
  });
});
