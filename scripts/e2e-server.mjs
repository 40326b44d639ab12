#!/usr/bin/env node
// Playwright's web server: the production build on a fresh, seeded PGlite.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { SERVER_ENTRY } from "./lib/server-entry.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.join(root, ".e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
const port = process.env.E2E_PORT ?? "3100";
// rows no screen can create (network conversions, the stub network's programme), on the fresh database before the server opens it
const fixtures = spawnSync(process.execPath, ["--import", "tsx", "tests/e2e/db-fixtures.ts", dataDir], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, E2E_PORT: port, DATABASE_URL: "", LOG_LEVEL: "warn" },
});
if (fixtures.status !== 0) process.exit(fixtures.status ?? 1);
// the stub affiliate network the e2e programme's tracking link points to (tests/e2e/cashback-fixture.ts):
// it shows what it received, so a spec reads the click id the network host got
const escapeHtml = (v) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const stub = http.createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://stub.invalid");
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end(
    `<!doctype html><html lang="fr"><title>Réseau stub</title><h1>Réseau stub</h1>` +
      `<p>Chemin reçu : <output id="path">${escapeHtml(url.pathname)}</output></p>` +
      `<p>clickref reçu : <output id="clickref">${escapeHtml(url.searchParams.get("clickref") ?? "")}</output></p>` +
      `<p>ued reçu : <output id="ued">${escapeHtml(url.searchParams.get("ued") ?? "")}</output></p></html>`,
  );
});
stub.listen(Number(port) + 1000, "127.0.0.1");
const child = spawn(process.execPath, [SERVER_ENTRY], {
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
    // a spec may send X-Test-Now to live through the 72 h wait after an IBAN change (app/lib/clock.server.ts)
    TEST_CLOCK_HEADER: "true",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // a test measurement ID: the Google tag loads after consent (the fixtures stub Google's hosts)
    GA_MEASUREMENT_ID: process.env.GA_MEASUREMENT_ID ?? "G-E2ETEST01",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill("SIGTERM"));
child.on("exit", () => stub.close());
child.on("exit", (code) => process.exit(code ?? 0));
