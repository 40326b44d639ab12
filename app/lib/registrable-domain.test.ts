import { describe, expect, it } from "vitest";
import { registrableDomain } from "./registrable-domain";

describe("registrableDomain", () => {
  it("gives one domain for a site's hosts", () => {
    expect(registrableDomain("www.nuxe.com")).toBe("nuxe.com");
    expect(registrableDomain("nuxe.com")).toBe("nuxe.com");
    expect(registrableDomain("fr.nuxe.com")).toBe("nuxe.com");
    expect(registrableDomain("a.b.boutique.nuxe.com")).toBe("nuxe.com");
  });

  it("takes the host of a URL", () => {
    expect(registrableDomain("https://fr.nuxe.com/huile-prodigieuse?utm_source=x#avis")).toBe("nuxe.com");
    expect(registrableDomain("http://www.nuxe.com:8080/")).toBe("nuxe.com");
    expect(registrableDomain("https://user:pass@shop.nuxe.com/")).toBe("nuxe.com");
  });

  it("knows suffixes of more than one label", () => {
    expect(registrableDomain("shop.boots.co.uk")).toBe("boots.co.uk");
    expect(registrableDomain("www.amazon.co.uk")).toBe("amazon.co.uk");
    expect(registrableDomain("www.mercadolivre.com.br")).toBe("mercadolivre.com.br");
    expect(registrableDomain("www.service-public.gouv.fr")).toBe("service-public.gouv.fr");
  });

  it("counts the list's private section: each hosted shop is its own site", () => {
    expect(registrableDomain("ma-boutique.myshopify.com")).toBe("ma-boutique.myshopify.com");
    expect(registrableDomain("www.ma-boutique.myshopify.com")).toBe("ma-boutique.myshopify.com");
    expect(registrableDomain("autre.myshopify.com")).not.toBe(registrableDomain("ma-boutique.myshopify.com"));
  });

  it("ignores case, a trailing dot and surrounding spaces; answers an international name in ASCII", () => {
    expect(registrableDomain("WWW.Nuxe.COM")).toBe("nuxe.com");
    expect(registrableDomain("HTTPS://FR.NUXE.COM/A")).toBe("nuxe.com");
    expect(registrableDomain("www.nuxe.com.")).toBe("nuxe.com");
    expect(registrableDomain("https://www.nuxe.com./huile")).toBe("nuxe.com");
    expect(registrableDomain("  nuxe.com \n")).toBe("nuxe.com");
    expect(registrableDomain("www.bücher.de")).toBe("xn--bcher-kva.de");
  });

  it("has no domain for IP addresses, localhost and single labels", () => {
    for (const host of ["127.0.0.1", "http://192.168.1.10/admin", "0x7f.1", "[::1]", "http://[2001:db8::1]:3000/", "localhost", "http://localhost:5173/", "intranet"]) {
      expect(registrableDomain(host), host).toBeNull();
    }
  });

  it("has no domain for a bare public suffix", () => {
    for (const host of ["com", "fr", "co.uk", "gouv.fr", "myshopify.com"]) expect(registrableDomain(host), host).toBeNull();
  });

  it("follows the list's default rule under an unknown top-level domain", () => {
    expect(registrableDomain("shop.example.test")).toBe("example.test");
  });

  it("refuses what is not a host or a URL", () => {
    const invalid = ["", "   ", "pas une url", "nuxe.com/huile", "nuxe.com?x=1", "jane@nuxe.com", "a..b.com", ".nuxe.com", "-nuxe.com", "nuxe-.com", "nu xe.com", "https://", "file:///etc/passwd", `${"a".repeat(64)}.com`];
    for (const value of invalid) expect(registrableDomain(value), JSON.stringify(value)).toBeNull();
  });
});
