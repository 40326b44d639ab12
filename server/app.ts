import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type Request, type Response } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createRequestHandler } from "@react-router/express";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER, SESSION_COOKIE } from "#app/lib/auth.server";
import { containsNul, NUL_MESSAGE } from "#app/lib/body.server";
import { getDatabase, pendingMigrations } from "#app/lib/db.server";
import type { Env } from "#app/lib/env.server";
import { loggableUrl, logger } from "#app/lib/logger.server";
import { runInRequestScope } from "#app/lib/request-scope.server";
import { isSharedPage, SHARED_PAGE_CACHE_CONTROL, takesSharedPage } from "#app/lib/shared-pages";
import { readSharedUpload } from "#app/lib/storage.server";
import { getSetting } from "#app/modules/settings/settings.server";
import "#app/lib/load-context";
import { clientIpOf, clientPortOf } from "./client-ip";
import { kpiRedirect } from "./kpi-redirect";
import { pageCache } from "./page-cache";
import { createRenderQueue } from "./render-queue";

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  env: Env;
  clientDir: string;
  uploadsDir: string;
  /** Micro-cache of anonymous public pages, in ms (0 disables). */
  pageCacheTtlMs?: number;
  /** Extra script origins allowed by the CSP (analytics after consent). */
  extraScriptSrc?: string[];
  /** Renders at once (server/render-queue.ts); default RENDER_CONCURRENCY, else 2 on PGlite and 4 on PostgreSQL. */
  renderConcurrency?: number;
}

/** Renders at once when RENDER_CONCURRENCY is unset (measured in ADR 026's amendment of 2026-11-27). */
export function defaultRenderConcurrency(env: Pick<Env, "DATABASE_URL" | "RENDER_CONCURRENCY">) {
  return env.RENDER_CONCURRENCY ?? (env.DATABASE_URL ? 4 : 2);
}

/** Content-Security-Policy directives; the nonce is per response. */
const ANALYTICS_ORIGINS = ["https://www.googletagmanager.com", "https://www.google-analytics.com"];

function cspDirectives(env: Env, extraScriptSrc: string[] = []) {
  const https = env.SITE_URL.startsWith("https://");
  // Google's origins only while a measurement ID is configured (GA_MEASUREMENT_ID or the
  // admin setting): res.locals.analytics is set per request. The tag itself still loads
  // only after consent.
  const analytics = [(_req: unknown, res: unknown) => ((res as Response).locals.analytics ? ANALYTICS_ORIGINS.join(" ") : "")];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: [
      "'self'",
      (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`,
      ...analytics,
      ...extraScriptSrc,
    ],
    // Radix and sonner position elements with style attributes
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", ...analytics],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'", ...analytics],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: https ? [] : null,
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const EXTENSION_ORIGIN = /^(chrome|moz)-extension:\/\/[a-z0-9-]+$/i;

/**
 * CSRF defence in depth: a state-changing request whose Origin (or
 * Sec-Fetch-Site) says it comes from another site is refused with 403. The browser
 * extension's own origin may post to /api/extension/ (its route checks the rest, ADR 050 §CSRF).
 */
function originGuard(env: Env) {
  const siteOrigin = new URL(env.SITE_URL).origin;
  return (req: Request, res: Response, next: () => void) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    let allowed = true;
    if (origin && origin !== "null") {
      const own = `${req.protocol}://${req.get("host")}`;
      allowed = origin === siteOrigin || origin === own || (EXTENSION_ORIGIN.test(origin) && req.path.startsWith("/api/extension/"));
    } else if (origin === "null" || fetchSite === "cross-site") {
      allowed = false;
    }
    if (allowed) return next();
    res
      .status(403)
      .type("text/plain; charset=utf-8")
      .send("Requête refusée : elle ne provient pas de ce site.");
  };
}

/** A path whose percent-encoding does not decode (`%E0%A4%A`, a lone `%`). */
export const MALFORMED_PATH_MESSAGE = "Adresse invalide : elle contient un encodage incorrect.";

/**
 * An address no route should read is refused with a French 400, before any route (Express's router and the
 * static files would answer a malformed one with an English error page):
 * - U+0000 in the path or the query (bodies: app/lib/body.server.ts). Percent-decoding yields U+0000 only from
 *   `%00`, so the raw URL holds `%00` exactly when the decoded path or query holds the character;
 * - a path whose percent-encoding does not decode.
 */
