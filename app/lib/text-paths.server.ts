import { createRequire } from "node:module";
import * as fontkit from "fontkit";

/**
 * Text for generated images, set as SVG paths from fonts shipped in npm
 * packages (@fontsource): no system font, no network, and the width of every
 * line is measured from the font's own advances, so text is fitted to its box
 * (smaller size, more lines) instead of being cut.
 */
export type Typeface = "sans" | "serif" | "condensed";

const FONT_FILES: Record<Typeface, string> = {
  sans: "@fontsource/plus-jakarta-sans/files/plus-jakarta-sans-latin-800-normal.woff2",
  serif: "@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2",
  condensed: "@fontsource/oswald/files/oswald-latin-600-normal.woff2",
};

const require = createRequire(import.meta.url);
const fonts = new Map<Typeface, fontkit.Font>();

function fontOf(typeface: Typeface): fontkit.Font {
  let font = fonts.get(typeface);
  if (!font) {
    font = fontkit.openSync(require.resolve(FONT_FILES[typeface])) as fontkit.Font;
    fonts.set(typeface, font);
  }
  return font;
}

const widths = new WeakMap<fontkit.Font, Map<string, number>>();

/** Width of a line at font size 1 (em); remembered: fitting a text measures the same lines again and again. */
function lineWidthEm(font: fontkit.Font, text: string): number {
  let known = widths.get(font);
  if (!known) widths.set(font, (known = new Map()));
  let width = known.get(text);
  if (width === undefined) {
    const run = font.layout(text);
    width = run.positions.reduce((sum, p) => sum + p.xAdvance, 0) / font.unitsPerEm;
    known.set(text, width);
  }
  return width;
}

/** Words and the parts of hyphenated words ("Roche-", "Posay"), each knowing whether a space precedes it. */
type Token = { text: string; space: boolean };
const tokenize = (text: string): Token[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => word.split(/(?<=-)(?=[^-])/).map((text, i) => ({ text, space: i === 0 })));
const joinTokens = (tokens: Token[]) => tokens.map((t, i) => (i > 0 && t.space ? ` ${t.text}` : t.text)).join("");

/** Every way to set the tokens on 1..maxLines lines, keeping their order (a line breaks at a space or after a hyphen). */
function lineBreaks(tokens: Token[], maxLines: number): string[][] {
  const out: string[][] = [[joinTokens(tokens)]];
  if (maxLines < 2 || tokens.length < 2) return out;
  for (let cut = 1; cut < tokens.length; cut++) {
    const head = joinTokens(tokens.slice(0, cut));
    for (const rest of lineBreaks(tokens.slice(cut), maxLines - 1)) out.push([head, ...rest]);
  }
  return out;
}

export interface FittedText {
  /** SVG path data of all the lines, in the box's coordinates */
  d: string;
  lines: string[];
  fontSize: number;
  /** the ink's extent, for the callers that place things beside it */
  width: number;
  height: number;
}

/**
 * Fit `text` in a box (x, y, width, height): the largest size up to
 * `maxFontSize` at which some split into at most `maxLines` lines fits both
 * ways. Lines are centred (or left-aligned) horizontally and the block
 * centred (or top-aligned) vertically.
 */
export function fitText(
  text: string,
  box: { x: number; y: number; width: number; height: number },
  options: { typeface: Typeface; maxFontSize: number; maxLines?: number; lineHeight?: number; align?: "center" | "left"; valign?: "middle" | "top"; uppercase?: boolean },
): FittedText {
  const font = fontOf(options.typeface);
  const lineHeight = options.lineHeight ?? 1.15;
  const content = options.uppercase ? text.toLocaleUpperCase("fr-FR") : text;
  const tokens = tokenize(content);
  // the ink of a line spans ascent..descent; a line box of lineHeight em holds it
  const inkEm = (font.ascent - font.descent) / font.unitsPerEm;
  // the largest size wins; at (nearly) equal sizes, fewer lines, then the most even ones
  let best: { lines: string[]; size: number; ragged: number } | null = null;
  for (const lines of lineBreaks(tokens, options.maxLines ?? 1)) {
    const widths = lines.map((l) => lineWidthEm(font, l));
    const widest = Math.max(...widths);
    const tall = (lines.length - 1) * lineHeight + inkEm;
    // a small safety margin: side bearings can put ink slightly outside the advance
    const size = Math.min(options.maxFontSize, (box.width * 0.96) / widest, box.height / tall);
    const ragged = widest - Math.min(...widths);
    const better =
      !best ||
      size > best.size * 1.01 ||
      (size > best.size * 0.99 && (lines.length < best.lines.length || (lines.length === best.lines.length && ragged < best.ragged)));
    if (better) best = { lines, size, ragged };
  }
  const { lines, size } = best ?? { lines: [""], size: options.maxFontSize };
  const scale = size / font.unitsPerEm;
  const blockHeight = ((lines.length - 1) * lineHeight + inkEm) * size;
  const top = options.valign === "top" ? box.y : box.y + (box.height - blockHeight) / 2;
  const parts: string[] = [];
  let widest = 0;
  lines.forEach((line, i) => {
    const run = font.layout(line);
    const width = (run.positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale);
    widest = Math.max(widest, width);
    const left = options.align === "left" ? box.x : box.x + (box.width - width) / 2;
    const baseline = top + (font.ascent * scale) + i * lineHeight * size;
    let pen = 0;
    run.glyphs.forEach((glyph, g) => {
      const p = run.positions[g];
      const path = glyph.path.scale(scale, -scale).translate(left + (pen + p.xOffset) * scale, baseline - p.yOffset * scale);
      parts.push(path.toSVG());
      pen += p.xAdvance;
    });
  });
  return { d: parts.join(" "), lines, fontSize: size, width: widest, height: blockHeight };
}
