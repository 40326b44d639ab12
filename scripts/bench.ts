/**
 * `npm run bench`: the SSR home page, /coup-de-crevarde and /marques, each
 * against the very same HTML served as a static file by the same server, plus
 * the floor of an uncached page (FLOOR_PAGE, not a target), plus
 * the /kpi redirect and a deals search, plus the signed-in /codes-promo and
 * /mon-cashback against static copies of the member's own HTML; then the
 * targets with PASS or FAIL: issue #38's (scripts/lib/bench-targets.ts: signed-in
 * views, uncached renders against the floor page, medians of 3 runs), the /kpi
 * redirect's and the public JavaScript budget. A benchmark, not a test.
 * `npm run bench -- --deals N` (e.g. 1000000) measures the deals search at
 * scale instead, in one run: generated French deals (realistic vocabulary,
 * see BENCH_PRODUCTS) are added up to 10,000 then up to N (analyze and the
 * search lexicon refreshed each time, the server stopped meanwhile); at each
 * size a common word, a rare word and three words, sorted by relevance and
 * by new, at 1 connection and at 50, p50/p95/p99 as ratios to a static copy
 * of the results page; then the targets (one client p95 ≤ 50 ms at N deals,
 * sorted-by-new p50 growing ≤ 3× from 10,000 to N; issue #38: the uncached
 * deals page's p50 growing ≤ 1.5× from 10,000 to 1,000,000). See searchScale().
 * `npm run bench -- --soak` runs a 60 s mixed load (see soak()).
 * `npm run bench -- --conversions 100000` measures the conversion import
 * (first import and replay of that many network rows, see benchConversions()),
 * then /mon-cashback for a member with 1,000 purchases (measureMonCashback()).
 * After the standard pages, `npm run bench` measures the deal community at
 * scale (issue #15): a deal page with 200 comments and the « Les plus hot »
 * and « Commentés » tabs at 100,000 deals, as ratios to static copies of the
 * same pages (see community()); `npm run bench -- --community` runs only that.
 * Behind the real cache (issue #38 item 3, ADR 054): `/` through nginx with the production recipe against a
 * static copy served by the same nginx (behindNginxTargets); `npm run bench -- --nginx` runs only that, and
 * `npm run bench -- --targets` only issue #38's targets (each PGlite, or PostgreSQL with DATABASE_URL).
 * `npm run bench -- --observations 10000000` (PostgreSQL only) measures the
 * reference prices of a page of 24 deals over that many price observations
 * (issue #39 item 7, see scripts/lib/bench-observations.ts); no server.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { openDatabase, setDatabase } from "#app/lib/db.server";
import type { NormalisedRecord } from "#app/modules/networks/types";
import * as schema from "#db/schema";
import { DEALS } from "#app/seed/data/deals";
import { matchQuery, refreshLexicon } from "#app/modules/search/search.server";
import { searchWords } from "#app/modules/search/search.schema";
import { ensureBuild, root, startServer, type RunningServer } from "./lib/server";
import { behindNginxTargets, BYPASS_CACHE, FLOOR_PAGE, issue38Targets, printTargets, showPct, type Target } from "./lib/bench-targets";
import { benchObservations, observationsArg } from "./lib/bench-observations";
import { COMMENTS_MAX, COMMENTS_PER_PAGE } from "#app/modules/deals/deal-comments";

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Result> {
  // requests left over from the previous run (timed out on the client side)
  // must not eat into this one: /healthz queues behind them on the database
  await fetch(new URL("/healthz", opts.url as string)).catch(() => {});
  const r = await autocannon({ connections: 50, duration: 10, ...opts });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

function print(rows: Result[]) {
  console.log("\n| target | req/s | p50 (ms) | p99 (ms) | errors | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`);
}

/** The encodings a browser accepts: the micro-cache's stored gzip, else brotli from the compression middleware. */
const AS_BROWSERS_ASK = { "accept-encoding": "gzip, deflate, br, zstd" };

/** Pages measured against a static copy of their own HTML. */
const PAGES: Array<{ name: string; path: string }> = [
  { name: "home /", path: "/" },
  { name: "deals /coup-de-crevarde", path: "/coup-de-crevarde" },
  { name: "brands /marques", path: "/marques" },
];

/** Searches over the deals: a common word and a word no deal contains (the trigram index answers both). */
const SEARCHES = [
  { name: "search ?q=legging", path: "/coup-de-crevarde?q=legging" },
  { name: "search ?q=introuvable (no result)", path: "/coup-de-crevarde?q=introuvable" },
];

const pct = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : NaN);

/** A throughput target: `r` at least `min` % of `ceiling`'s requests/s. */
function ratioTarget(name: string, r: Result, ceiling: Result, min: number): Target {
  const share = pct(r.rps, ceiling.rps);
  return { name: `${name} ≥ ${min}% of its static copy's requests/s`, measured: `${showPct(share)} (${r.rps.toFixed(0)} vs ${ceiling.rps.toFixed(0)} req/s)`, pass: share >= min && r.errors === 0 };
}

