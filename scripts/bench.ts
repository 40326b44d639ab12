/**
 * `npm run bench`: the SSR home page against the very same HTML served as a
 * static file by the same server, plus the /kpi redirect. A benchmark, not a
 * test. `npm run bench -- --soak` runs a 60 s mixed load (see soak()).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild, startServer, type RunningServer } from "./lib/server";

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Result> {
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

async function standard(server: RunningServer, staticDir: string) {
  const html = await (await fetch(`${server.url}/`)).text();
  fs.writeFileSync(path.join(staticDir, "static.html"), html);
  const deal = html.match(/href="(\/kpi\?[^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
  const rows: Result[] = [];
  // warm-up
  await autocannon({ url: `${server.url}/`, connections: 10, duration: 2 });
  rows.push(await run("SSR home /", { url: `${server.url}/` }));
  rows.push(await run("static copy of /", { url: `${server.url}/__bench/static.html` }));
  if (deal) rows.push(await run("/kpi redirect (302, click recorded)", { url: `${server.url}${deal}` }));
  print(rows);
  console.log(`\nSSR home = ${((rows[0].rps / rows[1].rps) * 100).toFixed(1)}% of the static file's requests/s (target ≥ 40%).`);
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
  const login = await fetch(`${server.url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ intent: "login", email: "membre@crevarde.local", password: "CrevardeMembre2025!" }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
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
  console.log(`\nmixed 60 s at 50 connections: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.timeouts}, non-2xx/3xx ${result.non2xx}`);
  console.log(`server RSS after warm-up ${start.toFixed(0)} MB, at the end ${end.toFixed(0)} MB (${(((end - start) / start) * 100).toFixed(1)}% growth)`);
}

ensureBuild();
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-bench-static-"));
const server = await startServer({ RATE_LIMIT_DISABLED: "true", BENCH_STATIC_DIR: staticDir, ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) });
try {
  console.log(`server: ${server.url} (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded PGlite"})`);
  if (process.argv.includes("--soak")) await soak(server);
  else await standard(server, staticDir);
} finally {
  await server.stop();
  fs.rmSync(staticDir, { recursive: true, force: true });
}
