import { createHash } from "node:crypto";
import type { LucideIcon } from "lucide-react";
import { BookOpen, FlaskConical, MessageCircleHeart, ScanSearch, Sparkles, Tag } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { labelName, productKindOf, productShape, type ProductKind, type ShapeColours } from "./product-shapes.server";
import { fitText, type Typeface } from "./text-paths.server";

/**
 * Demo images generated at seed time, offline: packshots of products drawn in
 * their brand's colours with their name on a label (product-shapes.server.ts),
 * brand wordmarks and blog covers. Text is set as paths from a shipped font
 * and fitted to its box (text-paths.server.ts).
 */

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
const toWebp = (svg: string, quality = 75) => sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toBuffer();

// ---- colours -------------------------------------------------------------

type Hsl = { h: number; s: number; l: number };

function hexToHsl(hex: string): Hsl {
  const v = Number.parseInt(hex.replace("#", ""), 16);
  const [r, g, b] = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((x) => x / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: l * 100 };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { h: (h * 60 + 360) % 360, s: s * 100, l: l * 100 };
}

function hslToHex({ h, s, l }: Hsl): string {
  const sat = Math.min(100, Math.max(0, s)) / 100;
  const lig = Math.min(100, Math.max(0, l)) / 100;
  const k = (m: number) => (m + h / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (m: number) => lig - a * Math.max(-1, Math.min(k(m) - 3, Math.min(9 - k(m), 1)));
  return `#${[f(0), f(8), f(4)].map((x) => Math.round(x * 255).toString(16).padStart(2, "0")).join("")}`;
}

const tone = (c: Hsl, change: Partial<Hsl>): string => hslToHex({ ...c, ...change });

/** A brand's two colours: its products' body and their caps, accents and ink. */
export interface BrandPalette {
  primary: string;
  secondary: string;
}

/** The brand of a product image: its colours when known (the demo brands', app/seed/data/brands.ts), its category for the label's typeface. */
export interface ProductBrand {
  name: string;
  category?: string | null;
  colours?: BrandPalette;
}

/**
 * A brand's palette: its own colours when given, else one derived from its
 * name (a hash into pleasant ranges: a mid-light, fairly saturated body and a
 * darker cap of a neighbouring or opposite hue). Same name, same palette.
 */
export function brandPalette(brand: Pick<ProductBrand, "name" | "colours">): BrandPalette {
  if (brand.colours) return brand.colours;
  const h = createHash("sha1").update(brand.name.trim().toLowerCase()).digest();
  const hue = (h.readUInt16BE(0) * 360) / 65536;
  const primary = { h: hue, s: 42 + (h[2] % 28), l: 52 + (h[3] % 22) };
  const secondary = { h: (hue + (h[4] % 2 === 0 ? 30 + (h[5] % 30) : 150 + (h[5] % 60))) % 360, s: 35 + (h[6] % 25), l: 24 + (h[7] % 14) };
  return { primary: hslToHex(primary), secondary: hslToHex(secondary) };
}

/** The colours of a drawing, its label and its stage, from a palette. */
function shapeColours({ primary, secondary }: BrandPalette) {
  const p = hexToHsl(primary);
  const s = hexToHsl(secondary);
  // the brand's hue is that of its more colourful colour (a white bottle with a blue cap is blue)
  const brand = p.s >= s.s || s.l < 8 || s.l > 92 ? p : s;
  const grey = brand.s < 8;
  const shadeHue = grey ? 345 : brand.h;
  const colours: ShapeColours = {
    body: primary,
    bodyLight: tone(p, { l: Math.min(97, p.l + 14) }),
    bodyDark: tone(p, { l: Math.max(6, p.l - 16) }),
    cap: secondary,
    capDark: tone(s, { l: Math.max(5, s.l - 14) }),
    shade: hslToHex({ h: shadeHue, s: Math.max(grey ? 55 : brand.s, 50), l: Math.min(52, Math.max(34, brand.l)) }),
    card: tone(brand, { s: Math.min(brand.s, 30), l: 97 }),
    stage: tone(brand, { s: Math.min(brand.s, 30), l: 88 }),
  };
  return {
    ...colours,
    capLight: tone(s, { l: Math.min(95, s.l + 16) }),
    glass: tone(p, { s: Math.min(p.s, 40), l: Math.max(86, p.l) }),
    stageTop: tone(brand, { s: Math.min(brand.s, 35), l: 98 }),
    shadow: tone(brand, { s: Math.min(brand.s, 25), l: 22 }),
    edge: tone(p.l > 80 ? brand : p, { l: p.l > 80 ? 55 : Math.max(4, p.l - 28) }),
    // labels are light, their ink dark: readable on every brand
    label: p.l > 82 ? tone(brand, { s: Math.min(brand.s, 45), l: 93 }) : tone(brand, { s: Math.min(brand.s, 30), l: 98 }),
    ink: tone(s.s >= 12 ? s : p.s >= 12 ? p : s, { s: Math.min(Math.max(s.s, p.s), 45), l: 15 }),
    brandInk: tone(brand, { s: Math.min(brand.s, 65), l: Math.min(brand.l, 34) }),
    metal: brand.h > 180 && brand.h < 300 ? ["#f4f6f8", "#a9b0b8"] : ["#f3e4b8", "#b48c4e"],
  };
}

// ---- product images -------------------------------------------------------

/** A horizontal shading for rounded bodies: dark edge, highlight, tone, dark edge. */
const shading = (id: string, dark: string, light: string, base: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${dark}"/><stop offset="0.22" stop-color="${light}"/><stop offset="0.55" stop-color="${base}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;

const n = (v: number) => String(Math.round(v * 100) / 100);


/** The typeface of a product's name on its label, after its brand's category (as its wordmark). */
function labelTypeface(category: string | null | undefined): Typeface {
  return wordmarkTypeface(category ?? null);
}

/** A packshot's parts, for the tests: the kind, the palette, the label's box and the name set in it. */
export interface ProductLayout {
  kind: ProductKind;
  palette: BrandPalette;
  /** the label's box on the picture (pixels) */
  label: { x: number; y: number; width: number; height: number };
  /** the product's name as its label shows it, and its lines */
  name: string;
  lines: string[];
  /** the name's paths (in a group placing them on the label), to render alone */
  nameSvg: string;
  svg: string;
}

/**
 * A product packshot: the product type's shape (product-shapes.server.ts) in
 * its brand's colours, standing on a soft stage with its shadow, and a label
 * carrying the product's name (fitted, never cut) and its brand's name.
 */
export function productLayout({ title, brand, width, height }: { title: string; brand: ProductBrand | null; width: number; height: number }): ProductLayout {
  const kind = productKindOf(title);
  const shape = productShape(kind, title);
  // without a brand (a marketplace find), the colours come from the title
  const palette = brandPalette(brand ?? { name: title });
  const c = shapeColours(palette);
  const seed = createHash("sha1").update(title).digest()[0];

  // the product: as large as fits 64 % × 78 % of the picture, standing on the floor
  const floor = height * 0.89;
  const scale = Math.min((width * 0.64) / shape.w, (height * 0.78) / shape.h);
  const ox = (width - shape.w * scale) / 2;
  const oy = floor - shape.h * scale;
  const spot = shape.label;
  const label = { x: ox + spot.x * scale, y: oy + spot.y * scale, width: spot.w * scale, height: spot.h * scale };

  // the label's text, in a frame along its lines (turned a quarter for a vertical label)
  const frame = spot.vertical ? { w: label.height, h: label.width } : { w: label.width, h: label.height };
  const pad = Math.min(frame.w, frame.h) * 0.12;
  const inner = { x: pad, y: pad, width: frame.w - 2 * pad, height: frame.h - 2 * pad };
  const typeface = labelTypeface(brand?.category);
  const brandShare = brand ? (spot.vertical ? 0.32 : 0.26) : 0;
  const gap = brand ? inner.height * 0.06 : 0;
  const nameBox = { ...inner, height: inner.height * (1 - brandShare) - gap };
  const name = labelName(title);
  const fittedName = fitText(name, nameBox, {
    typeface,
    maxFontSize: Math.min(nameBox.height * 0.55, frame.w * 0.2),
    maxLines: spot.vertical ? 2 : 3,
    lineHeight: 1.08,
    uppercase: typeface === "condensed",
  });
  const fittedBrand = brand
    ? fitText(brand.name, { x: inner.x, y: inner.y + nameBox.height + gap, width: inner.width, height: inner.height * brandShare }, {
        typeface: typeface === "serif" ? "sans" : typeface,
        maxFontSize: Math.min(inner.height * brandShare, fittedName.fontSize * 0.7),
        uppercase: true,
      })
    : null;
  const place = spot.vertical
    ? `translate(${n(label.x)} ${n(label.y + label.height)}) rotate(-90)`
    : `translate(${n(label.x)} ${n(label.y)})`;
  const nameSvg = `<g transform="${place}"><path d="${fittedName.d}"/></g>`;

  const shadowRx = shape.w * scale * 0.56;
  const body = `<defs>
<radialGradient id="stage" cx="0.5" cy="0.4" r="0.75"><stop offset="0" stop-color="${c.stageTop}"/><stop offset="1" stop-color="${c.stage}"/></radialGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.shadow}" stop-opacity="0"/><stop offset="1" stop-color="${c.shadow}" stop-opacity="0.07"/></linearGradient>
${shading("body", c.bodyDark, c.bodyLight, c.body)}
${shading("cap", c.capDark, c.capLight, c.cap)}
${shading("metal", c.metal[1], c.metal[0], c.metal[0])}
${shading("wood", "#8a5a34", "#d9a873", "#b98152")}
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${c.glass}" stop-opacity="0.95"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0.8"/><stop offset="1" stop-color="${c.glass}" stop-opacity="0.95"/></linearGradient>
<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.bodyLight}"/><stop offset="1" stop-color="${c.cap}"/></linearGradient>
<linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7fbff"/><stop offset="1" stop-color="#c9d6e2"/></linearGradient>
<filter id="blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(height * 0.014)}"/></filter>
</defs>
<rect width="100%" height="100%" fill="url(#stage)"/>
<rect y="${n(height * 0.7)}" width="100%" height="${n(height * 0.3)}" fill="url(#floor)"/>
<ellipse cx="${n(width / 2)}" cy="${n(floor)}" rx="${n(shadowRx)}" ry="${n(height * 0.035)}" fill="${c.shadow}" fill-opacity="0.28" filter="url(#blur)"/>
<ellipse cx="${n(width / 2)}" cy="${n(floor)}" rx="${n(shadowRx * 0.78)}" ry="${n(height * 0.012)}" fill="${c.shadow}" fill-opacity="0.3"/>
<g transform="translate(${n(ox)} ${n(oy)}) scale(${n(scale)})" stroke="${c.edge}" stroke-opacity="0.35" stroke-width="${n(0.9)}">
${shape.draw(c, seed)}
<rect x="${spot.x}" y="${spot.y}" width="${spot.w}" height="${spot.h}" rx="${Math.min(spot.w, spot.h) * 0.08}" fill="${c.label}" stroke="${c.cap}" stroke-opacity="0.3"/>
</g>
<g fill="${c.ink}">${nameSvg}</g>
${fittedBrand ? `<g transform="${place}"><path d="${fittedBrand.d}" fill="${c.brandInk}"/></g>` : ""}`;
  return { kind, palette, label, name, lines: fittedName.lines, nameSvg, svg: svgDoc(width, height, body) };
}

/** A product packshot (productLayout) as a WebP. */
export async function renderProductImage(input: { title: string; brand: ProductBrand | null; width: number; height: number }): Promise<Buffer> {
  // gradients and small text: a little more quality than the flat drawings
  return toWebp(productLayout(input).svg, 80);
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
