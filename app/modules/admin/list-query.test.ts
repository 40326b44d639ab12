import { describe, expect, it } from "vitest";
import { bulkIdsSchema, choice, defineList, EXPIRY_FILTERS, idChoice, isNarrowed, listHref, parseListQuery, sortHref } from "./list-query";

const spec = defineList({
  sorts: ["code", "brand", "expires"],
  defaultSort: "code",
  defaultDir: "asc",
  filters: { brand: idChoice, expiry: choice(EXPIRY_FILTERS) },
});
const at = (query: string) => parseListQuery(`http://x.test/admin/promo-codes${query}`, spec);
const UUID = "7f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

describe("parseListQuery", () => {
  it("reads the search, the filters, the sort and the page", () => {
    expect(at(`?q=%20nuxe%20&brand=${UUID}&expiry=soon&sort=expires&dir=desc&page=3`)).toEqual({
      q: "nuxe",
      sort: "expires",
      dir: "desc",
      filters: { brand: UUID, expiry: "soon" },
      page: 3,
    });
  });

  it("falls back to the defaults on anything it does not know (a hand-edited URL never fails)", () => {
    expect(at("")).toEqual({ q: undefined, sort: "code", dir: "asc", filters: { brand: undefined, expiry: undefined }, page: 1 });
    const bad = at("?q=%20%20&brand=' or 1=1--&expiry=bientôt&sort=password&dir=sideways&page=-2");
    expect(bad).toEqual({ q: undefined, sort: "code", dir: "asc", filters: { brand: undefined, expiry: undefined }, page: 1 });
    expect(at("?page=99999999999999999999").page).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("a chosen column sorts ascending unless told otherwise; the default column keeps its own direction", () => {
    expect(at("?sort=brand")).toMatchObject({ sort: "brand", dir: "asc" });
    const byDateDesc = defineList({ sorts: ["created", "title"], defaultSort: "created", defaultDir: "desc", filters: {} });
    expect(parseListQuery("http://x.test/l", byDateDesc)).toMatchObject({ sort: "created", dir: "desc" });
    expect(parseListQuery("http://x.test/l?sort=created", byDateDesc)).toMatchObject({ sort: "created", dir: "asc" });
  });

  it("keeps at most 100 characters of the search, taken as text", () => {
    const q = at(`?q=${encodeURIComponent("%_\\".repeat(50))}`).q!;
    expect(q).toHaveLength(100);
    expect(q.startsWith("%_\\")).toBe(true);
  });
});

describe("list links", () => {
  it("a change goes back to page 1 and keeps the other parameters", () => {
    expect(listHref("/admin/promo-codes", "?q=a%26b&page=4&expiry=soon", { expiry: "expired" })).toBe("/admin/promo-codes?q=a%26b&expiry=expired");
    expect(listHref("/admin/promo-codes", "?q=x&page=4", { q: null })).toBe("/admin/promo-codes");
    expect(listHref("/admin/promo-codes", "?q=x", { page: "2" })).toBe("/admin/promo-codes?q=x&page=2");
  });

  it("a header sorts by its column, then flips the direction", () => {
    expect(sortHref("/l", "?q=x&page=2", "brand", { sort: "code", dir: "asc" })).toBe("/l?q=x&sort=brand&dir=asc");
    expect(sortHref("/l", "?sort=brand&dir=asc", "brand", { sort: "brand", dir: "asc" })).toBe("/l?sort=brand&dir=desc");
    expect(sortHref("/l", "?sort=brand&dir=desc", "brand", { sort: "brand", dir: "desc" })).toBe("/l?sort=brand&dir=asc");
  });

  it("knows when the list is narrowed", () => {
    expect(isNarrowed({ q: undefined, filters: { brand: undefined } })).toBe(false);
    expect(isNarrowed({ q: "x", filters: {} })).toBe(true);
    expect(isNarrowed({ q: undefined, filters: { brand: UUID } })).toBe(true);
  });
});

describe("bulkIdsSchema", () => {
  it("takes 1 to 100 row ids and refuses anything else in French", () => {
    expect(bulkIdsSchema.parse([UUID])).toEqual([UUID]);
    expect(bulkIdsSchema.safeParse([]).error?.issues[0].message).toBe("Sélectionnez au moins un élément.");
    expect(bulkIdsSchema.safeParse(["1; drop table x"]).error?.issues[0].message).toBe("La sélection contient un élément inconnu.");
    expect(bulkIdsSchema.safeParse(Array(101).fill(UUID)).error?.issues[0].message).toBe("Sélectionnez au plus 100 éléments à la fois.");
  });
});