/** A member's session cookie, signed in through the sign-in form (the demo member by default). */
async function signIn(server: RunningServer, member = { email: "membre@crevarde.local", password: "CrevardeMembre2025!" }): Promise<string> {
  const login = await fetch(`${server.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ intent: "login", ...member }),
  });
  // what a browser keeps: the flash message's cookie is read and cleared by the next page, an expired one is dropped
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.startsWith("cr_toast=") && !c.endsWith("="))
    .join("; ");
  if (!cookie) throw new Error(`${member.email} could not sign in (${login.status})`);
  return cookie;
}

/** Signed-in pages, measured against a static copy of the member's own HTML (members never get the micro-cache). */
const MEMBER_PAGES = ["/codes-promo", "/mon-cashback"];

/** Public JavaScript per page from the build (scripts/js-budget.mjs --json): the heaviest public page. */
function publicJs(): { kb: number; page: string; framework: number; lightestInLayout?: { kb: number; page: string } } | null {
  const r = spawnSync(process.execPath, ["scripts/js-budget.mjs", "--json"], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) return null;
  const report = JSON.parse(r.stdout) as { framework: number; pages: Array<{ id: string; total: number; group: string; publicLayout: boolean }> };
  const publicPages = report.pages.filter((p) => p.group === "public pages").sort((a, b) => b.total - a.total);
  const heaviest = publicPages[0];
  const lightest = publicPages.filter((p) => p.publicLayout).at(-1);
  return heaviest
    ? { kb: heaviest.total, page: heaviest.id, framework: report.framework, lightestInLayout: lightest && { kb: lightest.total, page: lightest.id } }
    : null;
}

function publicJsTarget(): Target {
  const js = publicJs();
  const lightest = js?.lightestInLayout ? `; the lightest page in the public layout, ${js.lightestInLayout.page}, ${js.lightestInLayout.kb.toFixed(1)} KB` : "";
  return js
    ? { name: "public JavaScript ≤ 125 KB gzipped per page (issue #38)", measured: `heaviest ${js.page} ${js.kb.toFixed(1)} KB (framework alone ${js.framework.toFixed(1)} KB, ADR 027${lightest})`, pass: js.kb <= 125 }
    : { name: "public JavaScript ≤ 125 KB gzipped per page (issue #38)", measured: "no build report", pass: false };
}

/** `--targets`: issue #38's targets only (no rows for information, no community at scale). */
async function targetsOnly(server: RunningServer, staticDir: string) {
  const targets = [...(await issue38Targets(server, staticDir, await signIn(server))), ...(await behindNginxTargets(server, staticDir)), publicJsTarget()];
  printTargets(targets, `issue #38, ${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded PGlite"}`);
}

async function standard(server: RunningServer, staticDir: string, extraDeals: number) {
  const rows: Result[] = [];
  const targets: Target[] = [];
  for (const [i, page] of PAGES.entries()) {
    const html = await (await fetch(`${server.url}${page.path}`)).text();
    const file = `static-${i}.html`;
    fs.writeFileSync(path.join(staticDir, file), html);
    // warm-up
    await autocannon({ url: `${server.url}${page.path}`, connections: 10, duration: 2 });
    const cached = await run(`SSR ${page.name} (micro-cached)`, { url: `${server.url}${page.path}` });
    // not a target: what a browser gets (the rows above are uncompressed, as the static copy is)
    const compressed = await run(`SSR ${page.name} (micro-cached, compressed as browsers ask)`, { url: `${server.url}${page.path}`, headers: AS_BROWSERS_ASK, duration: 5 });
    const uncached = await run(`SSR ${page.name} (cache bypassed)`, { url: `${server.url}${page.path}`, headers: BYPASS_CACHE });
    const ceiling = await run(`static copy of ${page.path}`, { url: `${server.url}/__bench/${file}` });
    rows.push(cached, compressed, uncached, ceiling);
  }
  const floorHtml = await (await fetch(`${server.url}${FLOOR_PAGE}`, { headers: BYPASS_CACHE })).text();
  fs.writeFileSync(path.join(staticDir, "floor.html"), floorHtml);
  await autocannon({ url: `${server.url}${FLOOR_PAGE}`, connections: 10, duration: 2, headers: BYPASS_CACHE });
  const floor = await run(`SSR ${FLOOR_PAGE}, one paragraph (cache bypassed)`, { url: `${server.url}${FLOOR_PAGE}`, headers: BYPASS_CACHE });
  const floorCeiling = await run(`static copy of ${FLOOR_PAGE}`, { url: `${server.url}/__bench/floor.html` });
  rows.push(floor, floorCeiling);
  const cookie = await signIn(server);
  for (const [i, pagePath] of MEMBER_PAGES.entries()) {
    const page = await fetch(`${server.url}${pagePath}`, { headers: { cookie }, redirect: "manual" });
    if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status} to the signed-in demo member`);
    const file = `member-${i}.html`;
    fs.writeFileSync(path.join(staticDir, file), await page.text());
    await autocannon({ url: `${server.url}${pagePath}`, connections: 10, duration: 2, headers: { cookie } });
    const signedIn = await run(`SSR ${pagePath} (signed in)`, { url: `${server.url}${pagePath}`, headers: { cookie } });
    const ceiling = await run(`static copy of ${pagePath} (signed in)`, { url: `${server.url}/__bench/${file}` });
    rows.push(signedIn, ceiling);
  }
  const home = await (await fetch(`${server.url}/`)).text();
  const deal = home.match(/href="(\/kpi\?[^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
  if (deal) {
    // /kpi against the cheapest answer this server can give (a static file), at
    // 50 connections (the issue's load) and at 10 (latency below saturation, for information)
    for (const connections of [50, 10]) {
      const kpi = await run(`/kpi redirect (302, click recorded), ${connections} connections`, { url: `${server.url}${deal}`, connections });
      const ceiling = await run(`static copy of /, ${connections} connections`, { url: `${server.url}/__bench/static-0.html`, connections });
      rows.push(kpi, ceiling);
      if (connections === 50) {
        targets.push(ratioTarget("/kpi at 50 connections", kpi, ceiling, 90));
        targets.push({ name: "/kpi p99 at 50 connections ≤ 1.5× the static copy's p99", measured: `${kpi.p99} ms vs ${ceiling.p99} ms (${(kpi.p99 / ceiling.p99).toFixed(2)}×)`, pass: kpi.p99 <= 1.5 * ceiling.p99 });
      }
    }
  } else {
    targets.push({ name: "/kpi at 50 connections", measured: "no /kpi link on the home page", pass: false });
  }
  targets.push(publicJsTarget());
  const total = DEALS.length + extraDeals;
  for (const search of SEARCHES) {
    await autocannon({ url: `${server.url}${search.path}`, connections: 10, duration: 2, headers: BYPASS_CACHE });
    rows.push(await run(`${search.name} over ${total.toLocaleString("en")} deals (cache bypassed)`, { url: `${server.url}${search.path}`, headers: BYPASS_CACHE }));
  }
  print(rows);
  targets.push(...(await issue38Targets(server, staticDir, cookie)));
  targets.push(...(await behindNginxTargets(server, staticDir)));
  printTargets(targets, `issue #38, ${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded PGlite"}`);
  console.log(
    `Floor (not a target): ${FLOOR_PAGE}, one paragraph through the root layout (${(floorHtml.length / 1024).toFixed(0)} KB of HTML), reaches ${showPct(pct(floor.rps, floorCeiling.rps))} of its static copy's requests/s (${floor.rps.toFixed(0)} vs ${floorCeiling.rps.toFixed(0)}); an uncached page with content is below it (ADR 026).`,
  );
  console.log(
    `Deals searched: ${total.toLocaleString("en")} (${DEALS.length} demo deals${extraDeals > 0 ? ` + ${extraDeals.toLocaleString("en")} added by --deals` : ""}${process.env.DATABASE_URL ? ", plus any already in DATABASE_URL" : ""}).`,
  );
}

async function soak(server: RunningServer) {
  const pid = server.child.pid!;
  const rss = () => {
    try {
      return Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  };
  // a signed-in member for /codes-promo
  const cookie = await signIn(server);
  const home = await (await fetch(`${server.url}/`)).text();
  const kpi = home.match(/href="(\/kpi\?[^"]+)"/)?.[1]?.replaceAll("&amp;", "&") ?? "/kpi";
  const routes: Array<{ name: string; req: autocannon.Request }> = [
    { name: "home", req: { method: "GET", path: "/" } },
    { name: "deals search", req: { method: "GET", path: "/coup-de-crevarde?q=brosse&source=temu" } },
    { name: "brand page", req: { method: "GET", path: "/marques/caudalie" } },
    { name: "kpi", req: { method: "GET", path: kpi } },
    {
      name: "beacon",
      req: { method: "POST", path: "/analytics", headers: { "content-type": "text/plain", origin: server.url }, body: JSON.stringify({ event: "page_view", path: "/soak" }) },
    },
    { name: "codes-promo (member)", req: { method: "GET", path: "/codes-promo", headers: { cookie } } },
  ];
  // warm-up at full load, so the heap reaches its working size before the baseline is taken
  await autocannon({ url: server.url, connections: 50, duration: 15, requests: routes.map((r) => r.req) });
  const start = rss();
  const result = await autocannon({ url: server.url, connections: 50, duration: 60, requests: routes.map((r) => r.req) });
  const end = rss();
  // per-route figures: a short run per route at the same concurrency
  const rows: Result[] = [];
  for (const r of routes) rows.push(await run(r.name, { url: server.url, duration: 5, requests: [r.req] }));
  print(rows);
  console.log(`\nmixed 60 s at 50 connections: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.timeouts}, non-2xx ${result.non2xx} (the /kpi 302 redirects are counted there)`);
  console.log(`server RSS after warm-up ${start.toFixed(0)} MB, at the end ${end.toFixed(0)} MB (${(((end - start) / start) * 100).toFixed(1)}% growth)`);
}

/** `--deals N` or `--deals=N`: how many extra deals to add before the run (0 when absent). */
function extraDealsArg(): number {
  const i = process.argv.findIndex((a) => a === "--deals" || a.startsWith("--deals="));
  if (i < 0) return 0;
  const raw = process.argv[i].includes("=") ? process.argv[i].split("=")[1] : process.argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 5_000_000) {
    console.error("--deals expects a whole number of deals between 1 and 5,000,000, e.g. --deals 100000");
    process.exit(1);
  }
  return n;
}

