/**
 * `npm run lighthouse`: Lighthouse (mobile, simulated throttling) in Chromium
 * on /, /coup-de-crevarde, /marques and /blog (or the paths given), three
 * runs each; prints each page's median scores and metrics (TBT, LCP, CLS),
 * and issue #38's target with PASS or FAIL: a median performance score of at
 * least 90 on every page (the other categories are printed, not targets here). Each run's report goes to
 * test-reports/lighthouse-<page>-<run>.json. A run that fails to measure
 * (Lighthouse's runtimeError, such as NO_NAVSTART) is run again, not counted
 * as a 0. Each page also prints Lighthouse's CPU benchmark index of its runs:
 * the simulated throttling slows the page by a fixed factor of this machine's
 * speed, so scores compare only between runs on similar indexes. Each page
 * also prints what its blocking time is made of (scripts/lib/main-thread.ts):
 * the main thread's own CPU time after the first paint, against the length of
 * its tasks, which on a 2-core host includes waiting for a core.
 */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { median } from "./lib/bench-targets";
import { mainThreadBlocking, type MainThreadBlocking } from "./lib/main-thread";
import { ensureBuild, root, startServer } from "./lib/server";

const PAGES = ["/", "/coup-de-crevarde", "/marques", "/blog"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** issue #38 item 4: mobile performance score, median of the runs, on this 2-core machine kind */
const PERFORMANCE_TARGET = 90;
/** runs that measured nothing (a runtime error), run again up to this many times per page */
const MAX_FAILED_RUNS = 3;
/**
 * The CPU benchmark index of the machine kind the target is for (issue #38: about 1,200–1,700). Lighthouse's
 * simulated throttling slows the page by a fixed 4× of the host's speed, so a faster host scores higher: a calibration
 * run reads this host's index, and when it is above this one the slowdown is scaled by host index ÷ this index, so
 * that the pages are measured as on that machine kind. `LIGHTHOUSE_TARGET_INDEX=0` keeps Lighthouse's own 4×.
 */
const TARGET_INDEX = Number(process.env.LIGHTHOUSE_TARGET_INDEX ?? 1450);
/** calibration runs whose median index sets the slowdown */
const CALIBRATION_RUNS = 3;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

ensureBuild();
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
const verdicts: Array<{ page: string; pass: boolean; summary: string }> = [];
let throttling: Lhr["configSettings"]["throttling"] | undefined;
try {
  if (TARGET_INDEX > 0) {
    // the first run of a new browser reads a much lower index than the next ones (1,194 then 2,128 here): the median of three
    const calibrations: Lhr[] = [];
    for (let i = 0; i < CALIBRATION_RUNS; i++) {
      const calibration = await lighthouse(`${server.url}/`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      if (calibration) calibrations.push(calibration.lhr);
    }
    const index = median(calibrations.map((lhr) => lhr.environment.benchmarkIndex));
    const own = calibrations[0]?.configSettings.throttling;
    if (own && index > TARGET_INDEX) throttling = { ...own, cpuSlowdownMultiplier: (own.cpuSlowdownMultiplier ?? 4) * (index / TARGET_INDEX) };
    console.log(
      `CPU benchmark index of this host ${Math.round(index)} (median of ${calibrations.map((lhr) => Math.round(lhr.environment.benchmarkIndex)).join(", ")}); target machine kind ${TARGET_INDEX}: ${throttling ? `CPU slowdown ${throttling.cpuSlowdownMultiplier!.toFixed(2)}× instead of ${own?.cpuSlowdownMultiplier}×` : "Lighthouse's own CPU slowdown"}`,
    );
  }
  for (const p of paths.length ? paths : PAGES) verdicts.push(await auditPage(`${server.url}${p}`));
} finally {
  await chrome.kill();
  await server.stop();
}
console.log(`\n| page | medians of ${RUNS} runs: performance / accessibility / best practices / SEO; TBT, LCP, CLS; this host's CPU benchmark index, the CPU slowdown applied | target: performance ≥ ${PERFORMANCE_TARGET} at index ${TARGET_INDEX || "of this host"} |`);
console.log("|---|---|---|");
for (const v of verdicts) console.log(`| ${v.page} | ${v.summary} | ${v.pass ? "PASS" : "FAIL"} |`);
console.log(`\nLighthouse targets: ${verdicts.filter((v) => v.pass).length} of ${verdicts.length} pages pass.`);

async function auditPage(target: string) {
  // warm the server caches once
  await fetch(target);
  const slug = new URL(target).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
  const runs: Lhr[] = [];
  const mainThread: MainThreadBlocking[] = [];
  for (let i = 1, failed = 0; i <= RUNS; ) {
    const result = await lighthouse(target, { port: chrome.port, output: "json", logLevel: "error", ...(throttling ? { throttling } : {}) });
    if (!result) throw new Error("no Lighthouse result");
    fs.mkdirSync(path.join(root, "test-reports"), { recursive: true });
    // a run whose trace could not be read (NO_NAVSTART...) measured nothing: it scores 0 and is run again
    if (result.lhr.runtimeError) {
      console.log(`  run ${i} on ${target} failed (${result.lhr.runtimeError.code}): run again`);
      fs.writeFileSync(path.join(root, `test-reports/lighthouse-${slug}-${i}-failed-${++failed}.json`), JSON.stringify(result.lhr, null, 2));
      if (failed > MAX_FAILED_RUNS) throw new Error(`Lighthouse failed ${failed} times on ${target}: ${result.lhr.runtimeError.message}`);
      continue;
    }
    runs.push(result.lhr);
    const blocking = mainThreadBlocking(result.artifacts.Trace.traceEvents, result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4);
    if (blocking) mainThread.push(blocking);
    fs.writeFileSync(path.join(root, `test-reports/lighthouse-${slug}-${i}.json`), JSON.stringify(result.lhr, null, 2));
    i++;
  }
  const lhr = runs[0]!;
  const js = (lhr.audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items
    ?.filter((i) => i.resourceType === "Script")
    .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  console.log(`\nLighthouse ${lhr.lighthouseVersion} on ${target} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling), ${RUNS} runs, JavaScript transferred: ${((js ?? 0) / 1024).toFixed(0)} KB; this machine's CPU benchmark index: ${runs.map((r) => Math.round(r.environment.benchmarkIndex)).join(", ")}`);
  const scores = Object.fromEntries(CATEGORIES.map((key) => [key, median(runs.map((r) => Math.round((r.categories[key]?.score ?? 0) * 100)))])) as Record<(typeof CATEGORIES)[number], number>;
  for (const key of CATEGORIES) console.log(`  ${(lhr.categories[key]?.title ?? key).padEnd(16)} ${scores[key]} (runs: ${runs.map((r) => Math.round((r.categories[key]?.score ?? 0) * 100)).join(", ")})`);
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"]) {
    console.log(`  ${id}: median ${median(runs.map((r) => Number(r.audits[id]?.numericValue ?? NaN))).toFixed(id === "cumulative-layout-shift" ? 3 : 0)} (runs: ${runs.map((r) => r.audits[id]?.displayValue).join(", ")})`);
  }
  const failing = [...new Set(runs.flatMap((r) => Object.values(r.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable").map((a) => a.id)))];
  if (failing.length) console.log(`  audits below 0.9 in a run: ${failing.join(", ")}`);
  type Table = { items?: Array<Record<string, unknown>> };
  const lcp = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: Table[] } | undefined)?.items;
  const lcpNode = lcp?.[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  if (lcpNode) console.log(`  LCP element: ${lcpNode.snippet?.slice(0, 120)}`);
  const phases = lcp?.[1]?.items?.map((i) => `${String(i.phase)} ${Math.round(Number(i.timing))} ms`);
  if (phases) console.log(`  LCP phases (first run): ${phases.join(", ")}`);
  for (const shift of (lhr.audits["layout-shifts"]?.details as Table | undefined)?.items ?? []) {
    const node = shift.node as { snippet?: string } | undefined;
    console.log(`  layout shift ${Number(shift.score).toFixed(3)}: ${node?.snippet?.slice(0, 100)}`);
  }
  const own = mainThread.length ? (key: keyof MainThreadBlocking) => median(mainThread.map((m) => m[key])) : null;
  if (own) {
    console.log(
      `  main thread from the first paint to the end of the trace (medians): ${own("tasks")} tasks, ${own("wallMs").toFixed(0)} ms long, of which ${own("cpuMs").toFixed(0)} ms on the CPU (the rest waiting for a core); blocking time from their length ${own("blockingFromWall").toFixed(0)} ms, from their CPU time ${own("blockingFromCpu").toFixed(0)} ms; longest task ${own("longestTaskCpuMs").toFixed(1)} ms of CPU`,
    );
  }
  const metric = (id: string) => median(runs.map((r) => Number(r.audits[id]?.numericValue ?? Infinity)));
  const index = median(runs.map((r) => r.environment.benchmarkIndex));
  return {
    page: new URL(target).pathname,
    pass: scores.performance >= PERFORMANCE_TARGET,
    summary: `${CATEGORIES.map((key) => scores[key]).join(" / ")}; TBT ${metric("total-blocking-time").toFixed(0)} ms, LCP ${metric("largest-contentful-paint").toFixed(0)} ms, CLS ${metric("cumulative-layout-shift").toFixed(3)}${own ? ` (blocking from the main thread's CPU time alone: ${own("blockingFromCpu").toFixed(0)} ms)` : ""}; index ${index.toFixed(0)}, CPU slowdown ${(lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4).toFixed(2)}×`,
  };
}
