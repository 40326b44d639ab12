import { describe, expect, it } from "vitest";
import { countOf, pluralForm } from "./plural";

const DEAL = { one: "deal", other: "deals" };

describe("French plurals", () => {
  it("takes the singular for 0 and 1, and for a fraction below 2", () => {
    expect(pluralForm(0, DEAL)).toBe("deal");
    expect(pluralForm(1, DEAL)).toBe("deal");
    expect(pluralForm(1.5, { one: "jour", other: "jours" })).toBe("jour");
  });

  it("takes the plural from 2, millions included (CLDR's « many »)", () => {
    expect(pluralForm(2, DEAL)).toBe("deals");
    expect(pluralForm(21, DEAL)).toBe("deals");
    expect(pluralForm(1_000_000, DEAL)).toBe("deals");
  });

  it("writes the count in French figures before the noun", () => {
    expect(countOf(1, DEAL)).toBe("1 deal");
    expect(countOf(0, { one: "résultat", other: "résultats" })).toBe("0 résultat");
    expect(countOf(1234, { one: "code", other: "codes" })).toBe("1\u202f234 codes");
    expect(countOf(3, { one: "ligne créée", other: "lignes créées" })).toBe("3 lignes créées");
  });
});