/** `--conversions N` or `--conversions=N`: how many network rows the import bench imports (0 when absent). */
function conversionsArg(): number {
  const i = process.argv.findIndex((a) => a === "--conversions" || a.startsWith("--conversions="));
  if (i < 0) return 0;
  const raw = process.argv[i].includes("=") ? process.argv[i].split("=")[1] : process.argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 5_000_000) {
    console.error("--conversions expects a whole number of rows between 1 and 5,000,000, e.g. --conversions 100000");
    process.exit(1);
  }
  return n;
}

/** The bench member's purchases (the /mon-cashback measurement wants a member with 1,000 of them). */
const BENCH_MEMBER_PURCHASES = 1_000;
const BENCH_ACCOUNT = "bench-import";

/**
 * Import `n` Awin-shaped rows (pages of 500, each one transaction) twice:
 * the first import (raw versions, conversions, history; the bench member's
 * 1,000 purchases also get their member cashbacks and ledger operations, the
 * rest are unattributed), then the identical replay (which writes nothing).
 * Returns the bench member's id.
 */
async function benchConversions(n: number, target: { url?: string; dataDir?: string }): Promise<string> {
  const database = await openDatabase(target);
  setDatabase(Promise.resolve(database));
  const { importRecords } = await import("#app/modules/conversions/import.server");
  try {
    const db = database.db;
    const userId = randomUUID();
    const email = `bench-${userId}@example.fr`;
    await db.insert(schema.user).values({ id: userId, name: "Membre bench", email, emailVerified: true });
    // a password, so the /mon-cashback measurement can sign in as this member
    await db.insert(schema.account).values({ id: randomUUID(), accountId: userId, providerId: "credential", userId, password: await hashPassword(BENCH_MEMBER_PASSWORD) });
    benchMemberEmail = email;
    const [programme] = await db
      .insert(schema.affiliatePrograms)
      .values({ network: "awin", networkAccountId: BENCH_ACCOUNT, networkProgramId: `bench-${userId.slice(0, 8)}`, trackingUrlTemplate: "https://www.awin1.com/cread.php?awinmid=1&awinaffid=1&clickref={CLICK_ID}" })
      .returning();
    const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    const clickIds = Array.from({ length: Math.min(BENCH_MEMBER_PURCHASES, n) }, () => "c" + Array.from(randomBytes(20), (b) => base62[b % 62]).join(""));
    for (let i = 0; i < clickIds.length; i += 500) {
      await db.insert(schema.clickSessions).values(
        clickIds.slice(i, i + 500).map((clickId) => ({ clickId, userId, programId: programme.id, destinationUrl: "https://www.example.fr/", rateSnapshot: { shareBps: 7000, label: "Bench", clickedAt: new Date().toISOString() } })),
      );
    }
    const run = randomUUID().slice(0, 8);
    const statuses = ["pending", "approved", "declined"] as const;
    const records: NormalisedRecord[] = Array.from({ length: n }, (_, i) => {
      const status = statuses[i % 3];
      const id = `${run}-${i}`;
      const commission = `${1 + (i % 40)}.${String(i % 100).padStart(2, "0")}`;
      const clickId = i < clickIds.length ? clickIds[i] : `cUnknown${String(i).padStart(12, "0")}`;
      const transactionAt = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
      return {
        network: "awin",
        networkAccountId: BENCH_ACCOUNT,
        networkProgramId: programme.networkProgramId,
        recordId: id,
        conversionKey: id,
        clickId,
        orderRef: `B${i}`,
        status,
        networkStatusRaw: status,
        networkPaid: false,
        saleAmount: `${10 * (1 + (i % 40))}.00`,
        commissionAmount: commission,
        currency: "EUR",
        transactionAt,
        clickAt: null,
        validatedAt: null,
        lockingAt: null,
        declineReasonRaw: status === "declined" ? "order returned" : null,
        raw: { id, commissionStatus: status, commissionAmount: { amount: commission, currency: "EUR" }, clickRefs: { clickRef: clickId }, transactionDate: transactionAt.toISOString() },
      };
    });
    for (const pass of ["first import", "replay"] as const) {
      const started = performance.now();
      const result = await importRecords({ records, source: "pull", actor: "bench" });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `conversion import, ${pass}: ${n.toLocaleString("en")} rows in ${seconds.toFixed(1)} s = ${(n / seconds).toFixed(0)} rows/s (inserted ${result.inserted}, updated ${result.updated}, unchanged ${result.unchanged}, rejected ${result.rejected.length})`,
      );
    }
    return userId;
  } finally {
    await database.close();
  }
}

