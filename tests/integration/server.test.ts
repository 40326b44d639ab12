import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseEnv, type Env } from "#app/lib/env.server";
import { setSetting } from "#app/modules/settings/settings.server";
import { BROTLI_WINDOW_BITS, createApp, MALFORMED_PATH_MESSAGE } from "../../server/app";
import { describeEachDb } from "#tests/helpers/db";

describeEachDb("express server", () => {
  let server: Server;
  let base: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-srv-"));
  fs.mkdirSync(path.join(dir, "client/assets"), { recursive: true });
  fs.writeFileSync(path.join(dir, "client/assets/app-abc123.js"), "console.log(1)");
  const bigScript = Array.from({ length: 3000 }, (_, i) => `console.log("ligne ${i}", ${i * 7});`).join("\n");
  // compressed at build time (ADR 058): its .br and .gz are sent as they are
  const builtScript = Array.from({ length: 500 }, (_, i) => `export const built${i} = ${i * 3};`).join("\n");
  fs.writeFileSync(path.join(dir, "client/assets/built-abc123.js"), builtScript);
  fs.writeFileSync(path.join(dir, "client/assets/built-abc123.js.br"), zlib.brotliCompressSync(builtScript));
  fs.writeFileSync(path.join(dir, "client/assets/built-abc123.js.gz"), zlib.gzipSync(builtScript));
  // without copies: compressed per request
  fs.writeFileSync(path.join(dir, "client/assets/big-abc123.js"), bigScript);
  fs.mkdirSync(path.join(dir, "uploads"));
  fs.writeFileSync(path.join(dir, "client/favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");

  beforeAll(async () => {
    const env: Env = { ...parseEnv({ SITE_URL: "http://localhost:3000" }), SESSION_SECRET: "x".repeat(32) };
    const app = createApp({
      env,
      clientDir: path.join(dir, "client"),
      uploadsDir: path.join(dir, "uploads"),
      // The React Router build is not needed for what this suite checks.
      build: async () => {
        throw new Error("no build in this test");
      },
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** A GET whose body stays as the server encoded it (fetch would decode it). */
  const rawGet = (p: string, encoding?: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${p}`, { headers: encoding ? { "accept-encoding": encoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("answers /healthz when the database is reachable", async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("answers /readyz once every migration is applied, with a request id", async () => {
    const res = await fetch(`${base}/readyz`, { headers: { "x-request-id": "abc-123" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ready" });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    const generated = await fetch(`${base}/readyz`, { headers: { "x-request-id": "<script>" } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f]{16}$/);
  });

  it("sets security headers and a nonce-based CSP", async () => {
    const res = await fetch(`${base}/healthz`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-powered-by")).toBeNull();
    const again = await fetch(`${base}/healthz`);
    expect(again.headers.get("content-security-policy")).not.toBe(csp); // fresh nonce per response
  });

  it("allows Google's origins in the CSP only while a measurement ID is set in the settings", async () => {
    expect((await fetch(`${base}/healthz`)).headers.get("content-security-policy")).not.toContain("googletagmanager");
    await setSetting("ga_measurement_id", "G-TEST1234");
    try {
      const csp = (await fetch(`${base}/healthz`)).headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com https:\/\/www\.google-analytics\.com/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/www\.googletagmanager\.com/);
    } finally {
      await setSetting("ga_measurement_id", "");
    }
    expect((await fetch(`${base}/healthz`)).headers.get("content-security-policy")).not.toContain("googletagmanager");
  });

  it("serves hashed assets with immutable cache headers, compressed", async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("sends an asset's build-time brotli or gzip copy as it is, by what the client accepts, and the file to others", async () => {
    const get = (encoding?: string) => rawGet("/assets/built-abc123.js", encoding);
    const br = await get("gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toEqual(fs.readFileSync(path.join(dir, "client/assets/built-abc123.js.br")));
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.body).toEqual(fs.readFileSync(path.join(dir, "client/assets/built-abc123.js.gz")));
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(builtScript);
  });

  it("refuses a path whose percent-encoding does not decode with a French 400, static files and uploads included", async () => {
    for (const p of ["/assets/%E0%A4%A.js", "/uploads/%E0%A4%A", "/marques/%E0%A4%A", "/codes-promo%", "/%ZZ"]) {
      const res = await fetch(`${base}${p}`);
      expect(res.status, p).toBe(400);
      expect(await res.text(), p).toBe(MALFORMED_PATH_MESSAGE);
    }
    expect((await fetch(`${base}/assets/app-abc123.js`)).status).toBe(200);
  });

  it("compresses with brotli in a 256 KB window (not the 4 MB default, which cost 2.5× the CPU)", async () => {
    const raw = await rawGet("/assets/big-abc123.js", "br, gzip");
    expect(raw.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(raw.body).toString()).toBe(bigScript);
    // RFC 7932 §9.1: the stream header's first bits give the window size
    const first = raw.body[0]!;
    const windowBits = (first & 1) === 0 ? 16 : 17 + ((first >> 1) & 7);
    expect(windowBits).toBe(BROTLI_WINDOW_BITS);
    expect(BROTLI_WINDOW_BITS).toBe(18);
  });

  it("serves the build's public files by their names, cached for an hour", async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("refuses state-changing requests from a foreign origin with a French 403", async () => {
    const res = await fetch(`${base}/newsletter`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.fr",
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/ne provient pas de ce site/);
    const crossSite = await fetch(`${base}/newsletter`, {
      method: "POST",
      headers: { "sec-fetch-site": "cross-site" },
      body: "email=a%40b.fr",
    });
    expect(crossSite.status).toBe(403);
  });

  it("lets the browser extension's own origin post to /api/extension/ only (ADR 050 §CSRF)", async () => {
    const post = (pathname: string, origin: string) =>
      fetch(`${base}${pathname}`, { method: "POST", headers: { origin, "content-type": "application/json" }, body: JSON.stringify({ answer: "oui" }) });
    const extension = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
    // past the guard (this suite has no React Router build, so the route itself is not reached: see extension-codes.test.ts)
    const guarded = async (origin: string) => {
      const res = await post("/api/extension/codes/00000000-0000-4000-8000-000000000000/resultat", origin);
      return res.status === 403 && /ne provient pas de ce site/.test(await res.text());
    };
    expect(await guarded(extension)).toBe(false);
    expect(await guarded("moz-extension://0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d")).toBe(false);
    expect(await guarded("https://evil.example")).toBe(true);
    expect((await post("/newsletter", extension)).status).toBe(403);
  });
});
