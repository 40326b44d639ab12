import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buildForServer, SERVER_ENTRY } from "./server-entry.mjs";

export const root = path.resolve(import.meta.dirname, "../..");

export function ensureBuild() {
  if (fs.existsSync(path.join(root, "build/server/index.js")) && fs.existsSync(path.join(root, SERVER_ENTRY)) && !process.argv.includes("--rebuild")) return;
  const status = buildForServer(root);
  if (status !== 0) process.exit(status);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A fresh, empty data dir for startServer. */
export const freshDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-run-"));

/** Start the production server on a fresh data dir (or the one given, or DATABASE_URL) and wait for /readyz. */
export async function startServer(env: Record<string, string> = {}, dataDir = freshDataDir()): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > 120_000) throw new Error("server did not start in 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    dataDir,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