const BENCH_MEMBER_PASSWORD = "BenchMembre2026!";
let benchMemberEmail = "";

/**
 * p50/p99 of /mon-cashback for the bench member (1,000 purchases imported by
 * benchConversions(), signed in through the real sign-in form) against a
 * static copy of the same page served by the same server, in the same run.
 */
async function measureMonCashback(server: RunningServer, staticDir: string): Promise<void> {
  const cookie = await signIn(server, { email: benchMemberEmail, password: BENCH_MEMBER_PASSWORD });
  const page = await fetch(`${server.url}/mon-cashback`, { headers: { cookie }, redirect: "manual" });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`/mon-cashback answered ${page.status} for the bench member`);
  fs.writeFileSync(path.join(staticDir, "mon-cashback.html"), html);
  const purchases = await fetch(`${server.url}/mon-cashback`, { headers: { cookie } }).then((r) => r.text());
  const lines = (purchases.match(/data-testid="purchase"/g) ?? []).length;
  await autocannon({ url: `${server.url}/mon-cashback`, connections: 10, duration: 2, headers: { cookie } });
  const rows = [
    await run(`/mon-cashback, member with ${BENCH_MEMBER_PURCHASES.toLocaleString("en")} purchases`, { url: `${server.url}/mon-cashback`, headers: { cookie } }),
    await run("static copy of /mon-cashback", { url: `${server.url}/__bench/mon-cashback.html` }),
  ];
  print(rows);
  console.log(`\n/mon-cashback p50 ${rows[0].p50} ms, p99 ${rows[0].p99} ms vs the static file's p50 ${rows[1].p50} ms, p99 ${rows[1].p99} ms (${((rows[0].rps / rows[1].rps) * 100).toFixed(1)}% of its requests/s; ${lines || "?"} purchase lines on the first page).`);
}

/** Bench deals are recognisable by their URL, so they can be removed from a PostgreSQL server afterwards. */
const BENCH_DEAL_URL = "https://www.temu.com/bench-deal/";

/**
 * The vocabulary of the generated deals: what the marketplaces sell, as
 * their French titles say it. With 66 products in the title and again in the
 * description, a product word ("écouteurs") matches about 3% of the deals.
 */
