import { describe, expect, it } from "vitest";
import { productKey } from "./product-key";

describe("productKey", () => {
  it("is the registrable domain and the path, without query, fragment or tracking", () => {
    expect(productKey("https://fr.shein.com/palette-fards-nude.html?utm_source=x&color=red#avis")).toEqual({ key: "shein.com/palette-fards-nude.html", merchant: "shein.com" });
    expect(productKey("https://WWW.Temu.COM/fr/Brosse.html/")).toEqual({ key: "temu.com/fr/Brosse.html", merchant: "temu.com" });
    expect(productKey("https://shop.boots.co.uk/p/42")?.key).toBe("boots.co.uk/p/42");
  });

  it("gives the same key to a product's links on any subdomain or with any parameters", () => {
    expect(productKey("https://m.amazon.fr/dp/B0C1?tag=x")?.key).toBe(productKey("https://www.amazon.fr/dp/B0C1")?.key);
  });

  it("has no key without a product: not http(s), no registrable domain, a home page, nothing", () => {
    for (const url of ["javascript:alert(1)", "ftp://shop.fr/p", "http://127.0.0.1/p", "http://localhost:3000/p", "https://www.nuxe.com/", "https://nuxe.com", "", null, undefined, "pas une url"]) {
      expect(productKey(url)).toBeNull();
    }
  });
});
