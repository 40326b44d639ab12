import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { onDataChange } from "#app/lib/data-changes.server";
import { PAGE_TABLES } from "#app/lib/data-cache.server";
import { TEST_NOW_HEADER } from "#app/lib/clock.server";
import { getEnv } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { takesSharedPage } from "#app/lib/shared-pages";
import { CONSENT_COOKIE, readConsentChoice, serializeConsent, type ConsentChoice } from "#app/modules/consent/consent";
import type { RenderQueue } from "./render-queue";
import type { Env } from "#app/lib/env.server";

/**
 * A cached page is rendered with a placeholder in place of the CSP nonce, replaced by a
 * fresh nonce on every response. The placeholder is random per cache (so per process):
 * text in a page that happens to equal it cannot be guessed in advance to become the nonce.
 * @public exported for tests/integration/input-hardening.test.ts, which calls it in a child
 * process (`node -e "import('./server/page-cache.ts')…"`), out of knip's sight
 */
export function noncePlaceholder() {
  return `cspnonce${randomBytes(18).toString("hex")}`;
}

const PRIVATE_PREFIXES = [
  "/admin", "/auth", "/api", "/profile", "/mes-deals", "/invite", "/kpi", "/analytics",
  "/newsletter", "/consent", "/email-test", "/signup", "/inscription", "/healthz", "/readyz", "/assets", "/uploads", "/__bench",
];

