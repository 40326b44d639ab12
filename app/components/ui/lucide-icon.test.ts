import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon, { type LucideIconProps } from "./lucide-icon";

// lucide-react's own icon modules (Node loads them as published: vitest does not run vite/lucide-icons.ts)
const ICONS_DIR = path.resolve(import.meta.dirname, "../../../node_modules/lucide-react/dist/esm/icons");

/** The props the app and the image generator pass, and lucide's other documented ones. */
const PROPS: LucideIconProps[] = [
  {},
  { className: "size-4 shrink-0 text-brand-600" },
  { className: "size-4  size-4 lucide" },
  { className: "" },
  { "aria-hidden": true, className: "size-5" },
  { "aria-label": "Fermer", className: "size-5" },
  { role: "img" },
  { size: 16, strokeWidth: 1.5 },
  { size: 24, color: "#be185d", strokeWidth: 1.5, absoluteStrokeWidth: false },
  { size: 48, strokeWidth: 2, absoluteStrokeWidth: true },
  { width: 20, height: 30, fill: "currentColor" },
  { nonScalingStroke: true, className: "size-6" },
  { children: createElement("title", null, "Titre") },
  { id: "icone", style: { color: "red" }, "data-testid": "x" } as LucideIconProps,
];

/** The markup with the svg's attributes sorted (React writes them in the order given; the order means nothing). */
function normalise(markup: string): string {
  const m = /^<svg([^>]*)>([\s\S]*)$/.exec(markup);
  if (!m) throw new Error(`not an svg: ${markup.slice(0, 80)}`);
  const attributes = [...m[1].matchAll(/\s([^\s=]+)="([^"]*)"/g)].map(([, k, v]) => `${k}="${v}"`).sort();
  return `<svg ${attributes.join(" ")}>${m[2]}`;
}

/** Every icon is drawn with these; the full set of props on a fixed sample (the props' handling is the same for every icon). */
const EVERY_ICON: LucideIconProps[] = [PROPS[0], PROPS[1]];
/** The sample: every SAMPLE_STEP-th icon in name order, a fixed list whatever the machine. */
const SAMPLE_STEP = 40;

/**
 * The digest of lucide's own markup for every icon and every EVERY_ICON props, at the
 * installed lucide-react version. Our markup for the same icons and props must hash to it.
 * Rendering lucide's ~2,000 components on each run took most of the test's time on a slow
 * core; the digest is written from lucide's markup only (`UPDATE_LUCIDE_DIGEST=1`), never from ours.
 */
const DIGEST_FILE = path.resolve(import.meta.dirname, "lucide-icon.digest.json");
interface Digest {
  lucideReact: string;
  icons: number;
  sha256: string;
}

type IconModule = { __iconData: Parameters<typeof createLucideIcon>[0]; default: ComponentType<LucideIconProps> };

/** lucide-react's icon modules, in name order. Loaded by Node's require (ESM modules, Node ≥ 22):
 * through Vitest's module runner, importing them one by one took four times as long. */
function iconModules(): { file: string; mod: IconModule }[] {
  const require = createRequire(import.meta.url);
  // about 300 of them only re-export another icon under an older name
  return fs
    .readdirSync(ICONS_DIR)
    .filter((f) => f.endsWith(".mjs") && fs.readFileSync(path.join(ICONS_DIR, f), "utf8").includes("__iconData"))
    .sort()
    .map((file) => ({ file, mod: require(path.join(ICONS_DIR, file)) as IconModule }));
}

const markup = (Icon: ComponentType<LucideIconProps>, props: LucideIconProps) => normalise(renderToStaticMarkup(createElement(Icon, props)));

/** One line per icon and props, in a fixed order, hashed. */
function digestOf(icons: { file: string; Icon: ComponentType<LucideIconProps> }[]): string {
  const hash = createHash("sha256");
  for (const { file, Icon } of icons) for (const props of EVERY_ICON) hash.update(`${file}\t${markup(Icon, props)}\n`);
  return hash.digest("hex");
}

