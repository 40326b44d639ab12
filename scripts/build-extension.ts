/**
 * `npm run build:extension` (issue #40 item 1, ADR 050): bundles extension/ with esbuild into
 * build/extension/ (manifest.json, background.js, content.js, popup.html, popup.js) and packs it
 * into build/extension.zip, which must stay under 300 KB. The site's address is CREVARDE_URL
 * (default http://localhost:3000); the test run builds it for the e2e server's address.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { extensionManifest } from "../extension/manifest";
import { zipFiles } from "./lib/zip";

const ZIP_BUDGET_BYTES = 300 * 1024;

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "build/extension");
const zipPath = path.join(root, "build/extension.zip");
const siteUrl = new URL(process.env.CREVARDE_URL ?? "http://localhost:3000").origin;
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
await build({
  absWorkingDir: root,
  entryPoints: { background: "extension/background.ts", content: "extension/content.ts", popup: "extension/popup.tsx" },
  outdir: outDir,
  bundle: true,
  minify: true,
  format: "iife",
  target: ["chrome120", "firefox121"],
  jsx: "automatic",
  legalComments: "none",
  define: { CREVARDE_URL: JSON.stringify(siteUrl), "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
fs.copyFileSync(path.join(root, "extension/popup.html"), path.join(outDir, "popup.html"));
fs.writeFileSync(path.join(outDir, "manifest.json"), `${JSON.stringify(extensionManifest(siteUrl, version), null, 2)}\n`);

const files = fs.readdirSync(outDir).sort();
const zip = zipFiles(files.map((name) => ({ name, data: fs.readFileSync(path.join(outDir, name)) })));
fs.writeFileSync(zipPath, zip);
console.log(`build/extension for ${siteUrl}: ${files.join(", ")}; build/extension.zip ${(zip.length / 1024).toFixed(1)} KB`);
if (zip.length > ZIP_BUDGET_BYTES) {
  console.error(`build/extension.zip is over its ${ZIP_BUDGET_BYTES / 1024} KB budget`);
  process.exit(1);
}
