import fs from "node:fs";
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

/** Every icon is compared with these; the full set of props on a fixed sample (the props' handling is the same for every icon). */
const EVERY_ICON: LucideIconProps[] = [PROPS[0], PROPS[1]];
/** The sample: every SAMPLE_STEP-th icon in name order, a fixed list whatever the machine. */
const SAMPLE_STEP = 40;

describe("our createLucideIcon", () => {
  it("draws every lucide-react icon exactly as lucide does, and for every prop the app or lucide's API uses on a fixed sample", async () => {
    // about 300 of them only re-export another icon under an older name
    const files = fs
      .readdirSync(ICONS_DIR)
      .filter((f) => f.endsWith(".mjs") && fs.readFileSync(path.join(ICONS_DIR, f), "utf8").includes("__iconData"))
      .sort();
    expect(files.length).toBeGreaterThan(1_000);
    let compared = 0;
    for (const [index, file] of files.entries()) {
      const mod = (await import(path.join(ICONS_DIR, file))) as { __iconData: Parameters<typeof createLucideIcon>[0]; default: ComponentType<LucideIconProps> };
      const ours = createLucideIcon(mod.__iconData);
      for (const props of index % SAMPLE_STEP === 0 ? PROPS : EVERY_ICON) {
        const theirs = renderToStaticMarkup(createElement(mod.default, props));
        expect(normalise(renderToStaticMarkup(createElement(ours, props))), `${file} ${JSON.stringify(props)}`).toBe(normalise(theirs));
        compared++;
      }
    }
    const sampled = Math.ceil(files.length / SAMPLE_STEP);
    expect(compared).toBe(files.length * EVERY_ICON.length + sampled * (PROPS.length - EVERY_ICON.length));
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