function isPublicPath(path: string) {
  return !PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}.`) || path.startsWith(`${p}?`));
}

/** Cookies other than the consent choice make a request personal (session, toast...). */
function isAnonymous(cookieHeader: string | undefined) {
  if (!cookieHeader) return true;
  return cookieHeader
    .split(";")
    .map((c) => c.split("=")[0]?.trim())
    .every((name) => !name || name === "cr_consent");
}

interface Entry {
  at: number;
  status: number;
  headers: Array<[string, string]>;
  /** the body's bytes, cut where the nonce goes: a hit joins them, encoding nothing */
  parts: Buffer[];
  /** the same parts deflated once, for the clients that take gzip (gzipAround); set only when the entry may be kept (isCacheable) */
  deflated?: Buffer[];
}

/** `body` cut at every `placeholder` (ASCII, so never inside a character). */
export function splitAt(body: Buffer, placeholder: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(placeholder, from, "latin1"); at !== -1; at = body.indexOf(placeholder, from, "latin1")) {
    parts.push(body.subarray(from, at));
    from = at + placeholder.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/** Deflate each part on its own, ending byte-aligned and not final (a sync flush), so parts can follow one another. */
export function deflateParts(parts: Buffer[]): Promise<Buffer[]> {
  // in libuv's thread pool, as the compression middleware does, not on the event loop
  return Promise.all(parts.map((part) => deflateRaw(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH })));
}

const deflateRaw = promisify(zlib.deflateRaw);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const LAST_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** A stored (uncompressed) deflate block holding `bytes` (at most 65,535), not final. */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

/**
 * The gzip stream of the parts joined by `nonce`, from the parts deflated once
 * (deflateParts): the nonce goes in as a stored block between them, so a hit
 * compresses nothing. Only the checksum reads the whole body (RFC 1952: the
 * CRC-32 and the length of what the stream inflates to).
 */
export function gzipAround(parts: Buffer[], deflated: Buffer[], nonce: Buffer): Buffer {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  for (const [i, part] of parts.entries()) {
    if (i > 0) {
      out.push(storedBlock(nonce));
      crc = zlib.crc32(nonce, crc);
      size += nonce.length;
    }
    out.push(deflated[i]!);
    crc = zlib.crc32(part, crc);
    size += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(LAST_EMPTY_BLOCK, trailer);
  return Buffer.concat(out);
}

/**
 * Only a 200 page or data response that sets no cookie and is not marked
 * `private` or `no-store` (an admin's view of a draft page) may be cached.
 */
export function isCacheable(entry: Pick<Entry, "status" | "headers">): boolean {
  const header = (name: string) => entry.headers.find(([k]) => k.toLowerCase() === name)?.[1] ?? "";
  return (
    entry.status === 200 &&
    !entry.headers.some(([k]) => k.toLowerCase() === "set-cookie") &&
    !/no-store|private/i.test(header("cache-control")) &&
    /text\/html|text\/x-script|application\/json/.test(header("content-type"))
  );
}

/**
 * A micro-cache for anonymous GETs of public pages: the page is rendered once
 * with a nonce placeholder and served for `ttlMs` with a fresh nonce each
 * time. Personal requests (any cookie but the consent choice; on a shared page,
 * ADR 048, only the flash message's cookie, since members get the same page), responses
 * that set cookies and responses marked `private` or `no-store` (an admin's
 * view of a draft page) are never cached.
 *
 * A cached page must not depend on the visitor who happened to ask first: it is
 * rendered from a canonical request built from the cache key alone (the URL, HTML
 * or data, and the two consent purposes, with a consent cookie dated now), never
 * from that visitor's headers, cookie or address. The page itself only uses the
 * purposes of the consent (the root loader drops the date of the choice).
 */
export function pageCache(options: { build: ServerBuild; mode?: Env["NODE_ENV"]; ttlMs: number; maxEntries?: number; renders?: Pick<RenderQueue, "run"> }) {
  const handle = createRequestHandler(options.build, options.mode);
  const cache = new Map<string, Entry>();
  const max = options.maxEntries ?? 500;
  const inflight = new Map<string, Promise<Entry>>();
  const placeholder = noncePlaceholder();
  // a change of the content on any server (LISTEN/NOTIFY, ADR 024) empties the cache at once;
  // a render that started before the change is served but not kept
  let generation = 0;
  // (not the codes' success figures, which change with every answer: cached pages show them up
  // to one TTL old, as before; nor sessions and members, which no anonymous page shows)
  onDataChange(() => {
    generation++;
    cache.clear();
  }, PAGE_TABLES);

  async function render(req: ExpressRequest, consent: ConsentChoice | null, html: boolean): Promise<Entry> {
    const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`);
    const headers = new Headers({ accept: html ? "text/html" : "*/*" });
    if (consent) headers.set("cookie", `${CONSENT_COOKIE}=${serializeConsent({ ...consent, decidedAt: Date.now() })}`);
    const response = await handle(new Request(url, { method: "GET", headers }), {
      cspNonce: placeholder,
      clientIp: undefined,
      logger,
    });
    const body = Buffer.from(await response.arrayBuffer());
    const parts = splitAt(body, placeholder);
    const entry: Entry = { at: Date.now(), status: response.status, headers: [...response.headers.entries()], parts };
    if (isCacheable(entry)) entry.deflated = await deflateParts(parts);
    return entry;
  }

  function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, hit: boolean) {
    res.status(entry.status);
    for (const [k, v] of entry.headers) if (k !== "content-length" && k !== "content-encoding") res.setHeader(k, v);
    res.setHeader("X-Cache", hit ? "HIT" : "MISS");
    res.vary("Accept-Encoding");
    // bytes, not a string: no 120 KB of UTF-8 to encode, nor an ETag to hash, on every hit
    // (the nonce makes each response unique, so an ETag could never match)
    const nonce = Buffer.from(res.locals.cspNonce as string);
    let body: Buffer;
    // compressed once when stored, not on every hit: gzip even for the browsers that would
    // take brotli (about 5 % more bytes, a quarter of the CPU); the compression middleware
    // leaves an encoded body alone
    if (entry.deflated && req.acceptsEncodings("gzip", "identity") === "gzip") {
      body = gzipAround(entry.parts, entry.deflated, nonce);
      res.setHeader("Content-Encoding", "gzip");
    } else {
      body = Buffer.concat(entry.parts.flatMap((part, i) => (i === 0 ? [part] : [nonce, part])));
    }
    res.setHeader("Content-Length", body.length);
    res.end(body);
  }

  const middleware = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (options.ttlMs <= 0 || req.method !== "GET" || !isPublicPath(req.path)) return next();
    // an end-to-end test's request at another time (TEST_CLOCK_HEADER, never in production) is rendered for itself
    if (req.get(TEST_NOW_HEADER) && getEnv().TEST_CLOCK_HEADER) return next();
    // a member gets the stored page too where it is the same for everyone (ADR 048)
    if (!isAnonymous(req.headers.cookie) && !takesSharedPage(req.path, req.headers.cookie)) return next();
    const consent = readConsentChoice(req.headers.cookie);
    const html = Boolean(req.get("accept")?.includes("text/html"));
    const key = `${req.protocol}://${req.get("host")}${req.originalUrl}|${consent ? `${Number(consent.analytics)}${Number(consent.marketing)}` : "none"}|${html ? "html" : "other"}`;
    const cached = cache.get(key);
    if (cached && Date.now() - cached.at < options.ttlMs) return send(req, res, cached, true);
    try {
      const startedIn = generation;
      let pending = inflight.get(key);
      if (!pending) {
        const page = () => render(req, consent, html);
        pending = (options.renders ? options.renders.run(page) : page()).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      const entry = await pending;
      // a member gets the shared page only when it is one (a 200 that may be kept): an editor's preview of a draft
      // article, a redirect or an error is rendered for their own request
      if (!entry.deflated && !isAnonymous(req.headers.cookie)) return next();
      // deflated exactly when cacheable (render): not asked twice
      if (entry.deflated && startedIn === generation) {
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(key, entry);
      }
      send(req, res, entry, false);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(middleware, { noncePlaceholder: placeholder });
}
