#!/usr/bin/env node
// Playwright's web server: the production build on a fresh, seeded PGlite.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
const port = process.env.E2E_PORT ?? "3100";
const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    // the server runs in UTC, as in production, while the browser is in Europe/Paris
    // (playwright.config.ts): dates must be formatted in Paris time on both sides
    TZ: "UTC",
    DATA_DIR: dataDir,
    PORT: port,
    HOST: "127.0.0.1",
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: "",
    // the tests spread their requests over X-Forwarded-For addresses (per-IP limits): Playwright is the loopback proxy
    TRUST_PROXY: "loopback",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // a test measurement ID: the Google tag loads after consent (the fixtures stub Google's hosts)
    GA_MEASUREMENT_ID: process.env.GA_MEASUREMENT_ID ?? "G-E2ETEST01",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill("SIGTERM"));
child.on("exit", (code) => process.exit(code ?? 0));