const BENCH_PRODUCTS = [
  "Écouteurs sans fil", "Pinceaux maquillage", "Sérum visage", "Crème hydratante", "Palette fards à paupières", "Rouge à lèvres",
  "Mascara volume", "Fond de teint", "Vernis à ongles", "Brosse lissante", "Sèche-cheveux", "Fer à lisser", "Boucleur automatique",
  "Masque capillaire", "Shampooing solide", "Eau de parfum", "Gua sha", "Rouleau de jade", "Montre connectée", "Bracelet",
  "Collier", "Boucles d'oreilles", "Bague", "Lunettes de soleil", "Sac à main", "Sac à dos", "Portefeuille", "Legging",
  "Brassière de sport", "Sweat à capuche", "Robe d'été", "Jupe plissée", "Jean taille haute", "Baskets", "Sandales", "Bottines",
  "Chaussettes", "Pyjama", "Maillot de bain", "Coque de téléphone", "Chargeur rapide", "Câble USB-C", "Batterie externe",
  "Enceinte portable", "Lampe de chevet", "Guirlande lumineuse", "Tapis de yoga", "Gourde", "Mug isotherme", "Machine à café",
  "Moulin à café", "Tasses à café", "Poêle", "Couteaux de cuisine", "Planche à découper", "Boîtes de rangement", "Coussin",
  "Plaid", "Bougie parfumée", "Diffuseur d'huiles essentielles", "Miroir grossissant", "Trousse de maquillage", "Peluche",
  "Puzzle", "Carnet", "Kit aquarelle",
];
const BENCH_ADJECTIVES = [
  "étanche", "rechargeable", "vegan", "bio", "pliable", "magnétique", "lumineux", "doux", "élégant", "minimaliste", "vintage",
  "coréen", "naturel", "hydratant", "anti-âge", "matifiant", "longue tenue", "compact", "ergonomique", "réglable", "imperméable",
  "antidérapant", "XXL", "mini", "pastel", "pailleté", "nacré", "en bambou", "en silicone", "en inox", "en cuir vegan", "Bluetooth 5.3",
  "ultra-léger", "pour enfant", "édition limitée",
];
const BENCH_BRANDS = [
  "Xiaomi", "Baseus", "Anker", "Ugreen", "Soundcore", "QCY", "Lenovo", "Focallure", "O.TWO.O", "Sheglam", "Docolor", "Jessup",
  "BS-Mall", "Maange", "Cosrx", "Skin1004", "Halara", "Cider", "Romwe", "Emery Rose", "Dazy", "Cozy Cub", "Mokase", "Tomtoc",
  "Ulanzi", "Haylou", "Lamicall", "Joyroom", "Kinscoter", "Homemania",
];
const BENCH_BENEFITS = [
  "idéal pour le voyage", "parfait pour offrir", "tenue toute la journée", "livré avec sa pochette", "testé par la team Crevarde",
  "qualité surprenante pour le prix", "finitions un peu légères", "taille petit, prendre une taille au-dessus", "autonomie de 30 heures",
  "compatible iPhone et Android", "formule sans parfum", "texture fondante", "lavable en machine", "résiste à l'eau de mer",
  "effet bonne mine garanti", "les avis sont partagés", "couleurs fidèles aux photos",
];
const BENCH_SHIPPING = [
  "Livraison en 8 à 12 jours.", "Livraison gratuite dès 15 €.", "Expédié depuis l'entrepôt européen.", "Retour gratuit sous 90 jours.",
  "Stock limité.", "Code promo appliqué au panier.",
];
/** The rare product: five deals among the first 10,000, then one in 200,000. */
const BENCH_RARE_PRODUCT = "Théière en fonte";
const BENCH_QUERIES = [
  { name: "common word", q: "écouteurs" },
  { name: "rare word", q: "théière" },
  { name: "three words", q: "pinceaux maquillage vegan" },
] as const;
const BENCH_SORTS = [
  { name: "pertinence", tri: null },
  { name: "nouveautes", tri: "nouveautes" },
] as const;
/** The first size measured, before the deals are added up to N. */
const SMALL_DEALS = 10_000;
/** Deals per INSERT ... SELECT. */
const INSERT_BATCH = 50_000;

/** ARRAY['…', …] of our own constants. */
const sqlArray = (words: readonly string[]) => sql.raw(`array[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(", ")}]`);
/** One element of `words` for deal g, from its own hash seed (the choices are independent). */
const pick = (words: readonly string[], seed: number) => sql`(${sqlArray(words)})[1 + (hashint4(g * 7 + ${sql.raw(String(seed))}) & 2147483647) % ${sql.raw(String(words.length))}]`;

/**
 * Add the deals numbered from+1 … to (INSERT ... SELECT over generate_series,
 * INSERT_BATCH at a time), then refresh the planner statistics and the search
 * lexicon, as the hourly job would. Titles read like the marketplaces'
 * ("Écouteurs sans fil étanche Baseus"), descriptions mention a second product.
 */
async function addDeals(from: number, to: number, target: { url?: string; dataDir?: string }) {
  const started = Date.now();
  const database = await openDatabase(target);
  try {
    for (let low = from; low < to; low += INSERT_BATCH) {
      const high = Math.min(to, low + INSERT_BATCH);
      // the rare product: g = 17, 2,017, … 8,017, then 200,017, 400,017, …
      const rare = sql`((g <= ${SMALL_DEALS} and g % 2000 = 17) or (g > ${SMALL_DEALS} and g % 200000 = 17))`;
      await database.db.execute(sql`
        insert into crevarde_deals (title, description, price, original_price, source, badge_text, badge_type, cta_text, url, created_at, updated_at)
        select
          case when ${rare} then ${BENCH_RARE_PRODUCT} else ${pick(BENCH_PRODUCTS, 1)} end || ' ' || ${pick(BENCH_ADJECTIVES, 2)} || ' ' || ${pick(BENCH_BRANDS, 3)},
          ${pick(BENCH_PRODUCTS, 4)} || ' ' || ${pick(BENCH_ADJECTIVES, 5)} || ' : ' || ${pick(BENCH_BENEFITS, 6)} || '. ' || ${pick(BENCH_SHIPPING, 7)},
          to_char(1 + g % 50, 'FM990') || ',99€',
          to_char(20 + g % 80, 'FM990') || ',00€',
          (array['temu','shein','aliexpress'])[1 + g % 3],
          (array['Prix cassé','Qualité ???','Fun'])[1 + g % 3],
          (array['hot','risky','fun'])[1 + g % 3],
          'Voir le deal',
          ${BENCH_DEAL_URL} || g,
          now() - make_interval(mins => g),
          now() - make_interval(mins => g)
        from generate_series(${low + 1}::int, ${high}::int) g`);
    }
    const inserted = Date.now();
    await database.db.execute(sql`analyze crevarde_deals`);
    const words = await refreshLexicon(database.db);
    await database.db.execute(sql`analyze search_lexicon`);
    const counts: string[] = [];
    for (const query of BENCH_QUERIES) {
      const [row] = ((await database.db.execute(sql`select count(*)::int as n from crevarde_deals where search @@ ${matchQuery(searchWords(query.q))}`)) as unknown as { rows: Array<{ n: number }> }).rows;
      counts.push(`"${query.q}" ${Number(row?.n ?? 0).toLocaleString("en")}`);
    }
    console.log(
      `added deals ${(from + 1).toLocaleString("en")}–${to.toLocaleString("en")} in ${((inserted - started) / 1000).toFixed(1)} s, analyze + lexicon (${words.toLocaleString("en")} words) in ${((Date.now() - inserted) / 1000).toFixed(1)} s; matches: ${counts.join(", ")}`,
    );
  } finally {
    await database.close();
  }
}

