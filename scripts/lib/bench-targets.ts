/**
 * Issue #38's throughput targets for `npm run bench` (ADR 048): each figure is
 * the median of BENCH_RUNS runs (3 by default) of BENCH_SECONDS seconds at 50
 * connections, and the runs of what is compared alternate (floor, page, floor,
 * page…) so that the machine's drift touches both sides alike.
 * - Signed-in views: a member's view of a shared page is the page (served from the
 *   micro-cache) plus its `GET /api/moi` for the ids the page shows, counted as
 *   one view; views/s ≥ 50 % of the requests/s of the same HTML as a static file.
 * - Uncached renders against the floor page (FLOOR_PAGE, one paragraph through the
 *   root layout) measured in the same rounds: `/` ≥ 75 %, `/coup-de-crevarde` and
 *   `/marques` ≥ 60 %, the signed-in `/mon-cashback` ≥ 40 %.
 * - Behind the real cache (ADR 054): `/` through nginx with the production recipe
 *   ≥ 80 % of the same nginx serving a static copy of its HTML (behindNginxTargets).
 * A benchmark, not a test: nothing here runs in CI.
 */
import autocannon from "autocannon";
import fs from "node:fs";
import path from "node:path";
import { startNginx } from "./nginx";
import { freePort, type RunningServer } from "./server";

export interface Target {
  name: string;
  measured: string;
  pass: boolean;
}

/** Any cookie other than the consent choice makes a request personal: the page micro-cache is bypassed. */
export const BYPASS_CACHE = { cookie: "bench=1" };

/**
 * Not a target: the floor of an uncached page on this stack. The newsletter
 * confirmation without a token renders one paragraph through the root layout
 * (no database read, no public layout): React Router's request pipeline, the
 * root loader, the document head (inline stylesheet, meta, scripts manifest)
 * and React's render of almost nothing. A page with content can only be below it.
 */
export const FLOOR_PAGE = "/newsletter/confirmation";

/**
 * Not a target either: the floor of a public page. The manifesto renders the public layout (header, footer,
 * consent, search toggle) around one short section and reads no data, so no public page can be cheaper; it is
 * measured in the same rounds as the floor page and the targets, and printed beside them.
 */
const LAYOUT_FLOOR_PAGE = "/pourquoi";

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const SECONDS = Math.max(1, Number(process.env.BENCH_SECONDS ?? 5));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const showPct = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)}%` : "no figure");

/** Requests/s of one run at 50 connections, and its failed requests (errors, timeouts, non-2xx answers). */
async function measure(opts: autocannon.Options): Promise<{ rps: number; failed: number }> {
  await fetch(new URL("/healthz", opts.url as string)).catch(() => {});
  const r = await autocannon({ connections: 50, duration: SECONDS, ...opts });
  return { rps: r.requests.average, failed: r.errors + r.timeouts + r.non2xx };
}

/**
 * Alternate the runs of each measure, RUNS rounds; each measure's median requests/s, and the failed requests of
 * all the runs (a target with any fails).
 */
async function alternate<K extends string>(measures: Record<K, autocannon.Options>): Promise<{ rps: Record<K, number>; failed: number }> {
  const keys = Object.keys(measures) as K[];
  for (const k of keys) await autocannon({ connections: 10, duration: 1, ...measures[k] }); // warm-up
  const runs = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  let failed = 0;
  for (let round = 0; round < RUNS; round++) {
    for (const k of keys) {
      const m = await measure(measures[k]);
      runs[k].push(m.rps);
      failed += m.failed;
    }
  }
  return { rps: Object.fromEntries(keys.map((k) => [k, median(runs[k])])) as Record<K, number>, failed };
}

/** The /api/moi request MoiProvider (app/root.tsx) makes for a page: its cards' ids (in order, unique, at most 60), its deal, its list. */
function moiPath(html: string): string {
  const values = (attribute: string) => Array.from(html.matchAll(new RegExp(`${attribute}="([^"]+)"`, "g")), (m) => m[1]!.replaceAll("&amp;", "&"));
  const ids = (attribute: string) => [...new Set(values(attribute))].slice(0, 60).join(",");
  const deal = values("data-moi-deal-page")[0];
  const list = values("data-moi-list")[0];
  return `/api/moi?deals=${ids("data-moi-deal")}&codes=${ids("data-moi-code")}${deal ? `&deal=${deal}` : ""}${list ? `&${list}` : ""}`;
}

const ratio = (name: string, share: number, min: number, detail: string, failed: number): Target => ({
  name: `${name} ≥ ${min}%`,
  measured: `${showPct(share)} (${detail}${failed ? `; ${failed} failed requests in these runs` : ""})`,
  pass: share >= min && failed === 0,
});

