/**
 * Route fuzzing: every route of app/routes.ts receives generated hostile
 * requests as an anonymous visitor, a member and an admin. Pass condition:
 * no 5xx, no error logged, and nobody but an admin changes admin data.
 * `npm run test:fuzz` runs 10,000 requests; `npm test` a smaller count.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import routes from "#app/routes";
import { openDatabase, setDatabase, type Database } from "#app/lib/db.server";
import { resetAuth } from "#app/lib/auth.server";
import { logger } from "#app/lib/logger.server";
import { seed } from "#app/seed/index";
import { DEMO_ACCOUNTS } from "#app/seed/demo-accounts";
import { startInProcessApp } from "#tests/helpers/app";

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

/** Every URL pattern from app/routes.ts. */
export function routePatterns(entries: RouteEntry[], prefix = ""): string[] {
  const out: string[] = [];
  for (const e of entries) {
    const here = e.path ? `${prefix}/${e.path}`.replace(/\/+/g, "/") : prefix || "/";
    if (e.path || e.index) out.push(here || "/");
    if (e.children) out.push(...routePatterns(e.children, e.path ? here : prefix));
  }
  return [...new Set(out)];
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 900);

// NUL and the other control characters, alone and inside ordinary text (PostgreSQL text refuses only U+0000)
const controlChar = fc.oneof(fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), fc.constantFrom("\u007f", "\u0085", "\u2028", "\u2029", "\ufeff"));
const withControls = fc.array(fc.oneof(controlChar, fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 6 }).map((p) => p.join(""));
const withNul = fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([a, b]) => `${a}\u0000${b}`);

// ids that exist nowhere, in the shape of every entity's key: uuids (brands, codes, deals, offers, categories,
// pages, blocks), better-auth text ids (users, sessions), slugs (brands, categories, blog articles, pages, legal)
const unknownId = fc.oneof(
  fc.uuid(),
  fc.uuid().map((u) => u.toUpperCase()),
  fc.constantFrom("00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "00000000-0000-0000-0000-00000000000g"),
  fc.stringMatching(/^[A-Za-z0-9]{32}$/),
  fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,4}$/),
  fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
);

// very long values: past every field's limit and PostgreSQL's index row size (2.7 kB) while the URL stays under
// Node's 16 kB header limit, multi-byte, and now and then past that limit too
const veryLong = fc.oneof(
  { arbitrary: fc.integer({ min: 301, max: 8_000 }).map((n) => "a".repeat(n)), weight: 4 },
  { arbitrary: fc.integer({ min: 100, max: 500 }).map((n) => "é🔥".repeat(n)), weight: 3 },
  { arbitrary: fc.tuple(fc.uuid(), fc.integer({ min: 20, max: 200 })).map(([id, n]) => id.repeat(n)), weight: 2 },
  { arbitrary: fc.integer({ min: 17_000, max: 40_000 }).map((n) => "x".repeat(n)), weight: 1 },
);

// search queries (issue #14): full-text operators, quotes, backslashes, LIKE wildcards, NUL, emoji, other scripts and
// very long strings, mixed with words the catalogue has; none may reach the database as query syntax
const searchWord = fc.constantFrom("café", "CAFÉ", "pinceaux", "maquilage", "l'oréal", "L’Oréal", "gua-sha", "étanche", "a", "l", "le", "OR", "AND", "NOT", "20", "x10");
const searchOperator = fc.constantFrom(
  "&", "|", "!", ":", "*", ":*", ":A", "<", ">", "<->", "<2>", "-", "(", ")", '"', "'", "''", "\\", "\\'", "%", "_", "%_", "\u0000",
  "🔥", "👩🏽‍🔬", "💄", "مرحبا", "漢字", "カフェ", "Ελληνικά", "русский", "\u0301", "\u200b", "\ufeff", ";", "--", "$1", "${q}",
);
const searchQuery = fc.oneof(
  { arbitrary: fc.array(fc.oneof(searchWord, searchOperator), { minLength: 1, maxLength: 10 }).chain((parts) => fc.constantFrom(parts.join(" "), parts.join(""))), weight: 5 },
  { arbitrary: fc.tuple(searchWord, searchWord).map(([a, b]) => `"${a} ${b}"`), weight: 1 },
  { arbitrary: fc.tuple(searchWord, searchWord).map(([a, b]) => `${a} OR ${b}`), weight: 1 },
  { arbitrary: fc.tuple(searchWord, searchWord).map(([a, b]) => `${a} & !${b}:*`), weight: 1 },
  { arbitrary: fc.string({ maxLength: 30, unit: "binary" }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 30, unit: "grapheme" }), weight: 2 },
  { arbitrary: fc.tuple(fc.oneof(searchWord, searchOperator), fc.integer({ min: 100, max: 3_000 })).map(([w, n]) => `${w} `.repeat(n)), weight: 1 },
  { arbitrary: veryLong, weight: 1 },
);

