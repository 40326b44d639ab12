import path from "node:path";
import { build, type Plugin, type Rollup } from "vite";
import { describe, expect, it } from "vitest";
import viteConfig from "../vite.config";
import { COMPILE_HINT, compileHints, MIN_HINTED_BYTES } from "./compile-hints";

describe("compileHints()", () => {
  it("is in the app's Vite config", () => {
    const names = ((viteConfig.plugins ?? []) as unknown[]).flat(3).map((p) => (p as Plugin | null)?.name);
    expect(names).toContain("crevarde:compile-hints");
  });

  it("starts each minified client chunk of at least MIN_HINTED_BYTES with V8's hint, and leaves smaller chunks alone", async () => {
    // an entry with a large function body, and a small chunk it imports on demand
    const big = Array.from({ length: 80 }, (_, i) => `  if (n === ${i}) return "valeur numéro ${i} " + n * ${i + 1};`).join("\n");
    const entry: Plugin = {
      name: "entry",
      resolveId: (id) => (id === "hint-entry" || id === "hint-small" ? `\0${id}` : null),
      load: (id) =>
        id === "\0hint-entry"
          ? `export function pick(n) {\n${big}\n  return null;\n}\nexport const later = () => import("hint-small");`
          : id === "\0hint-small"
            ? "export const small = (n) => n + 1;"
            : null,
    };
    const output = (await build({
      configFile: false,
      logLevel: "silent",
      root: path.resolve(import.meta.dirname, ".."),
      plugins: [entry, compileHints()],
      build: { write: false, rollupOptions: { input: "hint-entry", preserveEntrySignatures: "exports-only" } },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((b) => b.output).filter((o): o is Rollup.OutputChunk => o.type === "chunk");
    const large = chunks.find((c) => c.code.includes("valeur numéro"));
    const small = chunks.find((c) => !c.code.includes("valeur numéro"));
    expect(Buffer.byteLength(large!.code)).toBeGreaterThan(MIN_HINTED_BYTES);
    expect(large!.code.startsWith(COMPILE_HINT)).toBe(true);
    // minified: the hint is the only comment left
    expect(large!.code.slice(COMPILE_HINT.length)).not.toContain("//");
    expect(Buffer.byteLength(small!.code)).toBeLessThan(MIN_HINTED_BYTES);
    expect(small!.code).not.toContain("allFunctionsCalledOnLoad");
  });

  it("leaves the server build alone", () => {
    const plugin = compileHints();
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: "client" })).toBe(true);
    expect(applies({ name: "ssr" })).toBe(false);
  });
});