/** Issue #38 item 3's signed-in views and uncached renders, on the server given, for the signed-in member `cookie`. */
export async function issue38Targets(server: RunningServer, staticDir: string, cookie: string): Promise<Target[]> {
  const targets: Target[] = [];
  for (const [i, page] of ["/coup-de-crevarde", "/codes-promo"].entries()) {
    const answer = await fetch(`${server.url}${page}`, { headers: { cookie }, redirect: "manual" });
    if (answer.status !== 200) {
      targets.push({ name: `signed-in view of ${page} (page + /api/moi) ≥ 50% of its static copy`, measured: `the page answered ${answer.status}`, pass: false });
      continue;
    }
    const html = await answer.text();
    const file = `view-${i}.html`;
    fs.writeFileSync(path.join(staticDir, file), html);
    const moi = moiPath(html);
    const { rps, failed } = await alternate({
      view: { url: server.url, headers: { cookie }, requests: [{ method: "GET", path: page }, { method: "GET", path: moi }] },
      static: { url: `${server.url}/__bench/${file}` },
    });
    const views = rps.view / 2;
    targets.push(ratio(`signed-in view of ${page} (page + /api/moi) vs its static copy`, (views / rps.static) * 100, 50, `${views.toFixed(0)} views/s vs ${rps.static.toFixed(0)} req/s`, failed));
  }
  const { rps: m, failed } = await alternate({
    floor: { url: `${server.url}${FLOOR_PAGE}`, headers: BYPASS_CACHE },
    layout: { url: `${server.url}${LAYOUT_FLOOR_PAGE}`, headers: BYPASS_CACHE },
    home: { url: `${server.url}/`, headers: BYPASS_CACHE },
    deals: { url: `${server.url}/coup-de-crevarde`, headers: BYPASS_CACHE },
    brands: { url: `${server.url}/marques`, headers: BYPASS_CACHE },
    cashback: { url: `${server.url}/mon-cashback`, headers: { cookie } },
  });
  const floor = (name: string, value: number, min: number) =>
    ratio(`uncached ${name} vs the floor page ${FLOOR_PAGE}`, (value / m.floor) * 100, min, `${value.toFixed(0)} vs ${m.floor.toFixed(0)} req/s`, failed);
  console.log(
    `not a target: the public layout around one short section (${LAYOUT_FLOOR_PAGE}, no data read) reaches ${showPct((m.layout / m.floor) * 100)} of the floor page (${m.layout.toFixed(0)} vs ${m.floor.toFixed(0)} req/s): no public page can reach more`,
  );
  targets.push(floor("/", m.home, 75), floor("/coup-de-crevarde", m.deals, 60), floor("/marques", m.brands, 60), floor("signed-in /mon-cashback", m.cashback, 40));
  return targets;
}

/**
 * Behind the real cache: the server behind nginx with the production recipe (deploy/nginx/crevarde.conf.template),
 * `/` through it against a static copy of its HTML served by the same nginx (a server block of its own in the same
 * process), alternating. `/coup-de-crevarde`, a shared page nginx keeps (ADR 048), is printed beside it, not a target.
 */
export async function behindNginxTargets(server: RunningServer, staticDir: string): Promise<Target[]> {
  const [port, staticPort] = await Promise.all([freePort(), freePort()]);
  const nginx = await startNginx({
    port,
    apps: [server.port, server.port],
    preamble: `    server { listen 127.0.0.1:${staticPort}; root ${staticDir}; location / { } }\n`,
  });
  const targets: Target[] = [];
  try {
    for (const [i, page] of ["/", "/coup-de-crevarde"].entries()) {
      const file = `nginx-${i}.html`;
      fs.writeFileSync(path.join(staticDir, file), await (await fetch(`${nginx.url}${page}`)).text());
      const again = await fetch(`${nginx.url}${page}`);
      await again.arrayBuffer();
      const status = again.headers.get("x-cache-status") ?? "none";
      const { rps, failed } = await alternate({
        page: { url: `${nginx.url}${page}` },
        static: { url: `http://127.0.0.1:${staticPort}/${file}` },
      });
      const target = ratio(
        `${page} behind nginx's cache vs the same nginx serving its static copy`,
        (rps.page / rps.static) * 100,
        80,
        `${rps.page.toFixed(0)} vs ${rps.static.toFixed(0)} req/s, X-Cache-Status ${status}`,
        failed,
      );
      if (page === "/") targets.push(target);
      else console.log(`not a target: ${target.name.replace(/ ≥ 80%$/, "")}: ${target.measured}`);
    }
  } finally {
    await nginx.stop();
  }
  return targets;
}

export function printTargets(targets: Target[], title: string) {
  console.log(`\n| target (${title}; medians of ${RUNS} runs of ${SECONDS} s) | measured | result |`);
  console.log("|---|---|---|");
  for (const t of targets) console.log(`| ${t.name} | ${t.measured} | ${t.pass ? "PASS" : "FAIL"} |`);
  console.log(`\ntargets: ${targets.filter((t) => t.pass).length} of ${targets.length} pass (Lighthouse: \`npm run lighthouse\`, which prints its own).`);
}
