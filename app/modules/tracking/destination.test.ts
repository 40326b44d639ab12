import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostOf, validateDestination } from "./destination";

const allowed = new Set(["www.temu.com", "fr.caudalie.com", "www.nuxe.com"]);

describe("validateDestination", () => {
  it("accepts http(s) URLs on known hosts", () => {
    expect(validateDestination("https://www.temu.com/fr/x.html?a=1", allowed)).toBe("https://www.temu.com/fr/x.html?a=1");
    expect(validateDestination("http://FR.CAUDALIE.COM/", allowed)).toBe("http://fr.caudalie.com/");
  });

  it("refuses open-redirect payloads", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "///evil.example",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "%6A%61vascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "https://www.temu.com.evil.example/",
      "https://evil.example/?https://www.temu.com",
      "https://www.temu.com@evil.example/",
      "https://user:pass@www.temu.com/",
      "https:\\\\evil.example",
      "/\\evil.example",
      "https://evil.example\\@www.temu.com",
      " https://evil.example",
      "https://www.temu.com%2f@evil.example",
      "",
      null,
    ]) {
      expect(validateDestination(bad, allowed), String(bad)).toBeNull();
    }
  });

  it("a rooted host name (trailing dot) is accepted as the allow-listed host and sent without the dot", () => {
    expect(validateDestination("http://www.temu.com.", allowed)).toBe("http://www.temu.com/");
    expect(validateDestination("https://WWW.TEMU.COM./fr/x?a=1", allowed)).toBe("https://www.temu.com/fr/x?a=1");
  });

  it("never returns a URL outside the allow-list (10,000 generated destinations)", () => {
    const hostish = fc.oneof(
      fc.constantFrom(...allowed, "evil.example", "www.temu.com.evil.example", "localhost", "127.0.0.1", "[::1]"),
      fc.domain(),
    );
    const destination = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(fc.constantFrom("http://", "https://", "//", "javascript:", "data:", "HTTPS://", "https:/", "https:\\\\", " https://"), fc.string({ maxLength: 10 }), hostish, fc.string({ maxLength: 40 }))
        .map(([scheme, userinfo, host, rest]) => `${scheme}${userinfo ? `${userinfo}@` : ""}${host}${rest}`),
      fc.tuple(hostish, fc.webPath()).map(([h, p]) => encodeURIComponent(`https://${h}${p}`)),
    );
    fc.assert(
      fc.property(destination, (raw) => {
        const result = validateDestination(raw, allowed);
        if (result === null) return true;
        const url = new URL(result);
        return (url.protocol === "https:" || url.protocol === "http:") && allowed.has(url.hostname) && !url.username && !url.password;
      }),
      { numRuns: 10_000 },
    );
  });
});

describe("hostOf", () => {
  it("extracts http(s) hosts only", () => {
    expect(hostOf("https://Www.Nuxe.com/a")).toBe("www.nuxe.com");
    expect(hostOf("javascript:alert(1)")).toBeNull();
    expect(hostOf("pas une url")).toBeNull();
  });
});
