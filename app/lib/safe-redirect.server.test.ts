import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH, safeRedirect, signInHref } from "./safe-redirect.server";

const SITE = "https://crevarde.example";
const FALLBACK = "/codes-promo";
const check = (target: unknown) => safeRedirect(target, FALLBACK, SITE);

/** What a browser does with the Location header: it must stay on the site, and asking again changes nothing. */
function expectOnSite(target: unknown) {
  const location = check(target);
  expect(location.startsWith("/"), `${JSON.stringify(target)} -> ${location}`).toBe(true);
  expect(new URL(location, SITE).origin, `${JSON.stringify(target)} -> ${location}`).toBe(SITE);
  expect(new URL(location, "http://other.example:8080/deep/page").host, `${JSON.stringify(target)} -> ${location}`).toBe("other.example:8080");
  expect(check(location), `not stable: ${JSON.stringify(target)} -> ${location}`).toBe(location);
  return location;
}

// pieces an attacker combines: dot segments, slashes and backslashes, their encodings, whitespace, schemes, hosts
const piece = fc.constantFrom(
  "/", "//", "\\", "\\\\", ".", "..", "./", "../", "%2e", "%2E", "%2e%2e", ".%2e", "%2f", "%2F", "%5c", "%5C", "%252f", "%252e",
  "\t", "\n", "\r", " ", "\u0000", "\u000b", "%09", "%0a", "%00", "@", ":", "?", "#", ";",
  "evil.example", "evil.example:443", "javascript:", "JaVaScRiPt:alert(1)", "data:text/html,x", "http:", "https:", "https://evil.example",
  "http://crevarde.example", "https://crevarde.example", "crevarde.example", "\u3002", "\uff0e", "\uff0f", "profile", "a", "é",
);
const attack = fc.array(piece, { minLength: 1, maxLength: 10 }).map((p) => p.join(""));

describe("safeRedirect", () => {
  it("keeps a path of the site, with its query and fragment", () => {
    const table: Array<[string, string]> = [
      ["/profile", "/profile"],
      ["/marques/nike?tab=codes#top", "/marques/nike?tab=codes#top"],
      ["/blog/./a/../b", "/blog/b"],
      ["https://crevarde.example/mes-deals?x=1", "/mes-deals?x=1"],
      ["/recherche?q=//evil.example", "/recherche?q=//evil.example"],
      ["/codes%2Fpromo", "/codes%2Fpromo"],
      ["/déjà vu", "/d%C3%A9j%C3%A0%20vu"],
      // the site's own scheme without a host is a relative reference (WHATWG URL)
      ["https:evil.example", "/evil.example"],
      ["https:/evil.example", "/evil.example"],
    ];
    for (const [target, expected] of table) expect(check(target), target).toBe(expected);
  });

  it("refuses every other origin and every path a browser would read as another host", () => {
    const table = [
      "/.//evil.example", "/./evil.example/..//evil.example", "/.///evil.example", "/%2e//evil.example", "/%2E//evil.example", "/.%2e//evil.example",
      "/a/..//evil.example", "/a/%2e%2e//evil.example", "/./\\evil.example", "/.\\/evil.example", "/\\evil.example", "\\\\evil.example",
      "/\\/evil.example", "\\/evil.example", "/%5c/evil.example".replace("%5c", "\\"), "//evil.example", "///evil.example", "////evil.example",
      "/\t/evil.example", "/\n/evil.example", "\t//evil.example", " //evil.example", "/\r\n/evil.example", "/./\t/evil.example",
      "https://evil.example", "http://crevarde.example/", "https://crevarde.example.evil.example/", "https://crevarde.example@evil.example/",
      "https:\\\\evil.example", "http:evil.example", "http:/evil.example", "javascript:alert(1)", " javascript:alert(1)", "JAVASCRIPT:alert(1)",
      "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x", "", "\u0000/profile",
    ];
    for (const target of table) {
      const location = expectOnSite(target);
      expect(location, target).toBe(FALLBACK);
    }
    for (const notAString of [undefined, null, 42, ["/a"], { href: "/a" }, new URL("https://evil.example")]) expect(check(notAString)).toBe(FALLBACK);
  });

  it("answers a path that stays on the site for any mix of dots, slashes, backslashes, encodings, whitespace and schemes", () => {
    fc.assert(fc.property(attack, (target) => void expectOnSite(target)), { numRuns: 5000 });
    fc.assert(fc.property(fc.oneof(fc.webUrl({ withFragments: true, withQueryParameters: true }), fc.string(), fc.string({ unit: "binary" })), (target) => void expectOnSite(target)), { numRuns: 2000 });
  });

  it("keeps the site's own absolute URLs and paths whatever the site URL's path", () => {
    expect(safeRedirect("/profile", "/", "http://127.0.0.1:3000/base/")).toBe("/profile");
    expect(safeRedirect("http://127.0.0.1:3000/profile", "/", "http://127.0.0.1:3000")).toBe("/profile");
    expect(safeRedirect("http://127.0.0.1:3001/profile", "/", "http://127.0.0.1:3000")).toBe("/");
  });
});

describe("signInHref", () => {
  it("keeps the way back up to the length safeRedirect accepts, and drops it past that", () => {
    expect(signInHref("/codes-promo?categorie=soin")).toBe("/auth?redirect=%2Fcodes-promo%3Fcategorie%3Dsoin");
    const longest = `/${"a".repeat(MAX_REDIRECT_LENGTH - 1)}`;
    expect(signInHref(longest)).toBe(`/auth?redirect=${encodeURIComponent(longest)}`);
    expect(signInHref(`${longest}a`)).toBe("/auth");
  });
});