function addressGuard(req: Request, res: Response, next: () => void) {
  const refused = refusedAddress(req);
  if (!refused) return next();
  res.status(400).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").send(refused);
}

function refusedAddress(req: Request): string | null {
  if (req.originalUrl.includes("%00") || containsNul(req.originalUrl)) return NUL_MESSAGE;
  try {
    decodeURIComponent(req.path);
  } catch {
    return MALFORMED_PATH_MESSAGE;
  }
  return null;
}

/** Pages only a signed-in member or admin sees (anonymous visitors are sent to /auth). */
const SESSION_PATHS = ["/admin", "/profile", "/email-test", "/mes-deals", "/invite"];
const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Who may keep a response (ADR 048). A shared page (app/lib/shared-pages.ts), asked with a safe method,
 * is the same for a visitor and a member: a 200 that sets no cookie and is not marked private is
 * `SHARED_PAGE_CACHE_CONTROL`, for members too, so any HTTP cache may keep it; anything else asked with
 * a session (a flash message to clear, a redirect, an error) stays `private, no-store`, decided when the
 * headers leave, whoever wrote the answer (the micro-cache or React Router). Every other response
 * rendered for a session (pages, `.data`, resource routes, redirects) and every response of a member
 * or admin path is `private, no-store`, whatever the route set: no shared cache or browser history keeps it.
 */
function cacheControl(req: Request, res: Response, next: () => void) {
  const session = (req.headers.cookie ?? "").includes(SESSION_COOKIE);
  if (SAFE_METHODS.has(req.method) && isSharedPage(req.path)) {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      const marked = /private|no-store/i.test(String(res.getHeader("cache-control") ?? ""));
      if (status === 200 && !res.hasHeader("set-cookie") && !marked && takesSharedPage(req.path, req.headers.cookie)) {
        res.setHeader("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
      } else if (session || res.hasHeader("set-cookie")) {
        res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      }
      return writeHead(...args);
    }) as typeof res.writeHead;
    return next();
  }
  const personal = session || SESSION_PATHS.some((p) => req.path === p || req.path.startsWith(`${p}/`) || req.path.startsWith(`${p}.`));
  if (!personal) return next();
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    setHeader(name, name.toLowerCase() === "cache-control" ? PRIVATE_CACHE_CONTROL : value)) as typeof res.setHeader;
  res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
  next();
}

/**
 * Brotli (what browsers ask for first) with a 256 KB window instead of its 4 MB default:
 * every response builds its own encoder, and the default's buffers made a compressed page
 * cost 2.5 times the CPU under concurrent requests (9.8 against 3.8 ms per home page at
 * 20 connections). The largest page is about 160 KB, so the smaller window finds the same
 * matches: the compressed home page is the same size. Quality stays compression's 4.
 */
export const BROTLI_WINDOW_BITS = 18;
const COMPRESSION = { brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS } } };

