import { spawnSync } from "node:child_process";

/**
 * The production server as one file (ADR 055): server/index.ts and the app modules it imports, bundled by
 * scripts/build-server.mjs during `npm run build`, run by plain `node` from the repository's root.
 */
export const SERVER_ENTRY = "build/server.mjs";

/**
 * The packages both server bundles carry instead of loading them from node_modules: lucide-react, whose icons
 * must be made by vite/lucide-icons.ts's factory, and whose entry imports each of its ~1,600 icon modules, and
 * date-fns, whose entry imports ~800. Node would load all of them one by one at every start, for the few used.
 */
export const BUNDLED_PACKAGES = ["lucide-react", "date-fns", "@date-fns/tz"];

/**
 * Build what a production server runs: the React Router build, its assets' compressed copies (ADR 058), then
 * SERVER_ENTRY. `npm run build` (scripts/build.mjs) also checks the JavaScript budget after the copies (ADR 027);
 * `npm start` and the scripts that start a server skip it. Returns the failed step's exit code, or 0.
 * @param {string} root
 * @param {{ budget?: boolean }} [options]
 */
export function buildForServer(root, { budget = false } = {}) {
  const steps = [
    ["npx", ["react-router", "build"]],
    [process.execPath, ["scripts/precompress.mjs"]],
    ...(budget ? [[process.execPath, ["scripts/js-budget.mjs"]]] : []),
    [process.execPath, ["scripts/build-server.mjs"]],
  ];
  for (const [cmd, args] of steps) {
    const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}
