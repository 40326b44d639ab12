#!/usr/bin/env node
/**
 * A build step (buildForServer, scripts/lib/server-entry.mjs), after the React Router build: brotli and gzip
 * copies of build/client/assets (scripts/lib/precompress.mjs, ADR 058).
 */
import path from "node:path";
import { precompressDir } from "./lib/precompress.mjs";

const dir = path.resolve(import.meta.dirname, "../build/client/assets");
const done = await precompressDir(dir);
const kb = (n) => (n / 1024).toFixed(1);
const sum = (key) => done.reduce((total, f) => total + f[key], 0);
console.log(`precompress: ${done.length} files in build/client/assets, ${kb(sum("bytes"))} KB → brotli ${kb(sum("br"))} KB, gzip ${kb(sum("gz"))} KB`);
