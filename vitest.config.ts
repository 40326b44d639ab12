import os from "node:os";
import { defineConfig } from "vitest/config";

const TESTS = ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/fuzz/**/*.test.ts", "tests/crash/**/*.test.ts", "scripts/**/*.test.ts", "vite/**/*.test.ts", "extension/**/*.test.ts"];

/**
 * The files that need a process of their own: they mock modules, fake timers or
 * change the process's environment (env vars, the mail transport). Every other file
 * shares its worker's process with the files before it (`isolate: false`), which
 * saves loading the app's modules again for each of them (ADR 033).
 */
const ISOLATED = [
  "app/lib/clock.server.test.ts",
  "app/lib/data-cache.server.test.ts",
  "app/lib/device-cookie.server.test.ts",
  "app/lib/env.server.test.ts",
  "app/modules/settings/paris-time.test.ts",
  "tests/integration/admin-conversions.test.ts",
  "tests/integration/admin-load-errors.test.ts",
  "tests/integration/autovalidate.test.ts",
  "tests/integration/claims.test.ts",
  "tests/integration/home-sections.test.ts",
  "tests/integration/import.test.ts",
  "tests/integration/import-integrity.test.ts",
  "tests/integration/privacy.test.ts",
  "tests/integration/programmes.test.ts",
  "tests/integration/referrals.test.ts",
  "tests/integration/session-cache.test.ts",
  "tests/integration/smtp.test.ts",
  "tests/integration/treasury.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    // migrate once into a template that each suite clones (tests/helpers/db.ts)
    globalSetup: ["tests/setup/database-templates.ts"],
    // hang guards, not budgets: no test may fail for being slow on a slow or loaded machine (issue #36 item 2,
    // ADR 033); a test that needs longer still (it starts production servers) sets its own, longer guard
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Vitest's default is one core less than the machine has: one worker on CI's two cores
    // (1,027 s there against 647 s with two; every database test opens its own database)
    maxWorkers: Math.max(2, os.availableParallelism()),
    // `npm run test:coverage`: lines and branches of the code the suite runs
    coverage: {
      provider: "v8",
      include: ["app/**", "db/**", "server/**", "scripts/**", "vite/**", "extension/**"],
      reporter: ["text-summary", "json-summary"],
    },
    projects: [
      { extends: true, test: { name: "isolated", include: ISOLATED } },
      { extends: true, test: { name: "shared", include: TESTS, exclude: ISOLATED, isolate: false, setupFiles: ["tests/setup/fresh-process-state.ts"] } },
    ],
  },
  resolve: {
    // the import paths of tsconfig.json (issue #36 item 7)
    alias: {
      "#app": new URL("./app", import.meta.url).pathname,
      "#db": new URL("./db", import.meta.url).pathname,
      "#tests": new URL("./tests", import.meta.url).pathname,
    },
  },
});
