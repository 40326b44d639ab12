import { describe, expect, it } from "vitest";
import { likePattern, parseDealSearch } from "./deals.schema";

describe("parseDealSearch", () => {
  it("reads q, source and page, case-insensitively for the source", () => {
    expect(parseDealSearch(new URLSearchParams("q=  Brosse &source=TEMU&page=2"))).toEqual({ q: "Brosse", source: "temu", page: 2 });
  });
  it("ignores invalid values instead of failing", () => {
    expect(parseDealSearch(new URLSearchParams("source=amazon&page=-3"))).toEqual({ q: "", source: "all", page: 1 });
    expect(parseDealSearch(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });
});

describe("likePattern", () => {
  it("escapes wildcards and lowercases", () => {
    expect(likePattern("50%_OFF\\")).toBe("%50\\%\\_off\\\\%");
  });
});
