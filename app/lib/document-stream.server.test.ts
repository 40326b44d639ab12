import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { documentRewriter, documentStream, hydrateAfterFirstPaint, PRELOADS_PER_TASK, preloadScript } from "./document-stream.server";

// the shape React Router 7 renders: preloads in the head, then the inline hydration module at the end of the body
const hydrationScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/home-B.js";
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-C.js");`;
const document =
  '<!DOCTYPE html><html lang="fr"><head><link rel="preload" as="image" href="/uploads/a.webp"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="n1"/><link rel="modulepreload" href="/assets/root-A.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/home-B.js" nonce="n1"/><style>a>b{color:red}</style></head>' +
  '<body><p>Économise : a < b, déjà 143€</p><img src="/uploads/a.webp" fetchpriority="high"/>' +
  `<script nonce="n1">window.__ctx = 1;</script><script nonce="n1" type="module" async="">${hydrationScript}</script>` +
  '<script nonce="n1">enqueue("<b>");</script></body></html>';

function chunked(input: string, size: number) {
  const bytes = Buffer.from(input);
  return Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
}

describe("hydrateAfterFirstPaint", () => {
  const rewritten = hydrateAfterFirstPaint(hydrationScript, ["/assets/entry.client-C.js", "/assets/root-A.js", "/assets/home-B.js"]);

  it("waits for the first contentful paint, then preloads every module at once and imports the route modules", () => {
    expect(rewritten).not.toMatch(/^import \* as/m);
    const wait = rewritten.indexOf("first-contentful-paint");
    const preload = rewritten.indexOf('rel: "modulepreload"');
    const imports = rewritten.indexOf('const [route0, route1] = await Promise.all([import("/assets/root-A.js"), import("/assets/home-B.js")]);');
    const entry = rewritten.indexOf('import("/assets/entry.client-C.js");');
    expect(wait).toBeGreaterThan(-1);
    expect(preload).toBeGreaterThan(wait);
    expect(imports).toBeGreaterThan(preload);
    expect(entry).toBeGreaterThan(imports);
    expect(rewritten).toContain('["/assets/entry.client-C.js","/assets/root-A.js","/assets/home-B.js"]');
    expect(rewritten).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
  });

  it("is a valid module script", () => {
    expect(() => transformSync(rewritten, { format: "esm", target: "es2022", loader: "js" })).not.toThrow();
  });

  /** Run the preload part of the script with a recording document: the links each task appended. */
  async function preloadTasks(hrefs: string[], visibilityState: "visible" | "hidden") {
    const tasks: string[][] = [[]];
    const links: Array<{ rel?: string; href?: string }> = [];
    const document = {
      visibilityState,
      createElement: () => ({}),
      head: { append: (link: { rel?: string; href?: string }) => (links.push(link), tasks.at(-1)!.push(link.href!)) },
    };
    const setTimeout = (resolve: () => void) => (tasks.push([]), resolve());
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;
    await new AsyncFunction("document", "setTimeout", preloadScript(hrefs))(document, setTimeout);
    expect(links.map((l) => l.href)).toEqual(hrefs);
    expect(links.every((l) => l.rel === "modulepreload")).toBe(true);
    return tasks;
  }
  const hrefs = Array.from({ length: 44 }, (_, i) => `/assets/m${i}.js`);

  it("appends the module preloads a few per task, in their order, each batch in a task of its own", async () => {
    const tasks = await preloadTasks(hrefs, "visible");
    expect(tasks).toHaveLength(Math.ceil(44 / PRELOADS_PER_TASK));
    expect(tasks.every((t) => t.length <= PRELOADS_PER_TASK && t.length > 0)).toBe(true);
    expect(PRELOADS_PER_TASK).toBeLessThanOrEqual(4);
  });

  it("appends them all at once in a hidden tab, whose timers the browser slows to one a second", async () => {
    expect(await preloadTasks(hrefs, "hidden")).toEqual([hrefs]);
  });

  it("leaves a script without static imports as it is", () => {
    expect(hydrateAfterFirstPaint('import("/assets/x.js");', [])).toBe('import("/assets/x.js");');
  });
});

describe("documentStream: the rewrite", () => {
  const expected = document
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(hydrationScript, hydrateAfterFirstPaint(hydrationScript, ["/assets/entry.client-C.js", "/assets/root-A.js", "/assets/home-B.js"]));

  it("moves the preloads into the hydration script, whatever the chunk boundaries, even inside a multi-byte character", async () => {
    expect(expected).not.toContain("modulepreload\" href");
    expect(expected).toContain("<p>Économise : a < b, déjà 143€</p>");
    for (let size = 1; size <= Buffer.byteLength(document); size += 1) {
      expect(await text(Readable.from(chunked(document, size)).pipe(documentStream()))).toBe(expected);
    }
  });

  it("rewrites the bytes as they come, whatever the chunk boundaries (a tag, the script or a character split)", () => {
    for (let size = 1; size <= Buffer.byteLength(document); size += 1) {
      const rewriter = documentRewriter();
      const out = chunked(document, size).map((chunk) => rewriter.write(chunk));
      out.push(rewriter.end());
      expect(Buffer.concat(out).toString("utf8"), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("passes a document without a hydration script through unchanged, but for its preloads", async () => {
    const plain = '<html><head><link rel="modulepreload" href="/a.js"/></head><body><p>a < b</p></body></html>';
    expect(await text(Readable.from(chunked(plain, 7)).pipe(documentStream()))).toBe("<html><head></head><body><p>a < b</p></body></html>");
  });
});

describe("documentStream: one chunk per tick", () => {
  it("sends what is written in one tick as one chunk, and what comes later as soon as it is written", async () => {
    let ended = 0;
    const stream = documentStream({ onEnd: () => ended++ });
    const chunks: string[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c.toString()));
    for (const part of ["<html>", "<head>", "</head>", "<body>"]) stream.write(part);
    await new Promise((r) => setImmediate(r));
    expect(chunks).toEqual(["<html><head></head><body>"]);
    stream.write("<p>later</p>");
    await new Promise((r) => setImmediate(r));
    expect(chunks).toEqual(["<html><head></head><body>", "<p>later</p>"]);
    stream.write("</body>");
    stream.end("</html>");
    await new Promise((r) => stream.on("end", r));
    expect(chunks.join("")).toBe("<html><head></head><body><p>later</p></body></html>");
    expect(ended).toBe(1);
  });
});
