/**
 * The layers of the code (ADR 003), held by a test: each rule says which
 * folder may not import which. Imports are read from the source text
 * (static `from "…"`, side-effect `import "…"` and dynamic `import("…")`), resolved through the import paths (#app/*, #db/*, #tests/*: ADR 053)
 * alias and relative paths.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return (fs.readdirSync(full, { recursive: true, encoding: "utf8" }) as string[])
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.(ts|tsx)$/.test(f))
    .map((f) => path.join(dir, f));
}

/** tsconfig.json's paths: how the code names a file of app/, db/ and tests/ (issue #36 item 7). */
const IMPORT_PATHS: ReadonlyArray<readonly [string, string]> = [
  ["#app/", "app"],
  ["#db/", "db"],
  ["#tests/", "tests"],
];

/** Every module a file imports, as a repository path ("app/modules/…") or a package name. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const found = [...text.matchAll(/(?:^|\s)(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm)];
  return found.map((m) => {
    const spec = (m[1] ?? m[2] ?? m[3])!;
    const alias = IMPORT_PATHS.find(([prefix]) => spec.startsWith(prefix));
    if (alias) return path.join(alias[1], spec.slice(alias[0].length));
    if (spec.startsWith(".")) return path.normalize(path.join(path.dirname(file), spec));
    return spec;
  });
}

interface Rule {
  /** the folder whose files are checked */
  from: string;
  /** what they may not import: a folder of the repository or a package */
  forbidden: RegExp;
  why: string;
}

const RULES: Rule[] = [
  { from: "app/lib", forbidden: /^app\/(modules|composition|routes|seed)\//, why: "shared infrastructure knows no domain; the composition root wires them (app/composition, ADR 052)" },
  { from: "app/modules", forbidden: /^app\/(composition|routes|seed)\//, why: "a domain module is used by routes, the seed and the composition root, never the other way" },
  { from: "app/routes", forbidden: /^(drizzle-orm(\/.*)?|db\/schema(\/.*)?|app\/lib\/db\.server)$/, why: "a route parses, authorizes, calls the domain and answers: it does not query the database" },
  { from: "db", forbidden: /^app\/(modules|composition|routes|seed)\//, why: "the schema and migrations sit below the domain; the seed (app/seed) lives above it" },
  {
    from: "extension",
    forbidden: /^(?!app\/modules\/extension\/extension-shops$)(app|db|server)\//,
    why: "the browser extension ships to browsers: of the site it takes only the shop list's types (ADR 050)",
  },
];

describe("layers", () => {
  for (const rule of RULES) {
    it(`${rule.from} does not import ${rule.forbidden.source}: ${rule.why}`, () => {
      const files = sourceFiles(rule.from);
      expect(files.length).toBeGreaterThan(0);
      const broken = files.flatMap((file) => importsOf(file).filter((target) => rule.forbidden.test(target)).map((target) => `${file} imports ${target}`));
      expect(broken).toEqual([]);
    });
  }

  it("the import reader finds static, re-exported, side-effect and dynamic imports", () => {
    const imports = importsOf("app/composition/job-registry.server.ts");
    expect(imports).toContain("app/lib/jobs.server");
    expect(imports).toContain("app/modules/networks/pull-jobs.server");
    expect(importsOf("app/entry.server.tsx")).toContain("app/composition/auth.server");
  });

  it("imports name a file of app/, db/ or tests/ by its import path (#app/*, #db/*, #tests/*), never by ../ nor ~/", () => {
    const files = ["app", "db", "tests", "scripts", "server", "extension", "vite"].flatMap((dir) =>
      (fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }) as string[]).filter((f) => /\.(ts|tsx)$/.test(f)).map((f) => path.join(dir, f)),
    );
    expect(files.length).toBeGreaterThan(500);
    const roots = new Set(IMPORT_PATHS.map(([, dir]) => dir));
    const found = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+|\bvi\.(?:mock|doMock|importActual)(?:<[^>]*>)?\(\s*)["']((?:~|\.\.)\/[^"']+)["']/gm)]
        .map((m) => m[1]!)
        .filter((spec) => spec.startsWith("~/") || roots.has(path.normalize(path.join(path.dirname(file), spec)).split(path.sep)[0]!))
        .map((spec) => `${file}: ${spec}`);
    });
    expect(found).toEqual([]);
  });
});
