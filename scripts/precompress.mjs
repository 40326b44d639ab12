#!/usr/bin/env node
/**
 * `npm run build`, after the React Router build: brotli and gzip copies of build/client/assets
 * (scripts/lib/precompress.mjs, ADR 058). `--dir <dir>` compresses another directory.
 */
import path from "node:path";
import { precompressDir } from "./lib/precompress.mjs";

const dir = path.resolve(process.argv.includes("--dir") ? process.argv[process.argv.indexOf("--dir") + 1] : "build/client/assets");
const done = await precompressDir(dir);
const kb = (n) => (n / 1024).toFixed(1);
const sum = (key) => done.reduce((total, f) => total + f[key], 0);
console.log(`precompress: ${done.length} files in ${path.relative(process.cwd(), dir) || dir}, ${kb(sum("bytes"))} KB → brotli ${kb(sum("br"))} KB, gzip ${kb(sum("gz"))} KB`);
