import { describe, expect, it } from "vitest";
import { isCacheable } from "../../server/page-cache";

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
