import fs from "node:fs";
import path from "node:path";
import { build, type Plugin, type Rollup } from "vite";
import { describe, expect, it } from "vitest";
import viteConfig from "../vite.config";
import { LUCIDE_FACTORY, lucideIcons, OUR_FACTORY } from "./lucide-icons";

const ICONS_DIR = path.resolve(import.meta.dirname, "../node_modules/lucide-react/dist/esm/icons");
const resolve = (source: string, importer?: string) => (lucideIcons().resolveId as (s: string, i?: string) => string | null)(source, importer);

describe("lucideIcons()", () => {
  it("gives lucide-react's icon modules our factory, and nothing else", () => {
    expect(fs.existsSync(OUR_FACTORY)).toBe(true);
    expect(resolve(LUCIDE_FACTORY, path.join(ICONS_DIR, "heart.mjs"))).toBe(OUR_FACTORY);
    expect(resolve(LUCIDE_FACTORY, "C:\\app\\node_modules\\lucide-react\\dist\\esm\\icons\\heart.mjs")).toBe(OUR_FACTORY);
    expect(resolve("./createLucideIcon.mjs", path.resolve(ICONS_DIR, "../lucide-react.mjs"))).toBeNull();
    expect(resolve(LUCIDE_FACTORY, "/work/app/components/icons/heart.mjs")).toBeNull();
    expect(resolve("react", path.join(ICONS_DIR, "heart.mjs"))).toBeNull();
    expect(resolve(LUCIDE_FACTORY, undefined)).toBeNull();
  });

  it("covers every icon of the installed lucide-react: each one that makes a component imports the factory by that path", () => {
    const makers = fs.readdirSync(ICONS_DIR).filter((f) => f.endsWith(".mjs")).map((f) => fs.readFileSync(path.join(ICONS_DIR, f), "utf8")).filter((src) => src.includes("createLucideIcon("));
    expect(makers.length).toBeGreaterThan(1_000);
    for (const src of makers) expect(src).toContain(`import createLucideIcon from '${LUCIDE_FACTORY}';`);
  });

  it("is in the app's Vite config, with lucide-react bundled on the server", () => {
    const names = ((viteConfig.plugins ?? []) as unknown[]).flat(3).map((p) => (p as Plugin | null)?.name);
    expect(names[0]).toBe("crevarde:lucide-icons");
    expect(viteConfig.ssr?.noExternal).toEqual(expect.arrayContaining(["lucide-react"]));
  });

  it("makes a server bundle whose icons come from our factory, not lucide's", async () => {
    // an entry that exists only in this build, resolved from the project's root
    const entry: Plugin = {
      name: "entry",
      resolveId: (id) => (id === "icons-entry" ? "\0icons-entry" : null),
      load: (id) => (id === "\0icons-entry" ? 'export { Heart, Copy } from "lucide-react";' : null),
    };
    const bundle = (await build({
      configFile: false,
      logLevel: "silent",
      root: path.resolve(import.meta.dirname, ".."),
      plugins: [entry, lucideIcons()],
      ssr: { noExternal: ["lucide-react"] },
      build: { ssr: true, write: false, minify: false, rollupOptions: { input: "icons-entry", external: ["react"] } },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const code = (Array.isArray(bundle) ? bundle : [bundle]).flatMap((b) => b.output).map((o) => (o.type === "chunk" ? o.code : "")).join("\n");
    expect(code).toContain("function LucideIcon(");
    expect(code).not.toContain("buildLucideIconNode");
    expect(code).not.toContain("forwardRef");
  });
});