describe("our createLucideIcon", () => {
  const modules = iconModules();
  const lucideVersion = (JSON.parse(fs.readFileSync(path.join(ICONS_DIR, "../../../package.json"), "utf8")) as { version: string }).version;

  it("draws the sampled lucide-react icons exactly as lucide does, for every prop the app or lucide's API uses", () => {
    expect(modules.length).toBeGreaterThan(1_000);
    let compared = 0;
    for (const [index, { file, mod }] of modules.entries()) {
      if (index % SAMPLE_STEP !== 0) continue;
      const ours = createLucideIcon(mod.__iconData);
      for (const props of PROPS) {
        expect(markup(ours, props), `${file} ${JSON.stringify(props)}`).toBe(markup(mod.default, props));
        compared++;
      }
    }
    expect(compared).toBe(Math.ceil(modules.length / SAMPLE_STEP) * PROPS.length);
  });

  it("draws every lucide-react icon as lucide does: our markup hashes to the digest of lucide's", () => {
    const ours = modules.map(({ file, mod }) => ({ file, Icon: createLucideIcon(mod.__iconData) }));
    if (process.env.UPDATE_LUCIDE_DIGEST) {
      const theirs: Digest = { lucideReact: lucideVersion, icons: modules.length, sha256: digestOf(modules.map(({ file, mod }) => ({ file, Icon: mod.default }))) };
      fs.writeFileSync(DIGEST_FILE, `${JSON.stringify(theirs, null, 2)}\n`);
    }
    const committed = JSON.parse(fs.readFileSync(DIGEST_FILE, "utf8")) as Digest;
    const digest = digestOf(ours);
    if (committed.lucideReact === lucideVersion && committed.icons === modules.length && committed.sha256 === digest) return;
    // a difference: name the first icon whose markup differs from lucide's (lucide rendered for each icon)
    for (const [index, { file, mod }] of modules.entries()) {
      for (const props of EVERY_ICON) expect(markup(ours[index].Icon, props), `${file} ${JSON.stringify(props)}`).toBe(markup(mod.default, props));
    }
    // every icon matches: the committed digest is not that of the installed lucide-react's markup
    expect.fail(`${path.basename(DIGEST_FILE)} holds lucide-react ${committed.lucideReact}'s digest (${committed.icons} icons), not that of ${lucideVersion} (${modules.length} icons): run UPDATE_LUCIDE_DIGEST=1 npx vitest run ${path.relative(process.cwd(), import.meta.filename)}`);
  });

  it("makes the drawing once: two renders share its elements, and a render makes none", () => {
    const Icon = createLucideIcon({ name: "heart", node: [["path", { d: "M2 9.5a5.5 5.5 0 0 1 9.591-3.676", key: "a" }], ["circle", { cx: 12, cy: 12, r: 3, key: "b" }]] });
    const first = Icon({ className: "size-4" }) as { props: { children: unknown[] } };
    const second = Icon({ "aria-label": "J'aime" }) as { props: { children: unknown[] } };
    expect(first.props.children[0]).toBe(second.props.children[0]);
    expect(renderToStaticMarkup(createElement(Icon, { className: "size-4" }))).toContain('class="lucide lucide-heart size-4"');
  });

  it("takes the (name, node, aliases) form of lucide's createLucideIcon", () => {
    const Icon = createLucideIcon("FlameKindling", [["path", { d: "M12 2c1 3 2.5 3.5 3.5 4.5", key: "k" }]], ["flame-wood"]);
    expect(renderToStaticMarkup(createElement(Icon))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" fill="none" stroke-linecap="round" stroke-linejoin="round" width="24" height="24" stroke="currentColor" stroke-width="2" class="lucide lucide-flame-kindling lucide-flame-wood" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2c1 3 2.5 3.5 3.5 4.5"></path></svg>',
    );
  });
});
