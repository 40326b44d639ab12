import { describe, expect, it } from "vitest";
import { bareHost, canonicalDealUrl, emailDomain, isPublicDealUrl, mayPost, publishesAtOnce } from "./posting-rules";
import { dealPostSchema, parsePriceCents, POSTING_MESSAGES, TITLE_MAX } from "./posting.schema";

describe("canonicalDealUrl", () => {
  it("lower-cases the host and drops the fragment, utm_*, gclid, fbclid and our affiliate parameters", () => {
    expect(canonicalDealUrl("https://WWW.Boutique.FR/Produit/42?utm_source=x&utm_medium=y&color=red#avis")).toBe("https://www.boutique.fr/Produit/42?color=red");
    expect(canonicalDealUrl("https://shop.fr/p?gclid=abc&fbclid=def&size=M&UTM_Campaign=z")).toBe("https://shop.fr/p?size=M");
    expect(canonicalDealUrl("https://shop.fr/p?awc=123_456&clickref=crevarde&ref=partner")).toBe("https://shop.fr/p?ref=partner");
  });

  it("gives the same link for the same page whatever the parameters' order, a trailing slash or the default port", () => {
    const a = canonicalDealUrl("https://shop.fr:443/p/?b=2&a=1");
    expect(a).toBe("https://shop.fr/p?a=1&b=2");
    expect(canonicalDealUrl("https://shop.fr/p?a=1&b=2&utm_source=news")).toBe(a);
    expect(canonicalDealUrl("https://shop.fr/")).toBe("https://shop.fr/");
    expect(canonicalDealUrl("https://shop.fr./p")).toBe("https://shop.fr/p");
  });

  it("is null for anything but http(s)", () => {
    expect(canonicalDealUrl("javascript:alert(1)")).toBeNull();
    expect(canonicalDealUrl("ftp://shop.fr/p")).toBeNull();
    expect(canonicalDealUrl("pas une url")).toBeNull();
  });
});

describe("isPublicDealUrl", () => {
  it("accepts http(s) links on a real domain", () => {
    expect(isPublicDealUrl("https://www.amazon.fr/dp/B0C")).toBe(true);
    expect(isPublicDealUrl("http://boutique.co.uk/p")).toBe(true);
    expect(isPublicDealUrl("https://xn--caf-dma.fr/")).toBe(true);
  });

  it("refuses other schemes, IP addresses, local, reserved and single-label hosts, credentials", () => {
    for (const url of [
      "javascript:alert(1)",
      "ftp://shop.fr/p",
      "//shop.fr/p",
      "https://127.0.0.1/admin",
      "http://192.168.1.1/",
      "http://[::1]/",
      "http://localhost:3000/",
      "https://intranet/",
      "https://printer.local/",
      "https://shop.example/p",
      "https://user:pass@shop.fr/",
      "https://shop.fr/a b",
    ]) {
      expect(isPublicDealUrl(url), url).toBe(false);
    }
  });
});

describe("hosts and trust", () => {
  it("reads an e-mail's domain and a host without www., case or a trailing dot", () => {
    expect(emailDomain("Jane@Shop.FR")).toBe("shop.fr");
    expect(bareHost("WWW.Shop.fr.")).toBe("shop.fr");
    expect(bareHost("boutique.shop.fr")).toBe("boutique.shop.fr");
  });

  it("publishes at once only after enough approved posts, and never a confirmed duplicate", () => {
    expect(publishesAtOnce({ approvedPosts: 2, trustedAfter: 3, confirmedDuplicate: false })).toBe(false);
    expect(publishesAtOnce({ approvedPosts: 3, trustedAfter: 3, confirmedDuplicate: false })).toBe(true);
    expect(publishesAtOnce({ approvedPosts: 30, trustedAfter: 3, confirmedDuplicate: true })).toBe(false);
    expect(publishesAtOnce({ approvedPosts: 0, trustedAfter: 0, confirmedDuplicate: false })).toBe(true);
  });

  it("blocks posting at the strike limit", () => {
    expect(mayPost(2, 3)).toBe(true);
    expect(mayPost(3, 3)).toBe(false);
  });
});

describe("dealPostSchema", () => {
  const schema = dealPostSchema("2026-11-26");
  const valid = {
    url: "https://www.shop.fr/p",
    title: "Casque à 19,99 €",
    price: "19,99",
    merchant: "Shop",
    categoryId: "5b0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a",
    description: "Un très bon prix pour ce casque bluetooth.",
  };
  const errors = (change: Record<string, string>) => schema.safeParse({ ...valid, ...change }).error?.issues.map((i) => [i.path.join("."), i.message]);

  it("reads prices in euros and upper-cases the code", () => {
    expect(parsePriceCents("1 299,5 €")).toBe(129950);
    expect(parsePriceCents("12.3.4")).toBeNull();
    const v = schema.parse({ ...valid, originalPrice: "29,99", referencePriceSource: "lowest_30_days", code: "bienvenue10", expiresOn: "2026-12-01" });
    expect(v).toMatchObject({ price: 1999, originalPrice: 2999, code: "BIENVENUE10", expiresOn: "2026-12-01", confirmDuplicate: false });
  });

  it("refuses bad input in French", () => {
    expect(errors({ url: "javascript:alert(1)" })).toEqual([["url", POSTING_MESSAGES.urlInvalid]]);
    expect(errors({ title: "x".repeat(TITLE_MAX + 1) })).toEqual([["title", POSTING_MESSAGES.titleTooLong]]);
    expect(errors({ price: "gratuit" })).toEqual([["price", POSTING_MESSAGES.priceInvalid]]);
    expect(errors({ originalPrice: "10" })).toEqual([
      ["originalPrice", POSTING_MESSAGES.originalPriceNotHigher],
      ["referencePriceSource", POSTING_MESSAGES.referenceSourceRequired],
    ]);
    expect(errors({ code: "a b" })).toEqual([["code", POSTING_MESSAGES.codeInvalid]]);
    expect(errors({ expiresOn: "2026-11-25" })).toEqual([["expiresOn", POSTING_MESSAGES.expiresInvalid]]);
    expect(errors({ description: "court" })).toEqual([["description", POSTING_MESSAGES.descriptionRequired]]);
  });
});
