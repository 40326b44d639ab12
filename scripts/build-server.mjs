#!/usr/bin/env node
/**
 * The production server's entry (server/index.ts and the app modules it imports) bundled into one file,
 * build/server.mjs, which plain `node` runs (ADR 055): no TypeScript loader at run time, whose hooks
 * doubled the time Node takes to load the server's modules. Packages stay in node_modules, but for
 * BUNDLED_PACKAGES, which the React Router server build bundles too. Run by `npm run build`, after the
 * React Router build; `--outfile <file>` writes elsewhere (for its test).
 */
import path from "node:path";
import { build } from "esbuild";
import { BUNDLED_PACKAGES, SERVER_ENTRY } from "./lib/server-entry.mjs";

const root = path.resolve(import.meta.dirname, "..");
const outfile = process.argv.includes("--outfile") ? process.argv[process.argv.indexOf("--outfile") + 1] : SERVER_ENTRY;
/** a bare import of one of BUNDLED_PACKAGES or of a path inside it */
const bundled = (specifier) => BUNDLED_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`));
await build({
  absWorkingDir: root,
  entryPoints: ["server/index.ts"],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  plugins: [
    {
      name: "external-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./#]/ }, (args) => (bundled(args.path) ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
