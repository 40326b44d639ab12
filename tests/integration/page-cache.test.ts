import { describe, expect, it } from "vitest";
import { isCacheable, splitAt } from "../../server/page-cache";

const html: Array<[string, string]> = [["content-type", "text/html; charset=utf-8"]];

describe("page micro-cache: what may be stored", () => {
  it("stores a plain 200 HTML page or data response", () => {
    expect(isCacheable({ status: 200, headers: html })).toBe(true);
    expect(isCacheable({ status: 200, headers: [["content-type", "text/x-script"]] })).toBe(true);
  });

  it("never stores errors, cookies, or anything marked private or no-store (an admin's draft view)", () => {
    expect(isCacheable({ status: 404, headers: html })).toBe(false);
    expect(isCacheable({ status: 200, headers: [...html, ["set-cookie", "a=b"]] })).toBe(false);
    expect(isCacheable({ status: 200, headers: [...html, ["cache-control", "private, no-store"]] })).toBe(false);
    expect(isCacheable({ status: 200, headers: [...html, ["cache-control", "no-store"]] })).toBe(false);
    expect(isCacheable({ status: 200, headers: [["content-type", "application/xml"]] })).toBe(false);
  });
});

describe("page micro-cache: where the nonce goes", () => {
  const P = "cspnonce0123456789abcdef";
  const join = (parts: Buffer[], nonce: string) => Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [p] : [Buffer.from(nonce), p]))).toString("utf8");

  it("cuts the stored bytes at every placeholder, and only there, whatever the characters around it", () => {
    const html = `${P}<script nonce="${P}">« Crème brûlée » ✓</script><p>café${P}${P}</p>`;
    const parts = splitAt(Buffer.from(html), P);
    expect(parts).toHaveLength(5);
    expect(join(parts, "NONCE")).toBe(html.replaceAll(P, "NONCE"));
    expect(splitAt(Buffer.from("sans marque, déjà"), P).map((p) => p.toString())).toEqual(["sans marque, déjà"]);
    expect(splitAt(Buffer.alloc(0), P).map((p) => p.length)).toEqual([0]);
  });
});