export function createApp(options: AppOptions) {
  const { env } = options;
  const app = express();
  app.disable("x-powered-by");
  // in-flight requests, so a shutdown waits for handlers whose client already went away
  let inflight = 0;
  app.locals.inflight = () => inflight;
  // per-request memos (the session lookup shared by the loaders of one page); reads only:
  // an action may change what a memo holds before the loaders run in the same request
  app.use((req, _res, next) => (SAFE_METHODS.has(req.method) ? runInRequestScope(next) : next()));
  // the only client IP better-auth reads (sessions): clientIpOf's, replacing any value the client sent (issue #35)
  app.use((req, _res, next) => {
    delete req.headers[CLIENT_IP_HEADER];
    const ip = clientIpOf(req);
    if (ip) req.headers[CLIENT_IP_HEADER] = ip;
    next();
  });
  app.use((_req, res, next) => {
    inflight++;
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        inflight--;
      }
    };
    // a handler is done when it ends the response, even if the client left before
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.end = ((...args: unknown[]) => {
      finish();
      return end(...args);
    }) as typeof res.end;
    res.once("finish", finish);
    next();
  });
  // X-Forwarded-For is read only from the proxies TRUST_PROXY names (none by default)
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => {
        const incoming = req.headers["x-request-id"];
        return typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomBytes(8).toString("hex");
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      serializers: {
        req: (req) => ({ method: req.method, url: loggableUrl(String(req.url)) }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    }),
  );

  app.use((req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", String(req.id));
    if (env.GA_MEASUREMENT_ID) {
      res.locals.analytics = true;
      return next();
    }
    getSetting("ga_measurement_id").then(
      (id) => {
        res.locals.analytics = Boolean(id);
        next();
      },
      () => next(),
    );
  });
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(env, options.extraScriptSrc) },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: env.SITE_URL.startsWith("https://")
        ? { maxAge: 31536000, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    next();
  });
  app.use(compression(COMPRESSION));
  app.use(addressGuard);
  app.use(originGuard(env));

  app.get("/healthz", async (req: Request, res: Response) => {
    // test hook (never set in production): a slow health check to prove graceful shutdown
    const slow = env.CREVARDE_TEST_SLOW_HEALTHZ_MS;
    if (slow > 0 && req.query.slow) {
      // the test waits for this line before SIGTERM: the request is inside its handler, whatever the machine's speed
      process.stdout.write("slow health check in flight\n");
      await new Promise((r) => setTimeout(r, slow));
    }
    try {
      const database = await getDatabase();
      await database.ping();
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.kind });
    } catch (error) {
      logger.error({ err: error }, "healthcheck failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error" });
    }
  });

  app.get("/readyz", async (_req: Request, res: Response) => {
    try {
      const database = await getDatabase();
      const pending = await pendingMigrations(database);
      if (pending > 0) {
        res.status(503).set("Cache-Control", "no-store").json({ status: "migrating", pending });
        return;
      }
      res.set("Cache-Control", "no-store").json({ status: "ready", database: database.kind });
    } catch (error) {
      logger.error({ err: error }, "readiness check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error" });
    }
  });

  // Hashed build assets never change: cache them forever. Their brotli and gzip copies were made at build time
  // (scripts/precompress.mjs, ADR 058): sent as they are, with Vary: Accept-Encoding, instead of compressed per request.
  app.use(
    "/assets",
    expressStaticGzip(path.join(options.clientDir, "assets"), { enableBrotli: true, orderPreference: ["br", "gzip"], index: false, serveStatic: { immutable: true, maxAge: "1y" } }),
  );
  // Uploaded and generated images get random names: also immutable.
  app.use(
    "/uploads",
    express.static(options.uploadsDir, { immutable: true, maxAge: "1y", index: false, dotfiles: "deny" }),
  );
  // not a file of this server: from the store all servers share (PostgreSQL, ADR 024)
  app.get("/uploads/:name", async (req: Request, res: Response, next: (error?: unknown) => void) => {
    try {
      const file = await readSharedUpload(String(req.params.name));
      if (!file) return next();
      res.set("Cache-Control", "public, max-age=31536000, immutable").type(file.contentType).send(file.bytes);
    } catch (error) {
      next(error);
    }
  });
  if (env.BENCH_STATIC_DIR) {
    app.use("/__bench", express.static(env.BENCH_STATIC_DIR, { index: false }));
  }
  // the click-outs' 302, before the file lookup and React Router (server/kpi-redirect.ts)
  app.get("/kpi", cacheControl, kpiRedirect(options.build));
  // the build's public files (favicon, og-image): looked up for their own names only, not with a
  // file-system lookup on every page request
  const publicEntries = new Set(fs.existsSync(options.clientDir) ? fs.readdirSync(options.clientDir) : []);
  const publicFiles = express.static(options.clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));

  app.use(cacheControl);
  // every render waits its turn, in order of arrival; a micro-cache hit renders nothing and does not wait
  const renders = createRenderQueue(options.renderConcurrency ?? defaultRenderConcurrency(env));
  app.locals.renders = renders;
  if (options.pageCacheTtlMs && typeof options.build !== "function") {
    app.use(pageCache({ build: options.build, mode: env.NODE_ENV, ttlMs: options.pageCacheTtlMs, renders }));
  }
  app.use(renders.middleware);

  app.use(
    createRequestHandler({
      build: options.build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        logger: (req as unknown as { log?: typeof logger }).log ?? logger,
        clientIp: clientIpOf(req),
        clientPort: clientPortOf(req),
      }),
    }),
  );

  return app;
}
