import { describe, expect, it } from "vitest";
import { formatCount, normalizeQuery, parseDealSort, searchWords, SEARCH_MAX_LENGTH, SEARCH_MAX_WORD_LENGTH, SEARCH_MAX_WORDS } from "./search.schema";

describe("normalizeQuery", () => {
  it("trims, folds runs of spaces and control characters (NUL included) into one space", () => {
    expect(normalizeQuery("  pinceaux   maquillage ")).toBe("pinceaux maquillage");
    expect(normalizeQuery("café\u0000pinceaux\t\n\u2028x\u0085y")).toBe("café pinceaux x y");
    expect(normalizeQuery("\u0000\u0000")).toBe("");
  });
  it("composes accents (NFC) and keeps the text otherwise", () => {
    expect(normalizeQuery("e\u0301tanche")).toBe("étanche");
    expect(normalizeQuery(`L’Oréal "gua-sha" 50% a_b \\`)).toBe(`L’Oréal "gua-sha" 50% a_b \\`);
  });
  it(`cuts to ${SEARCH_MAX_LENGTH} characters without halving an emoji`, () => {
    expect(normalizeQuery("x".repeat(1000))).toHaveLength(SEARCH_MAX_LENGTH);
    const emoji = normalizeQuery("🔥".repeat(1000));
    expect(Array.from(emoji)).toHaveLength(SEARCH_MAX_LENGTH);
    expect(emoji).toBe("🔥".repeat(SEARCH_MAX_LENGTH));
    // no trailing space when the cut falls after one
    expect(normalizeQuery(`${"a".repeat(SEARCH_MAX_LENGTH - 1)} b`)).toBe("a".repeat(SEARCH_MAX_LENGTH - 1));
  });
  it("reads anything but a string as no query", () => {
    expect(normalizeQuery(undefined)).toBe("");
    expect(normalizeQuery(null)).toBe("");
    expect(normalizeQuery(["café"])).toBe("");
    expect(normalizeQuery(42)).toBe("");
  });
});

describe("searchWords", () => {
  it("splits on anything but letters, marks and digits, lower-cased, each word once", () => {
    expect(searchWords("Pinceaux MAQUILLAGE pinceaux")).toEqual(["pinceaux", "maquillage"]);
    expect(searchWords("l'oréal")).toEqual(["l", "oréal"]);
    expect(searchWords("L’Oréal")).toEqual(["l", "oréal"]);
    expect(searchWords("gua-sha")).toEqual(["gua", "sha"]);
    expect(searchWords("ÉCOUTEURS Étanches")).toEqual(["écouteurs", "étanches"]);
  });
  it("reads operators, quotes, wildcards and emoji as separators", () => {
    expect(searchWords(`café & !thé | "pinceaux:*" <-> (a) -b 50% a_b \\'x`)).toEqual(["café", "thé", "pinceaux", "a", "b", "50", "x"]);
    expect(searchWords("crème🔥💄hydratante")).toEqual(["crème", "hydratante"]);
    for (const q of ["", "   ", "%", "_", "\\", "'", '"', "&|!:*<>()", "🔥💄", "\u0000"]) expect(searchWords(q), q).toEqual([]);
  });
  it("keeps the letters of other scripts", () => {
    expect(searchWords("مرحبا 漢字 русский")).toEqual(["مرحبا", "漢字", "русский"]);
  });
  it(`keeps ${SEARCH_MAX_WORDS} words of at most ${SEARCH_MAX_WORD_LENGTH} characters`, () => {
    expect(searchWords("a b c d e f g h i j k")).toHaveLength(SEARCH_MAX_WORDS);
    expect(searchWords("é".repeat(90))).toEqual(["é".repeat(SEARCH_MAX_WORD_LENGTH)]);
  });
});

describe("parseDealSort and formatCount", () => {
  it("falls back to the default sort", () => {
    expect(parseDealSort(null, true)).toBe("pertinence");
    expect(parseDealSort(null, false)).toBe("nouveautes");
    expect(parseDealSort("pertinence", false)).toBe("nouveautes");
    expect(parseDealSort("prix", true)).toBe("prix");
    expect(parseDealSort("'; drop", true)).toBe("pertinence");
  });
  it("groups digits the French way and marks a capped count", () => {
    expect(formatCount(1000, true)).toBe("1 000+");
    expect(formatCount(12, false)).toBe("12");
  });
});
