import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { parseEnv } from "#app/lib/env.server";
import { createApp } from "../../server/app";
import type { RenderQueue } from "../../server/render-queue";

/** The production React Router build served by our Express app, in this process, on a random port. */
export async function startInProcessApp(
  options: {
    pageCacheTtlMs?: number;
    /** to observe the build (a loader wrapped by a spy) */
    build?: (build: ServerBuild) => ServerBuild;
    renderConcurrency?: number;
  } = {},
): Promise<{ base: string; close: () => Promise<void>; renders: RenderQueue }> {
  const buildFile = path.resolve("build/server/index.js");
  if (!fs.existsSync(buildFile)) throw new Error("Run `npx react-router build` first (npm test does).");
  const imported = (await import(buildFile)) as ServerBuild;
  const build = options.build ? options.build(imported) : imported;
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-inproc-"));
  let renders!: RenderQueue;
  const server: Server = await new Promise((resolve) => {
    const app = createApp({
      build,
      env: { ...parseEnv({ SITE_URL: "http://127.0.0.1", TRUST_PROXY: "loopback" }), SESSION_SECRET: "s".repeat(40) },
      clientDir: path.resolve("build/client"),
      uploadsDir,
      pageCacheTtlMs: options.pageCacheTtlMs ?? 0,
      renderConcurrency: options.renderConcurrency,
    });
    renders = app.locals.renders as RenderQueue;
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, renders, close: () => new Promise<void>((r) => server.close(() => r())) };
}
