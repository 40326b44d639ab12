import { Transform } from "node:stream";

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
  return `${AFTER_FIRST_PAINT}\n${preloadScript(preloads)}\nconst [${names}] = await Promise.all([${imports}]);${rest}`;
}

/**
 * Modulepreload links appended per task. Each link a script appends costs the main thread 0.4–0.8 ms on this
 * machine kind: a deal list's 44 took 15–38 ms in one task, 100–230 ms once Lighthouse slows the CPU to a phone's, and
 * all of it blocking (ADR 056). A few at a time, each batch in a task of its own, no task is long; the last batch
 * starts a few milliseconds later. A hidden tab (opened in the background) appends them all at once: no one waits on
 * its main thread, and the browser runs a hidden page's timers once a second at most. Batches of 8 still made tasks
 * of 6–31 ms in Lighthouse's traces of / (ADR 057): 4 at a time.
 */
export const PRELOADS_PER_TASK = 4;

/** The hydration script's part that starts the module preloads, PRELOADS_PER_TASK at a time. */
export function preloadScript(preloads: string[]): string {
  return `const modulePreloads = ${JSON.stringify(preloads)};
for (let i = 0; i < modulePreloads.length; i += ${PRELOADS_PER_TASK}) {
  if (i > 0 && document.visibilityState !== "hidden") await new Promise((resolve) => setTimeout(resolve));
  for (const href of modulePreloads.slice(i, i + ${PRELOADS_PER_TASK})) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
}`;
}

const PRELOAD = '<link rel="modulepreload"';
const HREF = /\bhref="([^"]+)"/;
const LT = 0x3c;
const GT = 0x3e;
const EMPTY = Buffer.alloc(0);

/**
 * The rewrite applied to every server-rendered document as it streams out, on its bytes:
 * the modulepreload links are taken out of the head and the hydration script runs after
 * the first paint (hydrateAfterFirstPaint). A tag or a script split across chunks is kept
 * back until it is complete; the text around them is never decoded (`<` and `>` are ASCII,
 * never part of a multi-byte character). Once the script is rewritten, bytes pass as they come.
 */
export function documentRewriter(): { write: (chunk: Buffer) => Buffer; end: () => Buffer } {
  let pending = EMPTY;
  let done = false;
  const preloads: string[] = [];

  function rewrite(input: Buffer, final: boolean): Buffer {
    // keep back an unfinished tag ("<link rel=...", "<script ...") that the next chunk completes
    const last = final ? -1 : input.lastIndexOf(LT);
    const cut = last !== -1 && input.indexOf(GT, last) === -1 ? last : input.length;
    let text = input.subarray(0, cut);
    const rest = input.subarray(cut);
    if (text.includes(PRELOAD)) {
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = text.indexOf(PRELOAD); at !== -1; at = text.indexOf(PRELOAD, from)) {
        const close = text.indexOf(GT, at);
        const href = HREF.exec(text.toString("latin1", at, close))?.[1];
        if (href) preloads.push(href);
        parts.push(text.subarray(from, at));
        from = close + 1;
      }
      parts.push(text.subarray(from));
      text = Buffer.concat(parts);
    }
    for (let at = text.indexOf("<script"); at !== -1; at = text.indexOf("<script", at + 1)) {
      const open = text.indexOf(GT, at) + 1;
      const tag = text.toString("latin1", at, open);
      if (!/^<script[\s>]/.test(tag) || !/\btype="module"/.test(tag)) continue;
      const close = text.indexOf("</script>", open);
      // the whole script is needed before it is rewritten
      if (close === -1 && !final) {
        pending = Buffer.concat([text.subarray(at), rest]);
        return text.subarray(0, at);
      }
      if (close === -1) break;
      done = true;
      pending = EMPTY;
      const script = hydrateAfterFirstPaint(text.toString("utf8", open, close), preloads);
      return Buffer.concat([text.subarray(0, open), Buffer.from(script), text.subarray(close), rest]);
    }
    if (final) {
      pending = EMPTY;
      return rest.length > 0 ? Buffer.concat([text, rest]) : text;
    }
    // a copy: the caller may reuse the chunk's memory
    pending = rest.length > 0 ? Buffer.from(rest) : EMPTY;
    return text;
  }

  return {
    write: (chunk) => (done ? chunk : rewrite(pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk, false)),
    end: () => (done ? EMPTY : rewrite(pending, true)),
  };
}

/**
 * The stream a document is rendered into: the chunks written in one turn of the event loop
 * leave as one, rewritten (documentRewriter). React Router flushes the response after every
 * chunk it writes, and the compression middleware turns each flush into a zlib sync flush:
 * React's ~2 KB chunks made the gzipped home page 40 % larger than the same HTML compressed
 * whole, for more CPU. Streaming is kept: what React writes later (a deferred section) still
 * leaves as soon as it is written. `onEnd` runs when the document is complete.
 */
export function documentStream(options: { onEnd?: () => void } = {}): Transform {
  const rewriter = documentRewriter();
  let queued: Buffer[] = [];
  let scheduled = false;
  const take = () => {
    const bytes = queued.length === 1 ? queued[0]! : Buffer.concat(queued);
    queued = [];
    return bytes;
  };
  const stream: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      queued.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (queued.length === 0) return;
          const out = rewriter.write(take());
          if (out.length > 0) stream.push(out);
        });
      }
      callback();
    },
    flush(callback) {
      const last = queued.length > 0 ? rewriter.write(take()) : EMPTY;
      const tail = rewriter.end();
      options.onEnd?.();
      const out = tail.length > 0 ? Buffer.concat([last, tail]) : last;
      callback(null, out.length > 0 ? out : undefined);
    },
  });
  return stream;
}
