#!/usr/bin/env node
/** `npm run build`: what a production server runs, with the JavaScript budget checked (buildForServer, scripts/lib/server-entry.mjs). */
import path from "node:path";
import { buildForServer } from "./lib/server-entry.mjs";

process.exit(buildForServer(path.resolve(import.meta.dirname, ".."), { budget: true }));