interface Latency {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Like run(), with p95 (autocannon has none): every 2xx response time is kept, in ms with decimals. */
async function measureLatency(opts: autocannon.Options): Promise<Latency> {
  await fetch(new URL("/healthz", opts.url as string)).catch(() => {});
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: 50, duration: 10, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("response", (_client, status, _bytes, time) => {
      if (status >= 200 && status < 300) times.push(time);
    });
  });
  times.sort((a, b) => a - b);
  const at = (q: number) => (times.length === 0 ? NaN : times[Math.min(times.length - 1, Math.max(0, Math.ceil(q * times.length) - 1))]);
  return { rps: r.requests.average, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

interface SearchRow extends Latency {
  deals: number;
  connections: number;
  query: string;
  sort: string;
  ratio: { p50: number; p95: number; p99: number };
}

/** The deals page without a search, as a row of the scale table. */
const DEALS_PAGE = "/coup-de-crevarde (no search)";

/** The deals search at one size: each query and sort at 1 and 50 connections, against a static copy of the results page. */
async function measureSearchScale(server: RunningServer, staticDir: string, deals: number): Promise<SearchRow[]> {
  const page = (q: string, tri: string | null) => `/coup-de-crevarde?q=${encodeURIComponent(q)}${tri ? `&tri=${tri}` : ""}`;
  const html = await (await fetch(`${server.url}${page(BENCH_QUERIES[0].q, null)}`, { headers: BYPASS_CACHE })).text();
  fs.writeFileSync(path.join(staticDir, "search.html"), html);
  const staticUrl = `${server.url}/__bench/search.html`;
  await autocannon({ url: staticUrl, connections: 10, duration: 2 });
  const ceilings = new Map<number, Latency>();
  for (const connections of [1, 50]) ceilings.set(connections, await measureLatency({ url: staticUrl, connections }));
  const rows: SearchRow[] = [];
  const row = (connections: number, query: string, sort: string, l: Latency): SearchRow => {
    const c = ceilings.get(connections)!;
    return { ...l, deals, connections, query, sort, ratio: { p50: l.p50 / c.p50, p95: l.p95 / c.p95, p99: l.p99 / c.p99 } };
  };
  for (const connections of [1, 50]) rows.push(row(connections, "static copy of the results page", "", ceilings.get(connections)!));
  // the deals page itself, no search (issue #38: its uncached p50 grows ≤ 1.5× from 10,000 to 1,000,000 deals)
  await autocannon({ url: `${server.url}/coup-de-crevarde`, connections: 10, duration: 2, headers: BYPASS_CACHE });
  for (const connections of [1, 50]) rows.push(row(connections, DEALS_PAGE, "", await measureLatency({ url: `${server.url}/coup-de-crevarde`, connections, headers: BYPASS_CACHE })));
  for (const query of BENCH_QUERIES) {
    for (const sort of BENCH_SORTS) {
      const url = `${server.url}${page(query.q, sort.tri)}`;
      await autocannon({ url, connections: 10, duration: 2, headers: BYPASS_CACHE });
      for (const connections of [1, 50]) rows.push(row(connections, `${query.name} "${query.q}"`, sort.name, await measureLatency({ url, connections, headers: BYPASS_CACHE })));
    }
  }
  return rows;
}

/**
 * `--deals N`: the deals search at 10,000 deals, then at N, in one run. The
 * deals are added while the server is stopped (the embedded database is one
 * process), each time followed by analyze and the lexicon refresh.
 */
async function searchScale(n: number, databaseUrl: string | undefined, staticDir: string, dataDir: string) {
  const target = databaseUrl ? { url: databaseUrl } : { dataDir };
  const sizes = n > SMALL_DEALS ? [SMALL_DEALS, n] : [n];
  const rows: SearchRow[] = [];
  let added = 0;
  for (const size of sizes) {
    await addDeals(added, size, target);
    added = size;
    const server = await startBenchServer();
    try {
      console.log(`server: ${server.url} (${databaseUrl ? "PostgreSQL server" : "embedded PGlite"}), ${size.toLocaleString("en")} generated deals + ${DEALS.length} demo deals`);
      rows.push(...(await measureSearchScale(server, staticDir, size)));
    } finally {
      await server.stop();
    }
  }
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "–");
  const x = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)}×` : "–");
  console.log("\n| deals | conn. | query | sort | p50 ms | p95 ms | p99 ms | p50 ÷ static | p95 ÷ static | p99 ÷ static | req/s | errors | non-2xx |");
  console.log("|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.deals.toLocaleString("en")} | ${r.connections} | ${r.query} | ${r.sort} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${x(r.ratio.p50)} | ${x(r.ratio.p95)} | ${x(r.ratio.p99)} | ${r.rps.toFixed(0)} | ${r.errors} | ${r.non2xx} |`,
    );
  }
  const searches = rows.filter((r) => r.sort !== "");
  if (sizes.length === 2) {
    const list = (deals: number) => rows.find((r) => r.deals === deals && r.connections === 1 && r.query === DEALS_PAGE)!;
    const growth = list(n).p50 / list(SMALL_DEALS).p50;
    const verdict = n < 1_000_000 ? "not measured at 1,000,000 deals" : growth <= 1.5 ? "PASS" : "FAIL";
    console.log(`\nissue #38: uncached p50 of /coup-de-crevarde grows ≤ 1.5× from 10,000 to ${n.toLocaleString("en")} deals (one client): ${verdict} (${ms(list(SMALL_DEALS).p50)} → ${ms(list(n).p50)} ms, ${x(growth)})`);
  }
  const atN = searches.filter((r) => r.deals === n && r.connections === 1);
  const worst = atN.reduce((a, b) => (!(b.p95 <= a.p95) ? b : a));
  console.log(`\none client p95 ≤ 50 ms at ${n.toLocaleString("en")} deals: ${atN.every((r) => r.p95 <= 50) ? "PASS" : "FAIL"} (worst ${ms(worst.p95)} ms, ${worst.query}, ${worst.sort})`);
  if (sizes.length === 2) {
    for (const connections of [1, 50]) {
      const growth = BENCH_QUERIES.map((q) => {
        const find = (deals: number) => searches.find((r) => r.deals === deals && r.connections === connections && r.sort === "nouveautes" && r.query.includes(`"${q.q}"`))!;
        return { q: q.q, growth: find(n).p50 / find(SMALL_DEALS).p50 };
      });
      const max = Math.max(...growth.map((g) => g.growth));
      // NaN: no 2xx response at one of the sizes (every request timed out), a FAIL
      const detail = growth.map((g) => `"${g.q}" ${Number.isFinite(g.growth) ? `${g.growth.toFixed(2)}×` : "no 2xx response"}`).join(", ");
      console.log(
        connections === 1
          ? `growth of sorted-by-new p50 from 10,000 to ${n.toLocaleString("en")} deals ≤ 3× (one client): ${max <= 3 ? "PASS" : "FAIL"} (${detail})`
          : `(for information, at 50 connections: ${detail})`,
      );
    }
  }
  console.log(`Deals: ${DEALS.length} demo deals + the generated ones${databaseUrl ? ", plus any already in DATABASE_URL" : ""}; latencies of 2xx responses, search requests with the page cache bypassed.`);
}

