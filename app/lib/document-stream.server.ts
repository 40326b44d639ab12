import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>/;
const STATIC_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm;

/**
 * Waits until the browser has shown the server-rendered page: its first
 * contentful paint, as the Paint Timing API reports it once the frame is on
 * screen. Without that API, a frame and a task; in a hidden tab, nothing
 * is painted, so nothing to wait for; and never more than 5 s.
 */
const AFTER_FIRST_PAINT = `await new Promise((resolve) => {
  if (document.visibilityState === "hidden") return resolve();
  setTimeout(resolve, 5000);
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => setTimeout(resolve));
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(resolve);
  }).observe({ type: "paint", buffered: true });
});`;

/**
 * React Router announces the hydration modules with modulepreload links in the
 * head and imports them statically from an inline module script. The browser
 * then spends the first second of a slow connection on JavaScript, and often
 * evaluates it and hydrates before it has painted the page: the largest image
 * waits behind all of it. The page is server-rendered and works without
 * JavaScript, so it is shown first: the preloads move into the hydration
 * script, which starts them (all at once, no waterfall) after the first
 * contentful paint, then imports the same modules.
 */
export function hydrateAfterFirstPaint(script: string, preloads: string[]): string {
  const modules: Array<{ name: string; url: string }> = [];
  const rest = script.replace(STATIC_IMPORT, (_, name: string, url: string) => {
    modules.push({ name, url });
    return "";
  });
  if (modules.length === 0) return script;
  const names = modules.map((m) => m.name).join(", ");
  const imports = modules.map((m) => `import(${m.url})`).join(", ");
  const preload = `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`;
  return `${AFTER_FIRST_PAINT}\n${preload}\nconst [${names}] = await Promise.all([${imports}]);${rest}`;
}

/**
 * The rewrite applied to every server-rendered document as it streams out:
 * the modulepreload links are taken out of the head and the hydration script
 * runs after the first paint (hydrateAfterFirstPaint). A tag, a script or a
 * UTF-8 character split across chunks is completed before it is rewritten.
 */
export function rewriteDocumentStream() {
  let pending = "";
  let hydrationScriptSeen = false;
  const preloads: string[] = [];
  const decoder = new StringDecoder("utf8");

  function rewrite(input: string): { out: string; rest: string } {
    // keep back an unfinished tag ("<link rel=...", "<script ...") that the next chunk completes
    const last = input.lastIndexOf("<");
    const cut = last !== -1 && !input.includes(">", last) ? last : input.length;
    let text = input.slice(0, cut);
    const rest = input.slice(cut);
    if (hydrationScriptSeen) return { out: text, rest: rest };
    text = text.replace(MODULEPRELOAD, (_, href: string) => {
      preloads.push(href);
      return "";
    });
    const start = text.search(MODULE_SCRIPT);
    if (start === -1) return { out: text, rest };
    const open = text.indexOf(">", start) + 1;
    const close = text.indexOf("</script>", open);
    // the whole script is needed before it is rewritten
    if (close === -1) return { out: text.slice(0, start), rest: text.slice(start) + rest };
    hydrationScriptSeen = true;
    return { out: text.slice(0, open) + hydrateAfterFirstPaint(text.slice(open, close), preloads) + text.slice(close), rest };
  }
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const { out, rest } = rewrite(pending + (typeof chunk === "string" ? chunk : decoder.write(chunk)));
      pending = rest;
      callback(null, out);
    },
    flush(callback) {
      const { out, rest } = rewrite(pending + decoder.end());
      callback(null, out + rest);
    },
  });
}

/**
 * The chunks written in one turn of the event loop leave as one. React Router flushes the
 * response after every chunk it writes, and the compression middleware turns each flush
 * into a zlib sync flush: React's ~2 KB chunks made the gzipped home page 40 % larger than
 * the same HTML compressed whole, for more CPU. Streaming is kept: what React writes later
 * (a deferred section) still leaves as soon as it is written.
 */
export function coalesceTicks() {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending.length === 0) return;
          const out = Buffer.concat(pending);
          pending = [];
          stream.push(out);
        });
      }
      callback();
    },
    flush(callback) {
      const out = Buffer.concat(pending);
      pending = [];
      callback(null, out.length > 0 ? out : undefined);
    },
  });
  return stream;
}
