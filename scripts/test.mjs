#!/usr/bin/env node
// `npm test`: typecheck, lint, Vitest (unit + integration), production build,
// the cluster test (with TEST_DATABASE_URL), Playwright. Stops at the first
// failing step and ends with "N passed, M failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
fs.mkdirSync(path.join(root, "test-reports"), { recursive: true });
const vitestJson = path.join(root, "test-reports/vitest.json");
const playwrightJson = path.join(root, "test-reports/playwright.json");
const clusterJson = path.join(root, "test-reports/cluster.json");
for (const f of [vitestJson, playwrightJson, clusterJson]) fs.rmSync(f, { force: true });

const steps = [
  ["Typecheck", "npx", ["react-router", "typegen"]],
  ["Typecheck", "npx", ["tsc", "--noEmit"]],
  ["Lint", "npx", ["eslint", "."]],
  ["Unused files and exports (knip)", "npx", ["knip"]],
  // built before Vitest: the fuzz and crash suites drive the production build
  ["Production build", "npm", ["run", "build"]],
  ["Vitest (unit, integration, fuzz, crash)", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]],
  // two production servers on one PostgreSQL behind a balancer (ADR 024): needs a PostgreSQL server
  ...(process.env.TEST_DATABASE_URL ? [["Cluster (two servers on one PostgreSQL)", "npx", ["tsx", "scripts/test-cluster.ts"]]] : []),
  ["Playwright (Chromium, desktop + mobile)", "npx", ["playwright", "test"]],
];

function counts() {
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(vitestJson)) {
    const v = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
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

let failedStep = null;
const times = [];
const runStarted = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
console.log(`npm test on Node ${process.version}`);
for (const [name, cmd, args] of steps) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  times.push([`${name}: ${args[0]}`, Date.now() - started]);
  console.log(`=== ${name}: ${result.status === 0 ? "ok" : "FAILED"} (${seconds(Date.now() - started)})`);
  if (result.status !== 0) {
    failedStep = name;
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
