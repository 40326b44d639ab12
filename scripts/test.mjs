#!/usr/bin/env node
// `npm test`: typecheck, lint, Vitest (unit + integration), production build,
// the cluster test (with TEST_DATABASE_URL), Playwright. Stops at the first
// failing step and ends with "N passed, M failed".
import { spawn, spawnSync } from "node:child_process";
import { Buffer } from "node:buffer";
import fs from "node:fs";
import path from "node:path";
import { filesToRerunAfterNativeAbort } from "./lib/native-abort.mjs";

const root = path.resolve(import.meta.dirname, "..");
fs.mkdirSync(path.join(root, "test-reports"), { recursive: true });
const vitestJson = path.join(root, "test-reports/vitest.json");
const playwrightJson = path.join(root, "test-reports/playwright.json");
const clusterJson = path.join(root, "test-reports/cluster.json");
const vitestRerunJson = path.join(root, "test-reports/vitest-rerun.json");
for (const f of [vitestJson, vitestRerunJson, playwrightJson, clusterJson]) fs.rmSync(f, { force: true });

const VITEST = "Vitest (unit, integration, fuzz, crash)";

/**
 * The steps in order; a group (an array of steps) runs side by side: the static checks are single-threaded
 * and read the code only, so two of them fill the two cores (their output is shown as each ends).
 */
const steps = [
  ["Typecheck", "npx", ["react-router", "typegen"]],
  [
    ["Typecheck", "npx", ["tsc", "--noEmit"]],
    ["Lint", "npx", ["eslint", "."]],
  ],
  [
    ["Unused files and exports (knip)", "npx", ["knip"]],
    // built before Vitest: the fuzz and crash suites drive the production build
    ["Production build", "npm", ["run", "build"]],
  ],
  // the browser extension, for the e2e server's address (tests/e2e/extension.spec.ts loads it; ADR 050); after the
  // production build, which empties build/ first
  ["Extension build", "npm", ["run", "build:extension"], { CREVARDE_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}` }],
  [VITEST, "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]],
  // two production servers on one PostgreSQL behind a balancer (ADR 024): needs a PostgreSQL server
  ...(process.env.TEST_DATABASE_URL ? [["Cluster (two servers on one PostgreSQL)", "npx", ["tsx", "scripts/test-cluster.ts"]]] : []),
  ["Playwright (Chromium, desktop + mobile)", "npx", ["playwright", "test"]],
];

function counts() {
  let passed = 0;
  let failed = 0;
  for (const file of [vitestJson, vitestRerunJson]) {
    if (!fs.existsSync(file)) continue;
    const v = JSON.parse(fs.readFileSync(file, "utf8"));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
  }
  if (fs.existsSync(clusterJson)) {
    const c = JSON.parse(fs.readFileSync(clusterJson, "utf8"));
    passed += c.passed ?? 0;
    failed += c.failed ?? 0;
  }
  if (fs.existsSync(playwrightJson)) {
    const p = JSON.parse(fs.readFileSync(playwrightJson, "utf8"));
    passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
    failed += p.stats?.unexpected ?? 0;
  }
  return { passed, failed };
}

/** Run a command with its output kept (the Vitest step reads it), and shown as it comes unless `quiet`. */
function run(cmd, args, env = {}, quiet = false) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "0", ...env } });
    const chunks = [];
    child.stdout.on("data", (chunk) => {
      if (!quiet) process.stdout.write(chunk);
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk) => {
      if (!quiet) process.stderr.write(chunk);
      chunks.push(chunk);
    });
    child.on("close", (status) => resolve({ status, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

/** Vitest failed only because V8 aborted a worker (scripts/lib/native-abort.mjs): run the files that did not pass once more. */
async function rerunAfterNativeAbort(output) {
  const report = fs.existsSync(vitestJson) ? JSON.parse(fs.readFileSync(vitestJson, "utf8")) : null;
  const listed = spawnSync("npx", ["vitest", "list", "--filesOnly", "--json"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (listed.status !== 0) return false;
  const missing = filesToRerunAfterNativeAbort(output, report, JSON.parse(listed.stdout).map((entry) => entry.file));
  if (!missing) return false;
  console.log(`\n=== ${VITEST}: V8 aborted a worker (nodejs/node#64500); running again the ${missing.length} file(s) that did not pass:`);
  for (const file of missing) console.log(`  ${path.relative(root, file)}`);
  const rerun = await run("npx", ["vitest", "run", ...missing, "--reporter=default", "--reporter=json", `--outputFile.json=${vitestRerunJson}`]);
  return rerun.status === 0;
}

let failedStep = null;
const times = [];
const runStarted = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(`npm test on Node ${process.version}`);
/** One step: its output shown as it comes, or at its end when it runs beside others. */
async function runStep([name, cmd, args, env], quiet) {
  if (!quiet) console.log(`\n=== ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const result = await run(cmd, args, env, quiet);
  const ok = result.status === 0 || (name === VITEST && (await rerunAfterNativeAbort(result.output)));
  if (quiet) process.stdout.write(`\n=== ${name}: ${cmd} ${args.join(" ")}\n${result.output}`);
  times.push([`${name}: ${args[0]}`, Date.now() - started]);
  console.log(`=== ${name}: ${ok ? "ok" : "FAILED"} (${seconds(Date.now() - started)})`);
  return ok ? null : name;
}

for (const step of steps) {
  const group = Array.isArray(step[0]) ? step : [step];
  const started = Date.now();
  const failures = (await Promise.all(group.map((s) => runStep(s, group.length > 1)))).filter(Boolean);
  if (group.length > 1) times.push([`  (side by side: ${group.map((s) => s[0]).join(", ")})`, Date.now() - started]);
  if (failures.length > 0) {
    failedStep = failures.join(", ");
    break;
  }
}

console.log("\nTime by step:");
for (const [name, ms] of times) console.log(`  ${seconds(ms).padStart(9)}  ${name}`);
console.log(`  ${seconds(Date.now() - runStarted).padStart(9)}  total`);

const { passed, failed } = counts();
if (failedStep) console.log(`\nnpm test failed at step: ${failedStep}`);
console.log(`\n${passed} passed, ${failed + (failedStep && failed === 0 ? 1 : 0)} failed`);
process.exit(failedStep ? 1 : 0);
