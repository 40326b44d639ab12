import { createHash } from "node:crypto";
import type { LucideIcon } from "lucide-react";
import {
  BookOpen,
  Brush,
  Cat,
  Droplet,
  Droplets,
  Dumbbell,
  FlaskConical,
  Gem,
  Handbag,
  HandHeart,
  MessageCircleHeart,
  MirrorRound,
  Paintbrush,
  Palette,
  PerfumeBottle,
  Pipette,
  Ribbon,
  ScanFace,
  ScanSearch,
  Shirt,
  ShoppingBag,
  SoapDispenserDroplet,
  Sparkles,
  SportShoe,
  Tag,
  Wand,
} from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { fitText, type Typeface } from "./text-paths.server";

/**
 * Demo images generated at seed time, offline: product illustrations drawn
 * from the lucide icon set, brand wordmarks and blog covers whose text is set
 * as paths from a shipped font and fitted to its box (text-paths.server.ts).
 */

/** A product type, and the words of a title that name it (accents removed, lower case). */
const PRODUCT_KINDS = {
  "cleansing-brush": { icon: Brush, words: ["brosse"] },
  "makeup-brushes": { icon: Paintbrush, words: ["pinceau"] },
  palette: { icon: Palette, words: ["palette", "fards"] },
  "face-roller": { icon: Gem, words: ["rouleau", "gua sha", "jade"] },
  "sheet-mask": { icon: ScanFace, words: ["masques en tissu", "masque en tissu", "masque visage"] },
  "hair-mask": { icon: SoapDispenserDroplet, words: ["masque"] },
  mirror: { icon: MirrorRound, words: ["miroir"] },
  headband: { icon: Cat, words: ["bandeau"] },
  diffuser: { icon: Droplets, words: ["diffuseur"] },
  "hair-clip": { icon: Ribbon, words: ["pince", "barrette", "chouchou"] },
  "belt-bag": { icon: Handbag, words: ["sac", "pochette", "trousse"] },
  "nail-polish": { icon: HandHeart, words: ["vernis", "ongle", "manucure"] },
  serum: { icon: Pipette, words: ["serum"] },
  oil: { icon: Droplet, words: ["huile"] },
  perfume: { icon: PerfumeBottle, words: ["parfum", "eau de toilette"] },
  mascara: { icon: Wand, words: ["mascara"] },
  sneaker: { icon: SportShoe, words: ["basket", "sneaker", "chaussure", "running shoe"] },
  sportswear: { icon: Dumbbell, words: ["legging", "brassiere", "sport"] },
  knitwear: { icon: Shirt, words: ["pull", "t-shirt", "chemise", "robe", "gilet"] },
} as const satisfies Record<string, { icon: LucideIcon; words: readonly string[] }>;

