import { describe, expect, it } from "vitest";
import { brandForLinkHost, brandSite, isSelfPromotion, type BrandSite } from "./merchant-domain";

const site = (id: string, name: string, websiteHost: string) => brandSite({ id, name }, websiteHost)!;

describe("brandForLinkHost", () => {
  const nuxe = site("nuxe", "Nuxe", "fr.nuxe.com");
  const boots = site("boots", "Boots", "www.boots.co.uk");
  const sites: BrandSite[] = [boots, nuxe];

  it("finds a brand from any host of its registrable domain", () => {
    for (const host of ["fr.nuxe.com", "nuxe.com", "www.nuxe.com", "WWW.NUXE.COM.", "boutique.fr.nuxe.com"]) {
      expect(brandForLinkHost(host, sites), host).toBe(nuxe);
    }
    expect(brandForLinkHost("shop.boots.co.uk", sites)).toBe(boots);
  });

  it("finds no brand on another domain, a look-alike or under the same public suffix", () => {
    for (const host of ["nuxe.fr", "evil-nuxe.com", "nuxe.com.evil.fr", "superdrug.co.uk", "co.uk", "localhost"]) {
      expect(brandForLinkHost(host, sites), host).toBeNull();
    }
  });

  it("keeps the hosted shops of one platform apart", () => {
    const mine = site("mine", "Ma Boutique", "ma-boutique.myshopify.com");
    expect(brandForLinkHost("ma-boutique.myshopify.com", [mine])).toBe(mine);
    expect(brandForLinkHost("autre.myshopify.com", [mine])).toBeNull();
  });

  it("of two brands on one domain, prefers the one on the link's very host (www. ignored), else the first given", () => {
    const pro = site("pro", "Nuxe Pro", "pro.nuxe.com");
    const byName = [nuxe, pro];
    expect(brandForLinkHost("pro.nuxe.com", byName)).toBe(pro);
    expect(brandForLinkHost("www.pro.nuxe.com", byName)).toBe(pro);
    expect(brandForLinkHost("fr.nuxe.com", byName)).toBe(nuxe);
    expect(brandForLinkHost("nuxe.com", byName)).toBe(nuxe);
    expect(brandForLinkHost("nuxe.com", [pro, nuxe])).toBe(pro);
  });

  it("turns a website with no registrable domain into no site", () => {
    expect(brandSite({ id: "x", name: "X" }, "localhost")).toBeNull();
    expect(brandSite({ id: "x", name: "X" }, "127.0.0.1")).toBeNull();
  });
});

describe("isSelfPromotion", () => {
  it("matches an author writing from the link's registrable domain, never a webmail", () => {
    expect(isSelfPromotion("jane@shop.fr", "www.shop.fr")).toBe(true);
    expect(isSelfPromotion("jane@shop.fr", "boutique.shop.fr")).toBe(true);
    expect(isSelfPromotion("Jane@Mail.Shop.FR", "www.shop.fr")).toBe(true);
    expect(isSelfPromotion("jane@boots.co.uk", "shop.boots.co.uk")).toBe(true);
    expect(isSelfPromotion("jane@gmail.com", "www.shop.fr")).toBe(false);
    expect(isSelfPromotion("jane@shop.fr", "myshop.fr")).toBe(false);
  });

  it("does not treat a public suffix as one merchant", () => {
    expect(isSelfPromotion("jane@co.uk", "shop.boots.co.uk")).toBe(false);
    expect(isSelfPromotion("jane@interieur.gouv.fr", "www.impots.gouv.fr")).toBe(false);
    expect(isSelfPromotion("jane@localhost", "localhost")).toBe(false);
  });
});
