import { describe, expect, it } from "vitest";
import type { ExtensionShop } from "#app/modules/extension/extension-shops";
import { shopForHost } from "./match";

const shop = (name: string, domains: string[]): ExtensionShop => ({ programId: name, name, domains, rateLabel: "7\u00a0% de cashback", liveCodes: 0, checkoutSelectors: null });
const SHOPS = [shop("Nuxe", ["nuxe.com"]), shop("Boots", ["boots.co.uk"]), shop("Boutique", ["boutique.myshopify.com"]), shop("Shopify", ["myshopify.com"])];

describe("shopForHost: local matching by registrable domain (issue #40 item 2)", () => {
  it.each([
    ["nuxe.com", "Nuxe"],
    ["www.nuxe.com", "Nuxe"],
    ["fr.nuxe.com", "Nuxe"],
    ["FR.NUXE.COM.", "Nuxe"],
    ["shop.boots.co.uk", "Boots"],
    ["www.boutique.myshopify.com", "Boutique"],
  ])("%s is %s's", (host, name) => {
    expect(shopForHost(host, SHOPS)?.shop.name).toBe(name);
  });

  it.each(["notnuxe.com", "nuxe.com.evil.fr", "nuxe.fr", "co.uk", "localhost", ""])("%s is no shop's", (host) => {
    expect(shopForHost(host, SHOPS.slice(0, 3))).toBeNull();
  });

  it("prefers the longest domain when two match", () => {
    expect(shopForHost("www.boutique.myshopify.com", SHOPS)?.domain).toBe("boutique.myshopify.com");
  });
});
