import { createHash } from "node:crypto";
import sharp from "sharp";

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Two colours derived from the text, so each placeholder looks distinct but stable. */
function palette(text: string): [string, string] {
  const h = createHash("sha1").update(text).digest();
  const hue = h[0] * 360 / 256;
  const hue2 = (hue + 30 + (h[1] % 60)) % 360;
  return [`hsl(${hue.toFixed(0)},70%,45%)`, `hsl(${hue2.toFixed(0)},75%,65%)`];
}

/**
 * A locally generated placeholder image (WebP): a gradient with a short
 * label (e.g. a brand's initials). No network, no external fonts.
 */
export async function renderPlaceholder({
  text,
  width,
  height,
  subtitle,
}: {
  text: string;
  width: number;
  height: number;
  subtitle?: string;
}): Promise<Buffer> {
  const [c1, c2] = palette(text + (subtitle ?? ""));
  const size = Math.round(Math.min(width, height) * (text.length <= 3 ? 0.38 : 0.16));
  const sub = subtitle
    ? `<text x="50%" y="${Math.round(height * 0.78)}" font-family="sans-serif" font-size="${Math.round(size * 0.35)}" fill="#ffffff" fill-opacity="0.9" text-anchor="middle">${escapeXml(subtitle)}</text>`
    : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<text x="50%" y="${subtitle ? "48%" : "50%"}" dominant-baseline="middle" font-family="sans-serif" font-weight="800" font-size="${size}" fill="#ffffff" text-anchor="middle">${escapeXml(text)}</text>
${sub}</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
}

const STOP_WORDS = new Set(["en", "de", "du", "des", "et", "of", "the"]);

/** Brand initials: "La Roche-Posay" → "LR", "Kiehl's" → "KI", "L'Occitane en Provence" → "OP". */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s-]+/)
    .map((w) => w.replace(/^\p{L}['’]/u, "").replace(/['’].*$/u, "").replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((w) => w && !STOP_WORDS.has(w.toLowerCase()));
  const letters = words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}
