/** `npm run lighthouse`: Lighthouse 12 (mobile, simulated throttling) on the home page in Chromium. */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureBuild, root, startServer } from "./lib/server";

ensureBuild();
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
try {
  for (const p of paths.length ? paths : ["/"]) await audit(`${server.url}${p}`);
} finally {
  await chrome.kill();
  await server.stop();
}

async function audit(target: string) {
  // warm the server caches once
  await fetch(target);
  const result = await lighthouse(target, { port: chrome.port, output: "json", logLevel: "error" });
  if (!result) throw new Error("no Lighthouse result");
  const lhr = result.lhr;
  fs.mkdirSync(path.join(root, "test-reports"), { recursive: true });
  const slug = new URL(target).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
  fs.writeFileSync(path.join(root, `test-reports/lighthouse-${slug}.json`), JSON.stringify(lhr, null, 2));
  const js = (lhr.audits["network-requests"]?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items
    ?.filter((i) => i.resourceType === "Script")
    .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  console.log(`\nLighthouse ${lhr.lighthouseVersion} on ${target} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling), JavaScript transferred: ${((js ?? 0) / 1024).toFixed(0)} KB`);
  for (const key of ["performance", "accessibility", "best-practices", "seo"]) {
    const cat = lhr.categories[key];
    console.log(`  ${cat.title.padEnd(16)} ${Math.round((cat.score ?? 0) * 100)}`);
  }
  const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable");
  if (failing.length) console.log(`\nAudits below 0.9: ${failing.map((a) => a.id).join(", ")}`);
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"]) {
    console.log(`  ${id}: ${lhr.audits[id]?.displayValue}`);
  }
  type Table = { items?: Array<Record<string, unknown>> };
  const lcp = (lhr.audits["largest-contentful-paint-element"]?.details as { items?: Table[] } | undefined)?.items;
  const lcpNode = lcp?.[0]?.items?.[0]?.node as { snippet?: string } | undefined;
  if (lcpNode) console.log(`  LCP element: ${lcpNode.snippet?.slice(0, 120)}`);
  const phases = lcp?.[1]?.items?.map((i) => `${String(i.phase)} ${Math.round(Number(i.timing))} ms`);
  if (phases) console.log(`  LCP phases: ${phases.join(", ")}`);
  for (const shift of (lhr.audits["layout-shifts"]?.details as Table | undefined)?.items ?? []) {
    const node = shift.node as { snippet?: string } | undefined;
    console.log(`  layout shift ${Number(shift.score).toFixed(3)}: ${node?.snippet?.slice(0, 100)}`);
  }
}
