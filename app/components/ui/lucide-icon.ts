import { createElement, type ReactElement, type ReactNode, type Ref, type SVGProps } from "react";

/**
 * How lucide-react's icons are made, built once per icon instead of once per
 * render (ADR 026, amendment of session 20). `vite/lucide-icons.ts` makes
 * every `lucide-react/dist/esm/icons/*.mjs` import this module in place of
 * lucide's own `createLucideIcon.mjs`, so the app keeps importing its icons
 * from "lucide-react" and each icon stays its own module (its own chunk).
 *
 * lucide's component is a forwardRef around a forwardRef that, on every render,
 * reads a context, rebuilds the SVG's attributes through a dozen object
 * spreads, merges the classes through a Set and creates the drawing's elements
 * again. Here the class list and the drawing's elements (React elements are
 * immutable, so they can be reused) are made when the icon module loads, and a
 * render makes one object. The markup is lucide's, attribute for attribute
 * (`lucide-icon.test.ts` compares all of lucide-react's drawings); `LucideProvider`
 * is not read (the app sets no icon defaults).
 */

type Attributes = Record<string, string | number>;
type IconNode = ReadonlyArray<readonly [string, Attributes]>;

/** What a lucide-react icon module passes (`__iconData`), or the (name, node, aliases) form. */
interface IconData {
  name?: string;
  size?: number;
  width?: number;
  height?: number;
  node: IconNode;
  aliases?: ReadonlyArray<string | { name: string }>;
}

export type LucideIconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  ref?: Ref<SVGSVGElement>;
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
};

const DEFAULTS = {
  xmlns: "http://www.w3.org/2000/svg",
  fill: "none",
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/** Any of the props that make lucide leave out aria-hidden: an aria-* attribute, a role or a title. */
function labelled(props: Record<string, unknown>): boolean {
  for (const key in props) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null) return true;
  }
  return false;
}

/** The class attribute as lucide writes it: its own classes first, then the caller's, each once. */
function mergeClasses(own: string, extra: string | undefined): string {
  if (!extra) return own;
  const tokens = new Set(own.split(" "));
  for (const token of extra.split(/\s+/)) if (token) tokens.add(token);
  return [...tokens].join(" ");
}

function drawing(node: IconNode, nonScalingStroke: boolean): ReactElement[] {
  return node.map(([tag, attrs], i) => createElement(tag, nonScalingStroke ? { key: i, vectorEffect: "non-scaling-stroke", ...attrs } : { key: i, ...attrs }));
}

export default function createLucideIcon(dataOrName: IconData | string, iconNode: IconNode = [], aliases: string[] = []) {
  const data: IconData = typeof dataOrName === "string" ? { name: kebab(dataOrName), size: 24, node: iconNode, aliases } : dataOrName;
  const viewWidth = data.size ?? data.width ?? 24;
  const viewHeight = data.size ?? data.height ?? 24;
  const viewBox = `0 0 ${viewWidth} ${viewHeight}`;
  const aliasNames = (data.aliases ?? []).filter((a): a is string => typeof a === "string" && a.trim() !== "");
  const classes = mergeClasses("lucide", [data.name, ...aliasNames].filter(Boolean).map((n) => `lucide-${n}`).join(" "));
  const plain = drawing(data.node, false);
  let nonScaling: ReactElement[] | undefined;

  function LucideIcon({ color, size, width, height, strokeWidth, absoluteStrokeWidth, nonScalingStroke, className, children, ...rest }: LucideIconProps): ReactNode {
    const shown = width ?? size ?? 24;
    const stroke = strokeWidth ?? 2;
    const svgProps: Record<string, unknown> = {
      ...DEFAULTS,
      width: shown,
      height: height ?? size ?? 24,
      stroke: color || "currentColor",
      strokeWidth: absoluteStrokeWidth ? (Number(stroke) * Number(viewWidth)) / Number(shown) : stroke,
      className: mergeClasses(classes, className),
      viewBox,
    };
    if (!children && !labelled(rest)) svgProps["aria-hidden"] = "true";
    Object.assign(svgProps, rest);
    const paths = nonScalingStroke ? (nonScaling ??= drawing(data.node, true)) : plain;
    return createElement("svg", svgProps, paths, children);
  }
  if (data.name) LucideIcon.displayName = data.name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  return LucideIcon;
}