/** The deals of community(), and the comments on its first one. */
const COMMUNITY_DEALS = 100_000;
const COMMUNITY_COMMENTS = 200;
const BENCH_COMMENTER = { id: "bench-commenter", email: "bench-commenter@crevarde.local", username: "Crevette du bench" };

/** 200 comments (150 top-level, 50 replies) by an established member on the first generated deal; returns its id. */
async function addComments(target: { url?: string; dataDir?: string }) {
  const database = await openDatabase(target);
  try {
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    await database.db.insert(schema.user).values({ id: BENCH_COMMENTER.id, name: BENCH_COMMENTER.username, email: BENCH_COMMENTER.email, emailVerified: true, createdAt: monthAgo }).onConflictDoNothing();
    await database.db
      .insert(schema.profiles)
      .values({ id: BENCH_COMMENTER.id, email: BENCH_COMMENTER.email, username: BENCH_COMMENTER.username })
      .onConflictDoUpdate({ target: schema.profiles.id, set: { username: BENCH_COMMENTER.username } });
    const [{ id }] = ((await database.db.execute(sql`select id from crevarde_deals where url = ${`${BENCH_DEAL_URL}1`}`)) as unknown as { rows: Array<{ id: string }> }).rows;
    const top = Math.round(COMMUNITY_COMMENTS * 0.75);
    await database.db.execute(sql`
      insert into deal_comments (deal_id, author_id, body, created_at)
      select ${id}::uuid, ${BENCH_COMMENTER.id}, 'Commentaire ' || g || ' : vu moins cher sur https://www.example.fr/produit-' || g || ', livraison en 8 jours, qualité correcte pour le prix.', now() - make_interval(mins => ${COMMUNITY_COMMENTS} - g)
      from generate_series(1, ${top}::int) g`);
    await database.db.execute(sql`
      insert into deal_comments (deal_id, parent_id, author_id, body, created_at)
      select ${id}::uuid, c.id, ${BENCH_COMMENTER.id}, 'Merci pour le lien !', now()
      from (select id from deal_comments where deal_id = ${id}::uuid order by created_at limit ${COMMUNITY_COMMENTS - top}) c`);
    await database.db.execute(sql`analyze deal_comments`);
    return id;
  } finally {
    await database.close();
  }
}

/**
 * The deal community at scale: COMMUNITY_DEALS generated deals (the server
 * stopped meanwhile), 200 comments on one, then its deal page and the « Les
 * plus hot » and « Commentés » tabs, cache bypassed, at 1 and 50 connections,
 * each as ratios to a static copy of its own HTML served by the same server.
 */
