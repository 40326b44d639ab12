import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLED_PACKAGES } from "./lib/server-entry.mjs";

const root = path.resolve(import.meta.dirname, "..");

describe("the production server's bundle (scripts/build-server.mjs, ADR 055)", () => {
  it("carries the app's own modules and BUNDLED_PACKAGES, and loads every other package from node_modules", () => {
    const outfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-server-bundle-")), "server.mjs");
    const r = spawnSync(process.execPath, ["scripts/build-server.mjs", "--outfile", outfile], { cwd: root, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    const code = fs.readFileSync(outfile, "utf8");
    const specifiers = new Set([...code.matchAll(/(?:^import\b[^"'\n]*?(?:from\s*)?|\bimport\()\s*["']([^"']+)["']/gm)].map((m) => m[1]));
    // what Node loads at start: packages and its own modules only, nothing of the app (no TypeScript loader then)
    expect([...specifiers].filter((s) => s.startsWith("#") || s.startsWith(".") || s.endsWith(".ts") || s.endsWith(".tsx"))).toEqual([]);
    for (const p of ["drizzle-orm", "react-router", "express", "@electric-sql/pglite"]) expect(specifiers, p).toContain(p);
    // the icon set and date-fns are inside: none of their hundreds of modules is loaded from node_modules
    expect([...specifiers].filter((s) => BUNDLED_PACKAGES.some((p) => s === p || s.startsWith(`${p}/`)))).toEqual([]);
    expect(code).toContain("function main(");
  });
});
