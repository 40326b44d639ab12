import { describe, expect, it } from "vitest";
import { anonymiseQuery, correctedQuery, editDistance, foldWord, matchQuery, typoBudget } from "./search.server";

describe("foldWord", () => {
  it("lower-cases and removes accents like the database's unaccent", () => {
    expect(foldWord("Écouteurs")).toBe("ecouteurs");
    expect(foldWord("CAFÉ")).toBe("cafe");
    expect(foldWord("Œufs")).toBe("oeufs");
    expect(foldWord("ÆTHER")).toBe("aether");
    expect(foldWord("Straße")).toBe("strasse");
    expect(foldWord("crème")).toBe("creme");
    expect(foldWord("e\u0301tanche")).toBe("etanche");
    expect(foldWord("ça")).toBe("ca");
  });
  it("leaves other scripts as they are (the lexicon is French)", () => {
    expect(foldWord("漢字")).toBe("漢字");
  });
});

describe("anonymiseQuery", () => {
  it("keeps an ordinary query, lower-cased", () => {
    expect(anonymiseQuery("  Pinceaux  MAQUILLAGE ")).toBe("pinceaux maquillage");
    expect(anonymiseQuery("crème 50 ml")).toBe("crème 50 ml");
    expect(anonymiseQuery("code 2024")).toBe("code 2024");
  });
  it("removes e-mail addresses, phone, order and card numbers", () => {
    expect(anonymiseQuery("commande de jean.dupont@example.fr")).toBe("commande de");
    expect(anonymiseQuery("06 12 34 56 78 remboursement")).toBe("remboursement");
    expect(anonymiseQuery("+33 6 12 34 56 78")).toBeNull();
    expect(anonymiseQuery("commande 123456789")).toBe("commande");
    expect(anonymiseQuery("carte 4970-1012-3456-7890")).toBe("carte");
  });
  it("is null when nothing is left, and never longer than a query", () => {
    expect(anonymiseQuery("")).toBeNull();
    expect(anonymiseQuery("a@b.c")).toBeNull();
    expect(anonymiseQuery("\u0000 \t")).toBeNull();
    expect(Array.from(anonymiseQuery("🔥".repeat(500))!)).toHaveLength(100);
  });
});

describe("editDistance and typoBudget", () => {
  it("counts insertions, deletions, substitutions and swaps of neighbours as one edit each", () => {
    expect(editDistance("maquilage", "maquillage")).toBe(1);
    expect(editDistance("pinceuax", "pinceaux")).toBe(1);
    expect(editDistance("pinceuax", "pinces")).toBe(3);
    expect(editDistance("serrum", "serum")).toBe(1);
    expect(editDistance("brosh", "brosse")).toBe(2);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("café", "café")).toBe(0);
  });
  it("allows no typo under 5 letters, one from 5, two from 9", () => {
    expect([4, 5, 8, 9, 20].map(typoBudget)).toEqual([0, 1, 1, 2, 2]);
  });
});

describe("correctedQuery and matchQuery", () => {
  it("replaces each corrected word, whole words only", () => {
    const c = { word: "maquilage", replacement: "maquillage", display: "maquillage", similarity: 0.75, distance: 1, auto: true };
    expect(correctedQuery("Pinceaux Maquilage", [c])).toBe("Pinceaux maquillage");
    expect(correctedQuery("maquilages maquilage", [c])).toBe("maquilages maquillage");
    // the word is text, not a pattern
    expect(correctedQuery("axb a.b", [{ word: "a.b", replacement: "ab", display: "ab", similarity: 0.5, distance: 1, auto: false }])).toBe("axb ab");
  });
  it("is null without words", () => {
    expect(matchQuery([])).toBeNull();
    expect(matchQuery(["café"])).not.toBeNull();
  });
});
