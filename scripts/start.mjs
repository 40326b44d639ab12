#!/usr/bin/env node
// `npm start`: build when the build is missing or older than the sources, then
// run the production server (embedded PostgreSQL + demo data by default).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildForServer, SERVER_ENTRY } from "./lib/server-entry.mjs";

const root = path.resolve(import.meta.dirname, "..");
const built = path.join(root, "build/server/index.js");

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return latest;
}

const sourcesChanged = () => {
  if (!fs.existsSync(built) || !fs.existsSync(path.join(root, SERVER_ENTRY))) return true;
  const buildTime = fs.statSync(built).mtimeMs;
  const files = ["package.json", "vite.config.ts", "react-router.config.ts"].map((f) => path.join(root, f));
  const src = Math.max(...["app", "server", "db", "public"].map((dir) => newest(path.join(root, dir))), ...files.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  return src > buildTime;
};

if (sourcesChanged()) {
  console.log("Building the production bundle…");
  const status = buildForServer(root);
  if (status !== 0) process.exit(status);
}

const child = spawn(process.execPath, [SERVER_ENTRY], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
