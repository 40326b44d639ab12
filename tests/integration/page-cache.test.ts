import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflateParts, gzipAround, isCacheable, splitAt } from "../../server/page-cache";

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

describe("page micro-cache: compressed once, the nonce set in at each hit", () => {
  const P = "cspnonce0123456789abcdef";
  const bodies = [
    `<!DOCTYPE html><html lang="fr"><head><script nonce="${P}">window.x = 1;</script></head><body>${"« Crème brûlée » à 3,50 € ✓ ".repeat(400)}<script nonce="${P}"></script></body></html>`,
    `${P}${P}`,
    "sans marque, déjà",
    "",
    `<p>${"x".repeat(70_000)}</p><i nonce="${P}"></i>`,
  ];

  it("inflates, with gzip's own checks (CRC-32 and length), to the page with the live nonce", async () => {
    for (const body of bodies) {
      const parts = splitAt(Buffer.from(body), P);
      const deflated = await deflateParts(parts);
      for (const nonce of ["AbC+/12345678901234567==", "n", ""]) {
        const gz = gzipAround(parts, deflated, Buffer.from(nonce));
        expect(gz.subarray(0, 3)).toEqual(Buffer.from([0x1f, 0x8b, 8]));
        expect(zlib.gunzipSync(gz).toString("utf8")).toBe(body.replaceAll(P, nonce));
      }
    }
  });

  it("compresses the page about as well as compressing it whole", async () => {
    const parts = splitAt(Buffer.from(bodies[0]!), P);
    const ours = gzipAround(parts, await deflateParts(parts), Buffer.from("AbC+/12345678901234567==")).length;
    const whole = zlib.gzipSync(Buffer.from(bodies[0]!.replaceAll(P, "AbC+/12345678901234567=="))).length;
    expect(ours).toBeLessThan(whole * 1.1 + 64);
  });
});
