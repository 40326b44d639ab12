/**
 * Issue 10, items 8-10 and 18-19, at the HTTP level (the production build in
 * our Express app) and against the database: redirects stay on the site, NUL
 * is a French 400 everywhere, unknown ids are a French 404, session responses
 * are never stored, and the page cache shares nothing personal.
 */
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import fc from "fast-check";
import { count, eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { action as savedAction } from "#app/routes/mes-deals";
import { NUL_MESSAGE } from "#app/lib/body.server";
import { recordEvent } from "#app/modules/tracking/tracking.server";
import { serializeConsent } from "#app/modules/consent/consent";
import { pageCache } from "../../server/page-cache";
import { startInProcessApp } from "#tests/helpers/app";
import { req, signedInUser, type SignedInUser } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

type App = Awaited<ReturnType<typeof startInProcessApp>>;

/** Where a browser goes with this Location header, read against the page that answered. */
const resolved = (location: string, base: string) => new URL(location, `${base}/auth`);

// dot segments, encoded dots and slashes, backslashes, whitespace, schemes, other origins
const HOSTILE_TARGETS = [
  "/.//evil.example", "/.//evil.example/x?y=1#z", "/./\\evil.example", "/.\\/evil.example", "/%2e//evil.example", "/%2E//evil.example",
  "/.%2e//evil.example", "/a/..//evil.example", "/a/%2e%2e//evil.example", "/\\evil.example", "\\\\evil.example", "/\\/evil.example",
  "//evil.example", "///evil.example", "/\t/evil.example", "/\n/evil.example", "\t//evil.example", "/%2f/evil.example", "/%5c/evil.example",
  "/%2f%2fevil.example", "https://evil.example", "https://evil.example/auth", "http:\\\\evil.example", "javascript:alert(1)", " javascript:alert(1)",
  "java\tscript:alert(1)", "data:text/html,<script>alert(1)</script>", "https://127.0.0.1@evil.example/",
];
const piece = fc.constantFrom("/", "//", "\\", ".", "..", "%2e", "%2E", "%2f", "%2F", "%5c", "%5C", "\t", "\n", " ", "@", ":", "?", "#",
  "evil.example", "javascript:", "https:", "https://evil.example", "profile");
const hostileTarget = fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join(""));

