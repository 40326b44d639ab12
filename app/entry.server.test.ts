import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./entry.server";

const html = '<head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" href="/b.js"/></head><body><p>Économise : a < b, déjà 143€</p></body>';

describe("lowerModulePreloadPriority", () => {
  it("marks every modulepreload low priority, whatever the chunk boundaries, even inside a multi-byte character", async () => {
    const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
    for (let size = 1; size <= Buffer.byteLength(html); size += 1) {
      const bytes = Buffer.from(html);
      const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
      expect(await text(Readable.from(chunks).pipe(lowerModulePreloadPriority()))).toBe(expected);
    }
  });
});