export type ProductKind = keyof typeof PRODUCT_KINDS | "other";

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The product type a title names (first match in PRODUCT_KINDS' order), or "other". */
export function productKindOf(title: string): ProductKind {
  const text = ` ${fold(title)} `;
  for (const [kind, { words }] of Object.entries(PRODUCT_KINDS)) {
    if (words.some((w) => new RegExp(`[^\\p{L}]${w}`, "u").test(text))) return kind as ProductKind;
  }
  return "other";
}

/** The icon drawn for a product type. */
export function productIcon(kind: ProductKind): LucideIcon {
  return kind === "other" ? ShoppingBag : PRODUCT_KINDS[kind].icon;
}

const BLOG_ICONS: Record<string, LucideIcon> = {
  Décryptage: ScanSearch,
  "Bons plans": Tag,
  Science: FlaskConical,
  Témoignage: MessageCircleHeart,
  Conseils: Sparkles,
  Guides: BookOpen,
};

/** A soft, stable colour scheme derived from a text: background tint, accent and ink. */
function scheme(text: string) {
  const h = createHash("sha1").update(text).digest();
  const hue = Math.round((h[0] * 360) / 256);
  return {
    light: `hsl(${hue},70%,96%)`,
    soft: `hsl(${(hue + 25) % 360},65%,88%)`,
    accent: `hsl(${hue},55%,42%)`,
    ink: `hsl(${hue},45%,18%)`,
  };
}

/** An icon as an SVG group at (x, y), `size` pixels wide. */
function iconSvg(icon: LucideIcon, x: number, y: number, size: number, color: string, strokeWidth = 1.5) {
  const markup = renderToStaticMarkup(createElement(icon, { size: 24, color, strokeWidth, absoluteStrokeWidth: false }));
  return `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${(size / 24).toFixed(4)})">${markup}</g>`;
}

/** An SVG drawn on a width × height canvas, rasterised at `outputWidth` (default: the canvas) by scaling the vectors. */
const svgDoc = (width: number, height: number, body: string, outputWidth = width) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${outputWidth}" height="${Math.round((height * outputWidth) / width)}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

// flat drawings: quality 75 keeps edges clean at a third less weight than 82
const toWebp = (svg: string) => sharp(Buffer.from(svg)).webp({ quality: 75, effort: 6 }).toBuffer();

/** A product illustration: the product type's drawing on a soft "stage", no text. */
export async function renderProductImage({ title, width, height }: { title: string; width: number; height: number }): Promise<Buffer> {
  const c = scheme(title);
  const icon = productIcon(productKindOf(title));
  const r = Math.min(width, height) * 0.36;
  const cx = width / 2;
  const cy = height / 2;
  const iconSize = r * 1.25;
  const sparkle = Math.min(width, height) * 0.14;
  const body = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.light}"/><stop offset="1" stop-color="${c.soft}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<ellipse cx="${cx}" cy="${cy + r * 0.98}" rx="${r * 0.9}" ry="${r * 0.12}" fill="${c.ink}" fill-opacity="0.08"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.85"/>
${iconSvg(icon, cx - iconSize / 2, cy - iconSize / 2, iconSize, c.accent, 1.4)}
${iconSvg(Sparkles, cx + r * 0.72, cy - r * 1.05, sparkle, c.accent, 1.6)}`;
  return toWebp(svgDoc(width, height, body));
}

/** The typeface that suits a brand's category in its wordmark. */
function wordmarkTypeface(category: string | null): Typeface {
  if (category === "Mode" || category === "Parfum") return "serif";
  if (category === "Sport") return "condensed";
  return "sans";
}

/** Padding kept free of ink around a wordmark, as a share of the side. */
export const WORDMARK_PADDING = 0.09;

/** A brand wordmark: the name in a fitting typeface, fitted (up to two lines) to a square, never clipped. */
export async function renderWordmark({ name, category, size }: { name: string; category: string | null; size: number }): Promise<Buffer> {
  const c = scheme(name);
  const typeface = wordmarkTypeface(category);
  const pad = size * WORDMARK_PADDING;
  const text = fitText(name, { x: pad, y: pad, width: size - 2 * pad, height: size - 2 * pad }, {
    typeface,
    maxFontSize: size * 0.3,
    maxLines: 2,
    lineHeight: typeface === "condensed" ? 1.05 : 1.1,
    uppercase: typeface === "condensed",
  });
  const body = `<rect width="100%" height="100%" fill="${c.light}"/><path d="${text.d}" fill="${c.ink}"/>`;
  return toWebp(svgDoc(size, size, body));
}

/**
 * A blog cover: category label, title (fitted, up to four lines), the category's drawing and the site name,
 * laid out on a width × height canvas and rasterised at `outputWidth` (a card shows it about 400 px wide:
 * 800 px serves sharp screens without the weight of the full canvas).
 */
export async function renderBlogCover({
  title,
  category,
  siteName,
  width,
  height,
  outputWidth = width,
}: {
  title: string;
  category: string;
  siteName: string;
  width: number;
  height: number;
  outputWidth?: number;
}): Promise<Buffer> {
  const c = scheme(category);
  const pad = Math.round(width * 0.06);
  const artSize = Math.round(height * 0.62);
  const textWidth = width - pad * 3 - artSize;
  const label = fitText(category, { x: pad + 22, y: pad + 12, width: textWidth - 44, height: 34 }, { typeface: "sans", maxFontSize: 30, align: "left", uppercase: true });
  const title_ = fitText(title, { x: pad, y: pad + 90, width: textWidth, height: height - pad * 2 - 90 - 70 }, {
    typeface: "serif",
    maxFontSize: 76,
    maxLines: 4,
    lineHeight: 1.12,
    align: "left",
    valign: "top",
  });
  const site = fitText(siteName, { x: pad, y: height - pad - 34, width: textWidth, height: 34 }, { typeface: "sans", maxFontSize: 30, align: "left" });
  const artX = width - pad - artSize;
  const artY = (height - artSize) / 2;
  const body = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.light}"/><stop offset="1" stop-color="${c.soft}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<rect x="${pad}" y="${pad}" width="${Math.round(label.width + 44)}" height="58" rx="29" fill="${c.accent}"/>
<path d="${label.d}" fill="#ffffff"/>
<path d="${title_.d}" fill="${c.ink}"/>
<path d="${site.d}" fill="${c.accent}"/>
<circle cx="${artX + artSize / 2}" cy="${artY + artSize / 2}" r="${artSize / 2}" fill="#ffffff" fill-opacity="0.85"/>
${iconSvg(BLOG_ICONS[category] ?? Sparkles, artX + artSize * 0.2, artY + artSize * 0.2, artSize * 0.6, c.accent, 1.3)}`;
  return toWebp(svgDoc(width, height, body, outputWidth));
}