describeEachDb("input hardening", ({ database }) => {
  let app: App;
  let member: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    app = await startInProcessApp();
    member = await signedInUser();
    admin = await signedInUser({ role: "admin" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (p: string, init: RequestInit & { cookie?: string } = {}) =>
    fetch(`${app.base}${p}`, { redirect: "manual", ...init, headers: { accept: "text/html", ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.headers as Record<string, string>) } });
  const post = (p: string, form: Record<string, string>, cookie?: string) =>
    fetch(`${app.base}${p}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.base, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(form),
    });

  // ---- item 8: redirects ----------------------------------------------------------------------

  it("/auth?redirect=... for a signed-in visitor answers a Location on the site, for a table and generated targets, HTML and .data", async () => {
    const check = async (target: string) => {
      const q = `redirect=${encodeURIComponent(target)}`;
      const html = await get(`/auth?${q}`, { cookie: member.cookie });
      expect(html.status, target).toBe(302);
      const location = html.headers.get("location")!;
      expect(resolved(location, app.base).origin, `${JSON.stringify(target)} -> ${location}`).toBe(app.base);
      expect(location, target).toMatch(/^\/(?![/\\])/);
      const data = await get(`/auth.data?${q}`, { cookie: member.cookie, headers: { accept: "*/*" } });
      const dataLocation = data.headers.get("x-remix-redirect") ?? (await data.text()).match(/"redirect","([^"]*)"/)?.[1] ?? "";
      expect(resolved(dataLocation, app.base).origin, `.data ${JSON.stringify(target)} -> ${dataLocation}`).toBe(app.base);
    };
    for (const target of HOSTILE_TARGETS) await check(target);
    await fc.assert(fc.asyncProperty(hostileTarget, check), { numRuns: 60 });
    // a path of the site is kept
    expect((await get(`/auth?redirect=${encodeURIComponent("/marques?tri=az#liste")}`, { cookie: member.cookie })).headers.get("location")).toBe("/marques?tri=az#liste");
  });

  it("a guard keeps the way back only when safeRedirect will accept it (no redirect header three times the URL)", async () => {
    for (const p of ["/mes-deals", "/invite", "/admin/brands"]) {
      expect((await get(`${p}?q=${"é".repeat(200)}`)).headers.get("location")).toBe(`/auth?redirect=${encodeURIComponent(`${p}?q=${encodeURIComponent("é".repeat(200))}`)}`);
      const long = await get(`${p}?q=${"é".repeat(1500)}`);
      expect(long.status).toBe(302);
      expect(long.headers.get("location")).toBe("/auth");
    }
  });

  it("every form's redirectTo lands on the site (consent, newsletter, saved deals, sign-in)", async () => {
    for (const target of HOSTILE_TARGETS.slice(0, 12)) {
      const consent = await post("/consent", { choice: "all", redirectTo: target });
      expect(consent.status).toBe(303);
      expect(resolved(consent.headers.get("location")!, app.base).origin, `consent ${target} -> ${consent.headers.get("location")}`).toBe(app.base);
      const saved = await post("/mes-deals", { intent: "remove-deal", id: randomUUID(), redirectTo: target }, member.cookie);
      expect(saved.status).toBe(303);
      expect(resolved(saved.headers.get("location")!, app.base).origin, `mes-deals ${target} -> ${saved.headers.get("location")}`).toBe(app.base);
    }
    for (const target of ["/.//evil.example", "/%2e//evil.example", "/./\\evil.example"]) {
      const newsletter = await post("/newsletter", { email: "pas-une-adresse", redirectTo: target });
      expect(newsletter.status).toBe(303);
      expect(newsletter.headers.get("location")).toBe("/");
    }
    const user = await signedInUser();
    const login = await post("/auth", { intent: "login", email: user.email, password: user.password, redirectTo: "/.//evil.example" });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/codes-promo");
  });

  it("the e-mail verification link's callbackURL falls back to the verification page unless it is a path of the site", async () => {
    for (const callback of ["/.//evil.example", "//evil.example", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const res = await get(`/api/auth/verify-email?token=invalide&callbackURL=${encodeURIComponent(callback)}`);
      expect(res.status, callback).toBe(302);
      const location = res.headers.get("location")!;
      expect(resolved(location, app.base).origin).toBe(app.base);
      expect(location, callback).toMatch(/^\/auth\?verified=true&error=/);
    }
    const own = await get(`/api/auth/verify-email?token=invalide&callbackURL=${encodeURIComponent("/auth?verified=true")}`);
    expect(own.headers.get("location")).toMatch(/^\/auth\?verified=true&error=/);
  });

  // ---- item 9: NUL ----------------------------------------------------------------------------

  const NUL_PATHS = [
    "/marques/%00", "/marques/nike%00", "/blog/%00x", "/legal/a%00", "/categories/%00", "/%00", "/pourquoi%00", "/newsletter/desinscription?token=%00",
    "/newsletter/desinscription?token=abc%00def", "/codes-promo?q=a%00b", "/coup-de-crevarde?page=%00", "/kpi?destination=%00", "/auth?redirect=/%00",
    "/api/auth/verify-email?token=%00", "/assets/%00.js", "/uploads/%00.png", "/marques.data?%00=1", "/admin/brands?q=%00", "/admin/users?q=x%00",
  ];

  it("refuses U+0000 in a path segment or a query parameter with a French 400, for every role", async () => {
    for (const cookie of [undefined, member.cookie, admin.cookie]) {
      for (const p of NUL_PATHS) {
        const res = await get(p, { cookie });
        expect(res.status, p).toBe(400);
        expect(await res.text(), p).toContain(NUL_MESSAGE);
      }
    }
    const routes = ["/marques/", "/blog/", "/legal/", "/categories/", "/", "/codes-promo?q=", "/admin/brands?q=", "/newsletter/desinscription?token="];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.string({ maxLength: 12 }), fc.nat(12), async (route, text, at) => {
        const i = Math.min(at, text.length);
        const value = `${encodeURIComponent(text.slice(0, i))}%00${encodeURIComponent(text.slice(i))}`;
        const res = await get(`${route}${value}`, { cookie: admin.cookie });
        expect(res.status, `${route}${value}`).toBe(400);
      }),
      { numRuns: 40 },
    );
  });

  it("refuses U+0000 in a form field, a field name, a file name or a JSON string with a French 400", async () => {
    const forms: Array<[string, Record<string, string>, string | undefined]> = [
      ["/consent", { choice: "all", redirectTo: "/\u0000" }, undefined],
      ["/auth", { intent: "login", email: "a\u0000@example.fr", password: "x" }, undefined],
      ["/auth/reset-password", { intent: "request", email: "\u0000@example.fr" }, undefined],
      ["/newsletter/desinscription", { token: "abc\u0000" }, undefined],
      ["/mes-deals", { intent: "save-deal", id: `${randomUUID()}\u0000` }, member.cookie],
      ["/profile", { intent: "profile", username: "Léa\u0000" }, member.cookie],
      ["/admin/brands", { intent: "save", name: "Nike\u0000" }, admin.cookie],
      ["/admin/pages", { intent: "save", title: "T", slug: "t", content: "a\u0000b" }, admin.cookie],
      ["/admin/users", { intent: "search", "q\u0000": "x" }, admin.cookie],
      ["/email-test", { intent: "send", to: "a@b.fr\u0000" }, admin.cookie],
    ];
    for (const [p, form, cookie] of forms) {
      const res = await post(p, form, cookie);
      expect(res.status, p).toBe(400);
      expect(await res.text(), p).toContain("caractère non autorisé");
    }
    const multipart = new FormData();
    multipart.append("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])], { type: "image/png" }), "photo\u0000.png");
    const upload = await fetch(`${app.base}/admin/upload`, { method: "POST", headers: { origin: app.base, cookie: admin.cookie }, body: multipart });
    expect(upload.status).toBe(400);
    const beacon = await fetch(`${app.base}/analytics`, {
      method: "POST",
      headers: { origin: app.base, "content-type": "application/json" },
      body: JSON.stringify({ event: "page_view", path: "/", data: { "cl\u0000": "x" } }),
    });
    expect(beacon.status).toBe(400);
    expect(await beacon.text()).toContain(NUL_MESSAGE);
  });

  // ---- item 10: unknown ids on /mes-deals -----------------------------------------------------

  it("/mes-deals: saving a deal or a code that does not exist is a French 404 and writes nothing", async () => {
    const db = database().db;
    const user = await signedInUser();
    await fc.assert(
      fc.asyncProperty(fc.uuid(), fc.constantFrom("save-deal", "save-code"), fc.boolean(), async (id, intent, js) => {
        const form: Record<string, string> = { intent, id };
        if (js) form._js = "1";
        const res = await callRoute(savedAction, req("/mes-deals", { form, cookie: user.cookie }));
        expect(res.status).toBe(404);
        expect(res.data).toEqual({ ok: false, message: intent === "save-code" ? "Ce code promo n'existe plus." : "Ce bon plan n'existe plus." });
      }),
      { numRuns: 12 },
    );
    const [deals] = await db.select({ n: count() }).from(s.savedDeals).where(eq(s.savedDeals.userId, user.id));
    const [codes] = await db.select({ n: count() }).from(s.savedPromoCodes).where(eq(s.savedPromoCodes.userId, user.id));
    expect([deals.n, codes.n]).toEqual([0, 0]);
  });

  it("a click on a deal, code or brand that no longer exists is still recorded, without the stale id", async () => {
    const db = database().db;
    const label = `stale-${randomUUID()}`;
    await recordEvent({ event: "click_out", path: "/kpi", label, dealId: randomUUID(), promoCodeId: randomUUID(), brandId: randomUUID() });
    const rows = await db.select().from(s.analyticsEvents).where(eq(s.analyticsEvents.label, label));
    expect(rows).toHaveLength(1);
    expect([rows[0].dealId, rows[0].promoCodeId, rows[0].brandId]).toEqual([null, null, null]);
  });

  // ---- item 18: Cache-Control for sessions ----------------------------------------------------

  // the shared pages (/marques, /blog, /coup-de-crevarde…) are the same for everyone and public: shared-pages.test.ts
  const SESSION_ROUTES = ["/mes-deals", "/invite", "/profile", "/admin", "/admin/brands", "/admin/users", "/email-test", "/auth"];

  it("answers Cache-Control: private, no-store to every page and .data request made with a session, member or admin", async () => {
    for (const [role, cookie] of [["member", member.cookie], ["admin", admin.cookie]] as const) {
      for (const p of SESSION_ROUTES) {
        const html = await get(p, { cookie });
        expect(html.status, `${role} ${p}`).toBeLessThan(500);
        expect(html.headers.get("cache-control"), `${role} ${p}`).toBe("private, no-store");
        const dataPath = p === "/" ? "/_root.data" : `${p}.data`;
        const data = await get(dataPath, { cookie, headers: { accept: "*/*" } });
        expect(data.status, `${role} ${dataPath}`).toBeLessThan(500);
        expect(data.headers.get("cache-control"), `${role} ${dataPath}`).toBe("private, no-store");
      }
      const exported = await get("/profile/export", { cookie });
      expect(exported.status).toBe(200);
      expect(exported.headers.get("cache-control")).toBe("private, no-store");
    }
    // member and admin paths are private even when the answer is the redirect to /auth
    for (const p of ["/profile", "/admin", "/email-test", "/mes-deals.data"]) {
      expect((await get(p)).headers.get("cache-control"), p).toBe("private, no-store");
    }
    // anonymous public pages stay cacheable
    expect((await get("/marques")).headers.get("cache-control") ?? "").not.toContain("private");
  });

  // ---- item 19: page cache --------------------------------------------------------------------

  it("the page cache serves nothing of the first visitor's consent to the next ones, HTML and .data", async () => {
    const cached = await startInProcessApp({ pageCacheTtlMs: 60_000 });
    try {
      const day = 86_400_000;
      const times = [Date.now() - 3 * day, Date.now() - 40 * day, Date.now() - 90 * day].map((t) => Math.floor(t / 1000) * 1000);
      for (const [p, accept] of [["/marques", "text/html"], ["/marques.data", "*/*"], ["/blog", "text/html"]] as const) {
        for (const [analytics, marketing] of [[true, false], [false, false], [true, true]]) {
          const bodies: string[] = [];
          const states: string[] = [];
          for (const decidedAt of times) {
            const res = await fetch(`${cached.base}${p}`, { headers: { accept, cookie: `cr_consent=${serializeConsent({ analytics, marketing, decidedAt })}` } });
            expect(res.status).toBe(200);
            states.push(res.headers.get("x-cache") ?? "");
            bodies.push(await res.text());
          }
          expect(states.slice(1), p).toEqual(["HIT", "HIT"]);
          for (const body of bodies) {
            for (const t of times) {
              expect(body, `${p}: a visitor's consent time is in the page`).not.toContain(String(t));
              expect(body).not.toContain(String(t / 1000));
            }
          }
        }
      }
    } finally {
      await cached.close();
    }
  });

  it("the page cache sends a stored page gzip-compressed to the clients that take it, with the live nonce, and as it is to the others", async () => {
    const cached = await startInProcessApp({ pageCacheTtlMs: 60_000 });
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${cached.base}/marques`, { headers: { accept: "text/html", "accept-encoding": acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const nonceOf = (headers: http.IncomingHttpHeaders) => String(headers["content-security-policy"]).match(/'nonce-([^']+)'/)![1]!;
    try {
      const plain = await raw("identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      const reference = plain.body.toString("utf8").replaceAll(nonceOf(plain.headers), "NONCE");
      for (const [acceptEncoding, expected] of [["br, gzip, deflate", "HIT"], ["gzip", "HIT"]] as const) {
        const res = await raw(acceptEncoding);
        expect(res.headers["x-cache"]).toBe(expected);
        expect(res.headers["content-encoding"]).toBe("gzip");
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(Number(res.headers["content-length"])).toBe(res.body.length);
        // gunzipSync checks the stream's CRC-32 and length
        const html = zlib.gunzipSync(res.body).toString("utf8");
        const nonce = nonceOf(res.headers);
        expect(html).toContain(`nonce="${nonce}"`);
        expect(html.replaceAll(nonce, "NONCE")).toBe(reference);
        expect(res.body.length).toBeLessThan(plain.body.length / 3);
      }
      const again = await raw("identity");
      expect(again.headers["x-cache"]).toBe("HIT");
      expect(again.headers["content-encoding"]).toBeUndefined();
      expect(again.body.toString("utf8").replaceAll(nonceOf(again.headers), "NONCE")).toBe(reference);
    } finally {
      await cached.close();
    }
  });

  it("the page cache serves text equal to the old fixed nonce placeholder unchanged, and its placeholder is random per instance and process", async () => {
    const db = database().db;
    const OLD = "cspnonceplaceholder0000000000000";
    const slug = `texte-${randomUUID().slice(0, 8)}`;
    await db.insert(s.pages).values({ title: `Page ${OLD}`, slug, content: `<p>Le texte ${OLD} reste tel quel.</p>`, published: true });
    const cached = await startInProcessApp({ pageCacheTtlMs: 60_000 });
    try {
      for (const expected of ["MISS", "HIT"]) {
        const res = await fetch(`${cached.base}/${slug}`, { headers: { accept: "text/html" } });
        expect(res.headers.get("x-cache")).toBe(expected);
        const nonce = res.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
        const body = await res.text();
        expect(body).toContain(`Le texte ${OLD} reste tel quel.`);
        const uses = body.split(nonce).length - 1;
        expect(uses).toBeGreaterThan(0);
        expect(uses, "the live nonce is only in the page's own nonce attributes").toBe(body.split(`nonce="${nonce}"`).length - 1);
      }
    } finally {
      await cached.close();
    }
    const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
    const a = pageCache({ build, ttlMs: 1000 }).noncePlaceholder;
    const b = pageCache({ build, ttlMs: 1000 }).noncePlaceholder;
    expect(a).not.toBe(b);
    expect(a).not.toBe(OLD);
    const inChild = execFileSync(process.execPath, ["--import", "tsx", "-e", "import('./server/page-cache.ts').then((m) => console.log(m.noncePlaceholder()))"], { encoding: "utf8" }).trim();
    expect(inChild).toMatch(/^cspnonce[0-9a-f]{36}$/);
    expect([a, b]).not.toContain(inChild);
  });
});
