import { describe, expect, it } from "vitest";
import { parseDealSearch } from "./deals.schema";

describe("parseDealSearch", () => {
  it("reads q, source, brand, sort and page, case-insensitively for the source", () => {
    expect(parseDealSearch(new URLSearchParams("q=  Brosse &source=TEMU&marque=Nuxe&tri=prix&page=2&tab=hot"))).toEqual({
      q: "Brosse", source: "temu", brand: "nuxe", sort: "prix", page: 2, tab: "hot",
    });
  });
  it("sorts by relevance when there is a query, by date otherwise", () => {
    expect(parseDealSearch(new URLSearchParams("q=brosse")).sort).toBe("pertinence");
    expect(parseDealSearch(new URLSearchParams("")).sort).toBe("nouveautes");
    // relevance without a query means nothing: newest first
    expect(parseDealSearch(new URLSearchParams("tri=pertinence")).sort).toBe("nouveautes");
    expect(parseDealSearch(new URLSearchParams("q=brosse&tri=nouveautes")).sort).toBe("nouveautes");
  });
  it("ignores invalid values instead of failing", () => {
    expect(parseDealSearch(new URLSearchParams("source=amazon&page=-3&tri=hasard&marque=../x&tab=plus-commentes"))).toEqual({
      q: "", source: "all", brand: "", sort: "nouveautes", page: 1, tab: "tous",
    });
    expect(parseDealSearch(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
    expect(parseDealSearch(new URLSearchParams("tab=nouveaux")).tab).toBe("nouveaux");
    expect(parseDealSearch(new URLSearchParams("tab=commentes")).tab).toBe("commentes");
    expect(parseDealSearch(new URLSearchParams("q=%00caf%C3%A9%00 %5C%22")).q).toBe('café \\"');
  });
});