const hostile = fc.oneof(
  { arbitrary: withNul, weight: 1 },
  { arbitrary: withControls, weight: 2 },
  { arbitrary: unknownId, weight: 3 },
  { arbitrary: veryLong, weight: 1 },
  { arbitrary: fc.constantFrom(
    "../../etc/passwd", "%00", "%2e%2e%2f", "' OR 1=1 --", "\"><script>alert(1)</script>", "<img src=x onerror=alert(1)>",
    "00000000-0000-0000-0000-000000000000", "-1", "9999999999999999999999", "NaN", "null", "undefined", "__proto__",
    "é🔥漢字", "x".repeat(3000), "%", "%%", "%zz", "javascript:alert(1)", "//evil.example", "https://evil.example",
  ), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.uuid(), weight: 1 },
  { arbitrary: searchQuery, weight: 2 },
);

const methods = fc.constantFrom("GET", "GET", "GET", "POST", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS");
const contentTypes = fc.constantFrom(
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/json",
  "text/plain",
  "application/xml",
  "",
);
const fieldNames = fc.constantFrom(
  "intent", "id", "email", "password", "username", "code", "brandId", "name", "slug", "title", "content", "page", "type",
  "position", "role", "q", "source", "destination", "token", "choice", "redirectTo", "_js", "description", "price", "url",
  "badgeType", "rateBase", "vatRatePercent", "expiresAt", "confirmation", "event", "file",
  // every field and query parameter that holds an id
  "dealId", "promoCodeId", "offerId", "categoryId", "pageId", "userId", "entityId", "deal", "brand", "parrain", "category",
  "redirect", "callbackURL", "avatar", "analytics", "marketing", "enabled", "status", "published",
  // « Ça a marché ? » (POST /codes-promo)
  "answer",
  // deal alerts (POST /mes-alertes, /alertes/desactiver)
  "query", "maxPrice", "minTemperature", "frequency", "modifier", "List-Unsubscribe",
  // price alerts (POST /coup-de-crevarde/:id, /mes-alertes, /alertes/prix/desactiver)
  "threshold",
  // comments and « Signaler » on a deal page, and their moderation
  "body", "parentId", "commentId", "targetType", "targetId", "reason", "details", "rule", "statement",
);
const intents = fc.constantFrom("login", "signup", "save", "delete", "preview", "init-content", "protection", "reset-session", "resend", "profile", "password", "delete", "save-deal", "remove-code", "request", "reset", "remove-deal", "save-code", "avatar", "newsletter", "oui", "non", "annuler", "pause", "resume", "comment", "edit-comment", "report", "approve-comment", "remove-comment", "dismiss-reports", "sign-in-link", "price-alert", "price-threshold", "price-pause", "price-resume", "price-delete");
const formBody = fc.array(fc.tuple(fieldNames, fc.oneof(hostile, intents, unknownId)), { maxLength: 8 });

/** JSON.stringify's replacer: an Error's message, code and stack, which it would write as {}. */
const errorFields = (_key: string, value: unknown) =>
  value instanceof Error ? { name: value.name, message: value.message, cause: value.cause, stack: value.stack?.split("\n").slice(0, 6).join(" | ") } : value;

function fillPattern(pattern: string, segment: string) {
  return pattern.replace(/:[a-zA-Z]+/g, encodeURIComponent(segment)).replace(/\*$/, encodeURIComponent(segment));
}

describe("route fuzzing", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof startInProcessApp>>;
  const cookies: Record<"anonymous" | "member" | "admin", string> = { anonymous: "", member: "", admin: "" };
  const errors: unknown[] = [];
  const patterns = routePatterns(routes as RouteEntry[]);

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    setDatabase(Promise.resolve(database));
    resetAuth();
    await seed(database.db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-fuzz-")) });
    app = await startInProcessApp();
    for (const role of ["member", "admin"] as const) {
      const account = DEMO_ACCOUNTS.find((a) => (role === "admin" ? a.role === "admin" : a.role === "user"))!;
      const r = await fetch(`${app.base}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `198.18.0.${role === "admin" ? 1 : 2}` },
        body: new URLSearchParams({ intent: "login", email: account.email, password: account.password }),
      });
      cookies[role] = r.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      expect(cookies[role]).toContain("crevarde.session_token");
    }
    const spy = (level: "error" | "fatal") =>
      vi.spyOn(logger, level).mockImplementation(((obj: unknown, msg?: string) => {
        errors.push({ obj, msg });
      }) as never);
    spy("error");
    spy("fatal");
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function adminSnapshot() {
    const r = (await database.db.execute(sql`select
      (select count(*) from brands)::int as brands, (select count(*) from promo_codes)::int as codes,
      (select count(*) from offers)::int as offers, (select count(*) from crevarde_deals)::int as deals,
      (select count(*) from categories)::int as categories, (select count(*) from pages)::int as pages,
      (select count(*) from content_blocks)::int as blocks, (select string_agg(id || ':' || role, ',' order by id) from "user" where role = 'admin') as admins,
      (select value::text from site_settings where key = 'content_protection') as protection`)) as unknown as { rows: Array<Record<string, unknown>> };
    return r.rows[0];
  }

  /** The pages that read a search query (q): the deals page and its alias, and the search page once it exists. */
  const searchPages = ["/coup-de-crevarde", "/coups-de-crevarde", "/recherche"].filter((p) => patterns.includes(p));

  it(`finds every route in app/routes.ts (${patterns.length})`, () => {
    expect(searchPages).toContain("/coup-de-crevarde");
    for (const p of ["/", "/coup-de-crevarde", "/codes-promo", "/kpi", "/analytics", "/admin/users", "/admin/upload", "/marques/:id", "/legal/:slug"]) {
      expect(patterns).toContain(p);
    }
  });

  it(`answers ${RUNS} hostile requests without a 5xx or a logged error`, async () => {
    const statusCounts: Record<string, number> = {};
    const roleCounts: Record<string, number> = {};
    const failures: string[] = [];
    const before = await adminSnapshot();
    let n = 0;

    const request = fc.record({
      role: fc.constantFrom("anonymous", "member", "admin"),
      pattern: fc.constantFrom(...patterns),
      segment: hostile,
      query: fc.array(fc.tuple(fc.oneof(fieldNames, fc.string({ maxLength: 8 })), hostile), { maxLength: 4 }),
      method: methods,
      contentType: contentTypes,
      body: fc.oneof(formBody.map((pairs) => ({ kind: "form" as const, pairs })), fc.json().map((j) => ({ kind: "raw" as const, text: j })), fc.string({ maxLength: 300 }).map((t) => ({ kind: "raw" as const, text: t }))),
      foreignOrigin: fc.integer({ min: 0, max: 6 }).map((x) => x === 0),
      // one request in four is a search: a search page with a generated query, sort, brand and source
      search: fc.oneof(
        { arbitrary: fc.constant(null), weight: 3 },
        { arbitrary: fc.record({
          page: fc.constantFrom(...searchPages),
          q: searchQuery,
          extra: fc.array(fc.tuple(fc.constantFrom("tri", "marque", "source", "page"), fc.oneof(fc.constantFrom("pertinence", "nouveautes", "prix", "nuxe", "temu", "2"), hostile)), { maxLength: 3 }),
        }), weight: 1 },
      ),
    });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        // the anonymous and member phases must never change admin data: admins are fuzzed in the last third
        const role = n < (RUNS * 2) / 3 ? (r.role === "admin" ? "member" : r.role) : r.role;
        n++;
        const url = new URL(r.search ? r.search.page : fillPattern(r.pattern, r.segment), app.base);
        if (r.search) {
          url.searchParams.set("q", r.search.q);
          for (const [k, v] of r.search.extra) url.searchParams.append(k, v);
        } else {
          for (const [k, v] of r.query) url.searchParams.append(k, v);
        }
        const headers: Record<string, string> = { "x-forwarded-for": `198.19.${n % 250}.${(n >> 8) % 250}` };
        if (cookies[role]) headers.cookie = cookies[role];
        if (r.foreignOrigin) headers.origin = "https://evil.example";
        let body: string | undefined;
        if (!["GET", "HEAD"].includes(r.method)) {
          if (r.contentType) headers["content-type"] = r.contentType;
          body = r.body.kind === "form" ? new URLSearchParams(r.body.pairs).toString() : r.body.text;
        }
        const res = await fetch(url, { method: r.method, headers, body, redirect: "manual" });
        await res.arrayBuffer();
        statusCounts[res.status] = (statusCounts[res.status] ?? 0) + 1;
        roleCounts[role] = (roleCounts[role] ?? 0) + 1;
        if (res.status >= 500) {
          failures.push(`${res.status} ${r.method} ${url.pathname}${url.search.slice(0, 200)} as ${role}`);
          // what the server logged for it: the cause, which the counterexample alone does not tell
          throw new Error(`${failures.at(-1)} (body ${JSON.stringify(body?.slice(0, 300))}); logged: ${JSON.stringify(errors.slice(-2), errorFields).slice(0, 2000)}`);
        }
        if (n === Math.floor((RUNS * 2) / 3)) {
          expect(await adminSnapshot(), "anonymous and member requests changed admin data").toEqual(before);
        }
        return res.status < 500;
      }),
      { numRuns: RUNS, endOnFailure: true },
    );

    console.log(`fuzz: ${n} requests; per role ${JSON.stringify(roleCounts)}; per status ${JSON.stringify(statusCounts)}`);
    expect(failures).toEqual([]);
    expect(errors, JSON.stringify(errors.slice(0, 3))).toEqual([]);
  }, 600_000);
});
