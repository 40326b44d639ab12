import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM, HEADLESS_CHROMIUM } from "./tests/e2e/browsers";

const port = Number(process.env.E2E_PORT ?? 3100);
const launchOptions = {
  executablePath: HEADLESS_CHROMIUM,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--in-process-gpu",
    "--enable-features=NetworkServiceInProcess2",
  ],
};

/** Tests that change what every visitor sees (settings, home blocks, shared rows) run once the other projects are done. */
const SHARED_STATE = /(site-settings|admin-crud|admin-exact-data|admin-home-lists)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  // a hang guard, not a budget: a passing assertion returns as soon as it holds. Under two workers on a slow
  // 2-core machine a client navigation that redirects to a heavier route (modules, route discovery, data) once
  // took more than 7 s (deal-posting on mobile, session 34); no test may depend on the machine's speed
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-reports/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    // a trace records every action's DOM: only when a failed test is retried
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      // one sign-in per demo role, whose session the tests reuse (fixtures.ts: signedInAs)
      name: "sessions",
      testMatch: /sessions\.setup\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "desktop",
      dependencies: ["sessions"],
      grepInvert: /@mobile|@chromium/,
      testIgnore: SHARED_STATE,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      // 390 px and touch: only the tests that check layout or touch (@layout, or @mobile for mobile-only ones);
      // the others' rules do not depend on the width, and the desktop project runs them
      name: "mobile",
      dependencies: ["sessions"],
      grep: /@mobile|@layout/,
      grepInvert: /@desktop|@chromium/,
      testIgnore: SHARED_STATE,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions,
      },
    },
    {
      // the tests that need Chromium itself (ADR 051): a navigation redirected to a partner's site that a route
      // answers (the headless shell looks the partner's host up before the route can answer, and fails)
      name: "chromium",
      dependencies: ["sessions"],
      grep: /@chromium/,
      testIgnore: SHARED_STATE,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: { ...launchOptions, executablePath: CHROMIUM } },
    },
    {
      name: "shared-state",
      testMatch: SHARED_STATE,
      dependencies: ["desktop", "mobile", "chromium"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${port}/readyz`,
    // a hang, not a budget: on a slow, loaded machine migrating and seeding the demo takes minutes
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