async function community(target: { url?: string; dataDir?: string }, already: number) {
  if (already < COMMUNITY_DEALS) await addDeals(already, COMMUNITY_DEALS, target);
  const dealId = await addComments(target);
  const server = await startBenchServer();
  try {
    console.log(`\nserver: ${server.url}, ${COMMUNITY_DEALS.toLocaleString("en")} generated deals, ${COMMUNITY_COMMENTS} comments on /coup-de-crevarde/${dealId}`);
    const pages = [
      { name: `deal page with ${COMMUNITY_COMMENTS} comments (first ${COMMENTS_PER_PAGE} threads shown)`, path: `/coup-de-crevarde/${dealId}` },
      { name: `deal page with ${COMMUNITY_COMMENTS} comments, all shown (?commentaires=${COMMENTS_MAX})`, path: `/coup-de-crevarde/${dealId}?commentaires=${COMMENTS_MAX}` },
      { name: `« Les plus hot » at ${COMMUNITY_DEALS.toLocaleString("en")} deals`, path: "/coup-de-crevarde?tab=hot" },
      { name: `« Commentés » at ${COMMUNITY_DEALS.toLocaleString("en")} deals`, path: "/coup-de-crevarde?tab=commentes" },
    ];
    const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "–");
    const lines: string[] = [];
    console.log("\n| page | conn. | p50 ms | p95 ms | p99 ms | req/s | p50 ÷ static | p99 ÷ static | req/s ÷ static | errors | non-2xx |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const [i, page] of pages.entries()) {
      const html = await (await fetch(`${server.url}${page.path}`, { headers: BYPASS_CACHE })).text();
      const threads = (html.match(/data-testid="comment-thread"/g) ?? []).length;
      const comments = (html.match(/data-testid="comment"/g) ?? []).length;
      if (page.path.endsWith(dealId) && threads !== COMMENTS_PER_PAGE) lines.push(`warning: the deal page shows ${threads} threads, not ${COMMENTS_PER_PAGE}`);
      if (page.path.includes(`${dealId}?`) && comments < COMMUNITY_COMMENTS) lines.push(`warning: the deal page shows fewer than ${COMMUNITY_COMMENTS} comments`);
      const file = `community-${i}.html`;
      fs.writeFileSync(path.join(staticDir, file), html);
      await autocannon({ url: `${server.url}${page.path}`, connections: 10, duration: 2, headers: BYPASS_CACHE });
      for (const connections of [1, 50]) {
        const ssr = await measureLatency({ url: `${server.url}${page.path}`, connections, headers: BYPASS_CACHE });
        const ceiling = await measureLatency({ url: `${server.url}/__bench/${file}`, connections });
        const x = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(1)}×` : "–");
        console.log(
          `| ${page.name} | ${connections} | ${ms(ssr.p50)} | ${ms(ssr.p95)} | ${ms(ssr.p99)} | ${ssr.rps.toFixed(0)} | ${x(ssr.p50, ceiling.p50)} | ${x(ssr.p99, ceiling.p99)} | ${ceiling.rps ? `${((ssr.rps / ceiling.rps) * 100).toFixed(1)}%` : "–"} | ${ssr.errors} | ${ssr.non2xx} |`,
        );
      }
    }
    for (const line of lines) console.log(line);
    console.log("Latencies of 2xx responses with the page cache bypassed; each page against a static copy of its own HTML.");
  } finally {
    await server.stop();
  }
}

async function removeBenchDeals(url: string) {
  const database = await openDatabase({ url, migrate: false });
  try {
    await database.db.execute(sql`delete from crevarde_deals where url like ${`${BENCH_DEAL_URL}%`}`);
    await database.db.execute(sql`delete from "user" where id = ${BENCH_COMMENTER.id}`);
  } finally {
    await database.close();
  }
}

/** The production server on the bench's database, static copies served from staticDir. */
function startBenchServer() {
  return startServer({
    RATE_LIMIT_DISABLED: "true",
    BENCH_STATIC_DIR: staticDir,
    DATA_DIR: dataDir,
    // a PostgreSQL server gets the demo data (the soak signs in as the demo member) only when asked
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: "true" } : {}),
  });
}

const observations = observationsArg(process.argv);
if (observations > 0) {
  await benchObservations(observations, process.env.DATABASE_URL || undefined);
  process.exit(0);
}
ensureBuild();
const extraDeals = process.argv.includes("--soak") ? 0 : extraDealsArg();
const databaseUrl = process.env.DATABASE_URL || undefined;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-bench-static-"));
// the embedded database is single-process: the deals go in before the server opens it
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-bench-data-"));
const conversionRows = process.argv.includes("--soak") ? 0 : conversionsArg();
if (extraDeals > 0 && conversionRows === 0) {
  try {
    await searchScale(extraDeals, databaseUrl, staticDir, dataDir);
  } finally {
    if (databaseUrl) await removeBenchDeals(databaseUrl);
    fs.rmSync(staticDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}
if (extraDeals > 0) await addDeals(0, extraDeals, databaseUrl ? { url: databaseUrl } : { dataDir });
const benchMember = conversionRows > 0 ? await benchConversions(conversionRows, databaseUrl ? { url: databaseUrl } : { dataDir }) : null;
const soakOnly = process.argv.includes("--soak");
const communityOnly = process.argv.includes("--community");
let server = communityOnly ? null : await startBenchServer();
try {
  if (server) console.log(`server: ${server.url} (${databaseUrl ? "PostgreSQL server" : "embedded PGlite"})`);
  if (!server) {
    // --community alone
  } else if (soakOnly) await soak(server);
  else if (benchMember) await measureMonCashback(server, staticDir);
  else if (process.argv.includes("--nginx")) printTargets(await behindNginxTargets(server, staticDir), "issue #38, behind the real cache");
  else if (process.argv.includes("--targets")) await targetsOnly(server, staticDir);
  else await standard(server, staticDir, extraDeals);
  // the deal community at scale, after the standard pages (the embedded database is single-process: the server stops first)
  if (!soakOnly && !benchMember && !process.argv.includes("--nginx") && !process.argv.includes("--targets")) {
    await server?.stop();
    server = null;
    await community(databaseUrl ? { url: databaseUrl } : { dataDir }, extraDeals);
  }
} finally {
  await server?.stop();
  if ((extraDeals > 0 || !soakOnly) && databaseUrl) await removeBenchDeals(databaseUrl);
  fs.rmSync(staticDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}
