import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** A fake client build: an entry, a public page and an admin page, with scripts of the given random (incompressible) sizes. */
function fakeBuild(sizes: { entry: number; home: number; admin: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-budget-"));
  fs.mkdirSync(path.join(dir, "assets"));
  const write = (name: string, bytes: number) => fs.writeFileSync(path.join(dir, "assets", name), randomBytes(bytes));
  write("entry.js", sizes.entry);
  write("home.js", sizes.home);
  write("admin.js", sizes.admin);
  write("root.js", 100);
  const manifest = {
    entry: { module: "/assets/entry.js", imports: [] },
    routes: {
      root: { id: "root", module: "/assets/root.js", hasDefaultExport: true },
      "routes/_public": { id: "routes/_public", parentId: "root", module: "/assets/root.js", hasDefaultExport: true },
      "routes/home": { id: "routes/home", parentId: "routes/_public", module: "/assets/home.js", imports: ["/assets/entry.js"], hasDefaultExport: true },
      "routes/newsletter.confirm": { id: "routes/newsletter.confirm", parentId: "root", module: "/assets/root.js", hasDefaultExport: true },
      "routes/admin/dashboard": { id: "routes/admin/dashboard", parentId: "root", module: "/assets/admin.js", hasDefaultExport: true },
      "routes/kpi.json": { id: "routes/kpi.json", parentId: "root", module: "/assets/admin.js", hasDefaultExport: false },
    },
  };
  fs.writeFileSync(path.join(dir, "assets", "manifest-abc123.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  return dir;
}

const run = (dir: string, ...args: string[]) => spawnSync(process.execPath, ["scripts/js-budget.mjs", "--dir", dir, ...args], { encoding: "utf8" });

describe("js-budget", () => {
  it("passes a public page under its budget, whatever the admin pages weigh", () => {
    const result = run(fakeBuild({ entry: 100 * 1024, home: 20 * 1024, admin: 900 * 1024 }));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/heaviest .*public pages routes\/home 12\d\.\d\/143 KB/);
  });

  it("fails the build when a public page goes over, and names it", () => {
    const result = run(fakeBuild({ entry: 100 * 1024, home: 60 * 1024, admin: 10 }));
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/OVER\s+routes\/home \(public pages, budget 143 KB\)/);
    expect(result.stderr).toContain("1 page(s) over budget: routes/home");
  });

  it("fails the build when a public page ships date-fns, and names the page and the script", () => {
    const dir = fakeBuild({ entry: 100 * 1024, home: 1024, admin: 10 });
    fs.writeFileSync(path.join(dir, "assets", "home.js"), 'function f(d){if(!isValid(d))throw new RangeError("Invalid time value")}');
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("a date library ships in public page(s): routes/home (/assets/home.js)");
  });

  it("--json gives the bench every page's weight, over budget or not, and whether the public layout holds it, without failing", () => {
    const result = run(fakeBuild({ entry: 100 * 1024, home: 60 * 1024, admin: 10 }), "--json");
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { framework: number; pages: Array<{ id: string; total: number; group: string; budget: number; publicLayout: boolean }> };
    expect(report.framework).toBeGreaterThan(99);
    expect(report.framework).toBeLessThan(102);
    expect(report.pages).toEqual([
      { id: "routes/home", total: expect.any(Number), group: "public pages", budget: 143, publicLayout: true },
      { id: "routes/newsletter.confirm", total: expect.any(Number), group: "public pages", budget: 143, publicLayout: false },
    ]);
    expect(report.pages[0]!.total).toBeGreaterThan(report.framework + 59);
  });
});
