import { describe, expect, it } from "vitest";
import { anonymiseQuery, correctedQuery, foldWord, matchQuery } from "./search.server";

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

describe("correctedQuery and matchQuery", () => {
  it("replaces each corrected word, whole words only", () => {
    const c = { word: "maquilage", replacement: "maquillage", display: "maquillage", similarity: 0.75 };
    expect(correctedQuery("Pinceaux Maquilage", [c])).toBe("Pinceaux maquillage");
    expect(correctedQuery("maquilages maquilage", [c])).toBe("maquilages maquillage");
    // the word is text, not a pattern
    expect(correctedQuery("axb a.b", [{ word: "a.b", replacement: "ab", display: "ab", similarity: 0.5 }])).toBe("axb ab");
  });
  it("is null without words", () => {
    expect(matchQuery([])).toBeNull();
    expect(matchQuery(["café"])).not.toBeNull();
  });
});
