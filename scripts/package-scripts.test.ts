import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };

describe("npm scripts", () => {
  it.each(Object.entries(pkg.scripts))("%s runs files that exist", (_name, command) => {
    const files = [...command.matchAll(/(?:^|\s)((?:scripts|server|db)\/[\w./-]+\.(?:ts|mjs|js))/g)].map((m) => m[1]);
    for (const file of files) expect(fs.existsSync(path.join(root, file)), `${file} is missing`).toBe(true);
  });
});
