import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { MIN_BYTES, precompressDir } from "./precompress.mjs";

describe("precompressDir", () => {
  it("writes brotli and gzip copies of what compresses, and leaves small, binary and incompressible files alone", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-precompress-"));
    const script = Array.from({ length: 400 }, (_, i) => `export const line${i} = "ligne ${i}";`).join("\n");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(80)}</svg>`;
    fs.writeFileSync(path.join(dir, "entry-abc.js"), script);
    fs.writeFileSync(path.join(dir, "icon-abc.svg"), svg);
    fs.writeFileSync(path.join(dir, "small-abc.js"), "x".repeat(MIN_BYTES - 1));
    fs.writeFileSync(path.join(dir, "font-abc.woff2"), "a".repeat(4096));
    fs.writeFileSync(path.join(dir, "random-abc.js"), randomBytes(4096));

    const done = await precompressDir(dir);

    expect(done.map((f) => f.name).sort()).toEqual(["entry-abc.js", "icon-abc.svg", "random-abc.js"]);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, "entry-abc.js.br"))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, "entry-abc.js.gz"))).toString()).toBe(script);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, "icon-abc.svg.br"))).toString()).toBe(svg);
    const files = fs.readdirSync(dir);
    for (const name of ["small-abc.js", "font-abc.woff2", "random-abc.js"]) {
      expect(files).not.toContain(`${name}.br`);
      expect(files).not.toContain(`${name}.gz`);
    }
  });
});
