/**
 * The products of the demo images, drawn as SVG: each product type has a
 * shape (a pipette bottle, a tube, a palette, a sneaker on its box…) on a
 * local canvas of its own size, painted with a brand's colours and carrying a
 * label, whose place the shape gives. images.server.ts scales the shape onto
 * the picture and sets the product's name on the label.
 */

/** The colours a shape is painted with (hex), derived from a brand's palette by images.server.ts. */
export interface ShapeColours {
  body: string;
  bodyLight: string;
  bodyDark: string;
  cap: string;
  capDark: string;
  /** a saturated tone of the brand (lipstick, polish, pans of a palette) */
  shade: string;
  /** the backing card of accessories */
  card: string;
  /** the stage, behind the product */
  stage: string;
}

/** Where the label sits on a shape, in the shape's units; `vertical`: its text runs bottom to top. */
interface LabelSpot {
  x: number;
  y: number;
  w: number;
  h: number;
  vertical?: boolean;
}

interface Shape {
  w: number;
  h: number;
  label: LabelSpot;
  /** SVG in the shape's units; gradients: url(#body), url(#cap), url(#glass), url(#metal), url(#wood), url(#screen), url(#mirror) */
  draw: (c: ShapeColours, seed: number) => string;
}

/** A product type, and the words of a title that name it (accents removed, lower case), first match wins. */
const KIND_WORDS = {
  "sheet-mask": ["masques en tissu", "masque en tissu", "masque tissu", "sheet mask", "patch"],
  lipstick: ["rouge a levres", "rouge a levre", "rouge levres", "lipstick", "gloss", "baume a levres", "encre a levres"],
  mascara: ["mascara", "eyeliner"],
  "nail-polish": ["vernis", "ongle", "manucure"],
  palette: ["palette", "fard", "blush", "poudre", "enlumineur", "highlighter"],
  "cleansing-brush": ["brosse"],
  brush: ["pinceau"],
  "face-roller": ["rouleau", "gua sha", "jade"],
  mirror: ["miroir"],
  headband: ["bandeau", "serre-tete"],
  "hair-clip": ["pince", "barrette", "chouchou", "griffe"],
  diffuser: ["diffuseur"],
  bag: ["sac", "pochette", "trousse", "banane", "cabas"],
  phone: ["telephone", "smartphone", "iphone", "ecouteur", "tablette", "montre connectee", "coque"],
  sneaker: ["basket", "sneaker", "chaussure", "running", "tennis", "trail"],
  legging: ["legging", "pantalon", "jean", "jogging", "short", "collant", "cycliste"],
  dress: ["robe", "jupe"],
  top: ["t-shirt", "tee-shirt", "pull", "sweat", "chemise", "gilet", "veste", "brassiere", "top", "debardeur", "hoodie", "maillot"],
  perfume: ["parfum", "eau de toilette", "cologne"],
  serum: ["serum", "pipette", "booster", "concentre", "ampoule"],
  oil: ["huile"],
  bottle: ["shampo", "apres-shampo", "lotion", "micellaire", "tonique", "lait", "demaquillant", "gel douche", "deodorant", "brume", "eau thermale", "spray"],
  jar: ["masque", "pot", "beurre", "gommage", "gelee", "cire"],
  tube: ["creme", "gel", "baume", "dentifrice", "ecran", "solaire", "spf", "fluide", "mousse"],
  box: ["coffret", "kit", "lot", "set", "calendrier", "routine", "duo", "trio"],
} as const satisfies Record<string, readonly string[]>;

/** A product type; "package" (a carton) when the title names none. */
export type ProductKind = keyof typeof KIND_WORDS | "package";

/** Accents removed, lower case. */
const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The product type a title names (the first in KIND_WORDS' order whose word starts a word of the title), or "package". */
export function productKindOf(title: string): ProductKind {
  const text = ` ${fold(title)} `;
  for (const [kind, words] of Object.entries(KIND_WORDS)) {
    if (words.some((w) => new RegExp(`[^\\p{L}]${w}`, "u").test(text))) return kind as ProductKind;
  }
  return "package";
}

const LONG_SLEEVES = /(^|[^\p{L}])(pull|sweat|gilet|veste|chemise|hoodie)/u;

// helpers: numbers rounded to keep the SVG short
const n = (v: number) => String(Math.round(v * 100) / 100);
const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(rx)}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const path = (d: string, fill: string, extra = "") => `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
const shine = (x: number, y: number, w: number, h: number) => rect(x, y, w, h, w / 2, "#ffffff", 'fill-opacity="0.35" stroke="none"');
const NO_STROKE = 'stroke="none"';

/** An accessory on its retail card: the card, its hang hole, and the item. */
const card = (w: number, h: number, c: ShapeColours, item: string) =>
  `${rect(0, 0, w, h, 8, c.card)}${rect(w / 2 - 12, 8, 24, 7, 3.5, c.stage)}${item}`;

/** Pan colours of a palette: nudes and a few tones of the brand, in a fixed order. */
function pans(c: ShapeColours, count: number, seed: number): string[] {
  const nudes = ["#f3d9c6", "#e8bfa2", "#d9a07f", "#c48466", "#a8694f", "#7e4b38", "#f0c9b8", "#deb0a0", "#b98572", "#5f3a2c"];
  return Array.from({ length: count }, (_, i) => ((i + seed) % 5 === 4 ? c.shade : nudes[(i * 7 + seed) % nudes.length]));
}

const SHAPES: Record<ProductKind, Shape | ((title: string) => Shape)> = {
  serum: {
    w: 80,
    h: 150,
    label: { x: 10, y: 80, w: 60, h: 60 },
    draw: (c) =>
      rect(30, 0, 20, 46, 10, c.capDark) +
      rect(22, 40, 36, 20, 3, "url(#cap)") +
      path("M6 150 Q2 150 2 144 V76 Q2 60 18 58 H62 Q78 60 78 76 V144 Q78 150 74 150 Z", "url(#body)") +
      shine(5, 68, 4, 74),
  },
  perfume: {
    w: 110,
    h: 150,
    label: { x: 22, y: 76, w: 66, h: 54 },
    draw: () =>
      rect(30, 0, 50, 36, 6, "url(#cap)") +
      rect(42, 34, 26, 12, 1, "url(#metal)") +
      rect(0, 44, 110, 106, 18, "url(#glass)") +
      rect(8, 60, 94, 82, 12, "url(#body)", NO_STROKE) +
      shine(7, 54, 7, 86),
  },
  oil: {
    w: 80,
    h: 164,
    label: { x: 12, y: 88, w: 56, h: 60 },
    draw: (c) =>
      rect(32, 2, 16, 10, 3, c.capDark) +
      rect(19, 15, 11, 6, 2, c.capDark) +
      rect(28, 10, 24, 26, 4, "url(#cap)") +
      path("M14 164 Q4 164 4 154 V72 Q4 50 30 44 V34 H50 V44 Q76 50 76 72 V154 Q76 164 66 164 Z", "url(#glass)") +
      rect(9, 70, 62, 88, 9, "url(#body)", NO_STROKE) +
      shine(8, 56, 4, 94),
  },
  bottle: {
    w: 72,
    h: 164,
    label: { x: 10, y: 56, w: 52, h: 82 },
    draw: (c) => rect(16, 0, 40, 30, 6, "url(#cap)") + rect(16, 9, 40, 2, 1, c.capDark, NO_STROKE) + rect(2, 26, 68, 138, 16, "url(#body)") + shine(7, 40, 5, 110),
  },
  tube: {
    w: 76,
    h: 168,
    label: { x: 12, y: 30, w: 52, h: 78 },
    draw: (c) =>
      rect(0, 0, 76, 11, 2, c.bodyDark) +
      path("M1 9 H75 L66 132 Q64 140 56 140 H20 Q12 140 10 132 Z", "url(#body)") +
      rect(18, 138, 40, 30, 4, "url(#cap)") +
      shine(6, 16, 4, 100),
  },
  jar: {
    w: 140,
    h: 108,
    label: { x: 20, y: 44, w: 100, h: 54 },
    draw: (c) =>
      rect(6, 30, 128, 78, 14, "url(#body)") +
      rect(2, 0, 136, 34, 7, "url(#cap)") +
      Array.from({ length: 15 }, (_, i) => rect(10 + i * 8.5, 4, 1.5, 26, 0.75, c.capDark, 'fill-opacity="0.35" stroke="none"')).join("") +
      shine(12, 40, 5, 56),
  },
  "sheet-mask": {
    w: 104,
    h: 150,
    label: { x: 12, y: 34, w: 80, h: 84 },
    draw: (c) =>
      rect(0, 0, 104, 150, 6, "url(#body)") +
      rect(0, 0, 104, 13, 3, c.bodyDark, 'fill-opacity="0.55"') +
      rect(0, 137, 104, 13, 3, c.bodyDark, 'fill-opacity="0.55"') +
      path("M104 18 L97 22 L104 26 Z", c.stage, NO_STROKE) +
      rect(18, 124, 68, 6, 3, c.cap, NO_STROKE),
  },
  lipstick: {
    w: 84,
    h: 150,
    label: { x: 8, y: 75, w: 24, h: 68, vertical: true },
    draw: (c) =>
      rect(46, 58, 36, 92, 4, "url(#cap)") +
      path("M10 52 V24 Q10 10 30 2 V52 Z", c.shade) +
      rect(6, 48, 28, 22, 2, "url(#metal)") +
      rect(2, 68, 36, 82, 4, "url(#body)") +
      shine(50, 66, 4, 76),
  },
  mascara: {
    w: 80,
    h: 160,
    label: { x: 7, y: 54, w: 24, h: 98, vertical: true },
    draw: () =>
      rect(10, 30, 18, 12, 2, "url(#metal)") +
      rect(2, 40, 34, 120, 10, "url(#body)") +
      rect(59, 70, 4, 46, 1, "#8a8a8a") +
      rect(54, 108, 14, 44, 7, "#2a2626") +
      Array.from({ length: 9 }, (_, i) => rect(52, 111 + i * 4.4, 18, 1.4, 0.7, "#2a2626", NO_STROKE)).join("") +
      rect(46, 0, 30, 74, 8, "url(#cap)") +
      shine(50, 6, 4, 60),
  },
  "nail-polish": {
    w: 86,
    h: 120,
    label: { x: 13, y: 68, w: 60, h: 40 },
    draw: (c) => rect(28, 0, 30, 54, 4, "url(#cap)") + rect(2, 50, 82, 70, 16, "url(#glass)") + rect(8, 58, 70, 56, 11, c.shade, NO_STROKE) + shine(6, 58, 4, 52),
  },
  palette: {
    w: 180,
    h: 124,
    label: { x: 14, y: 86, w: 152, h: 28 },
    draw: (c, seed) => {
      const colours = pans(c, 18, seed);
      const cells = colours.map((fill, i) => rect(14 + (i % 6) * 26, 14 + Math.floor(i / 6) * 23, 22, 19, 4, fill, 'stroke="#000" stroke-opacity="0.12"')).join("");
      return rect(0, 0, 180, 124, 12, "url(#cap)") + rect(8, 8, 164, 108, 8, c.capDark) + cells;
    },
  },
  brush: {
    w: 120,
    h: 170,
    label: { x: 26, y: 106, w: 68, h: 52 },
    draw: (c) => {
      const brush = (angle: number, lift: number, bristles: string) =>
        `<g transform="rotate(${angle} 60 122) translate(0 ${lift})">${rect(56, 40, 8, 90, 3, c.capDark)}${rect(55, 26, 10, 16, 1.5, "url(#metal)")}${path("M55 27 Q51 8 60 0 Q69 8 65 27 Z", bristles)}</g>`;
      return (
        brush(-24, 10, "#4a3a34") +
        brush(-8, 0, "#d9c2ad") +
        brush(9, 4, "#2f2624") +
        brush(24, 12, "#b8957e") +
        rect(16, 92, 88, 78, 10, "url(#body)") +
        rect(12, 88, 96, 10, 4, c.bodyDark)
      );
    },
  },
  "cleansing-brush": {
    w: 96,
    h: 150,
    label: { x: 14, y: 96, w: 68, h: 38 },
    draw: (c) => {
      const nubs: string[] = [];
      for (let y = 20; y <= 84; y += 6) {
        for (let x = 18; x <= 78; x += 6) {
          if (((x - 48) / 30) ** 2 + ((y - 50) / 33) ** 2 <= 1) nubs.push(`<circle cx="${x}" cy="${y}" r="1.7" fill="${c.bodyDark}" fill-opacity="0.45" stroke="none"/>`);
        }
      }
      return rect(0, 0, 96, 150, 48, "url(#body)") + `<ellipse cx="48" cy="50" rx="36" ry="39" fill="${c.bodyLight}" stroke="none"/>` + nubs.join("");
    },
  },
  "face-roller": {
    w: 120,
    h: 170,
    label: { x: 10, y: 22, w: 100, h: 34 },
    draw: (c) =>
      card(
        120,
        170,
        c,
        `<path d="M32 78 V90 Q32 100 60 100 Q88 100 88 90 V78" fill="none" stroke="#b9a06a" stroke-width="4"/>` +
          rect(56, 98, 8, 46, 3, "url(#metal)") +
          rect(26, 66, 68, 24, 10, "url(#body)") +
          rect(46, 142, 28, 14, 6, "url(#body)") +
          shine(32, 70, 40, 4),
      ),
  },
  mirror: {
    w: 120,
    h: 160,
    label: { x: 14, y: 132, w: 92, h: 24 },
    draw: () => {
      const leds = Array.from({ length: 20 }, (_, i) => {
        const a = (i / 20) * 2 * Math.PI;
        return `<circle cx="${n(60 + 51.5 * Math.cos(a))}" cy="${n(58 + 51.5 * Math.sin(a))}" r="1.8" fill="#fffbe8" stroke="none"/>`;
      }).join("");
      return (
        rect(55, 104, 10, 28, 1, "url(#metal)") +
        rect(4, 128, 112, 32, 14, "url(#cap)") +
        `<circle cx="60" cy="58" r="56" fill="url(#body)"/><circle cx="60" cy="58" r="47" fill="url(#mirror)"/>` +
        path("M30 40 L44 26 M28 58 L62 24", "none", `stroke="#ffffff" stroke-opacity="0.8" stroke-width="4" stroke-linecap="round"`) +
        leds
      );
    },
  },
  headband: {
    w: 130,
    h: 170,
    label: { x: 10, y: 22, w: 110, h: 34 },
    draw: (c) =>
      card(
        130,
        170,
        c,
        path("M36 96 L30 66 L56 82 Z M94 96 L100 66 L74 82 Z", c.body) +
          path("M38 88 L35 74 L48 82 Z M92 88 L95 74 L82 82 Z", c.shade, NO_STROKE) +
          path("M24 156 Q20 78 65 78 Q110 78 106 156", "none", `stroke="${c.body}" stroke-width="14" stroke-linecap="round"`) +
          path("M24 156 Q20 78 65 78 Q110 78 106 156", "none", `stroke="${c.bodyLight}" stroke-width="4" stroke-linecap="round"`),
      ),
  },
  "hair-clip": {
    w: 120,
    h: 170,
    label: { x: 10, y: 22, w: 100, h: 34 },
    draw: (c) => {
      const clip = (x: number, y: number, fill: string) =>
        `<g transform="translate(${x} ${y})">${Array.from({ length: 6 }, (_, i) => rect(4 + i * 11, 10, 8, 34, 4, fill)).join("")}${rect(0, 0, 70, 20, 10, fill)}${shine(8, 5, 40, 3)}</g>`;
      return card(120, 170, c, clip(10, 68, c.body) + clip(40, 112, c.shade));
    },
  },
  diffuser: {
    w: 110,
    h: 160,
    label: { x: 14, y: 126, w: 82, h: 26 },
    draw: (c) =>
      path("M55 34 Q45 24 55 16 Q65 8 55 0 M46 30 Q38 22 46 14", "none", `stroke="${c.bodyLight}" stroke-width="4" stroke-linecap="round"`) +
      path("M6 124 C6 80 34 44 55 40 C76 44 104 80 104 124 Z", "url(#body)") +
      rect(2, 118, 106, 42, 10, "url(#wood)") +
      path("M8 130 Q40 126 70 132 T104 128 M8 150 Q38 146 66 152 T104 148", "none", `stroke="#5b3a22" stroke-opacity="0.25" stroke-width="1.5"`) +
      shine(16, 72, 5, 40),
  },
  bag: {
    w: 190,
    h: 110,
    label: { x: 55, y: 56, w: 80, h: 38 },
    draw: (c) =>
      rect(0, 30, 190, 12, 6, c.capDark) +
      path("M24 28 Q95 8 166 28 Q184 34 182 64 Q178 104 140 106 H50 Q12 104 8 64 Q6 34 24 28 Z", "url(#body)") +
      path("M30 44 Q95 28 160 44", "none", `stroke="${c.capDark}" stroke-width="2.5"`) +
      rect(150, 38, 12, 16, 3, "url(#metal)"),
  },
  sneaker: {
    w: 210,
    h: 170,
    label: { x: 40, y: 122, w: 130, h: 40 },
    draw: (c) =>
      rect(12, 112, 186, 58, 2, c.cap) +
      rect(12, 112, 186, 58, 2, "url(#cap)", 'fill-opacity="0.35"') +
      rect(6, 100, 198, 16, 2, c.capDark) +
      // the upper, heel on the left, toe on the right
      path("M12 86 Q6 62 12 46 Q16 34 28 33 Q46 40 64 30 L80 12 Q88 6 95 12 L104 26 Q140 44 176 56 Q202 64 204 86 Z", "url(#body)") +
      path("M24 36 Q46 46 66 31", "none", `stroke="${c.bodyDark}" stroke-width="5" stroke-linecap="round"`) +
      path("M168 58 Q200 64 204 86 H166 Q160 70 168 58 Z", c.bodyLight, 'fill-opacity="0.7"') +
      path("M11 50 Q28 48 36 60 V86 H12 Q7 66 11 50 Z", c.bodyDark, 'fill-opacity="0.4"') +
      path("M60 82 Q118 80 164 56 L170 62 Q124 92 60 88 Z", c.shade) +
      [0, 1, 2, 3, 4].map((i) => path(`M${98 + i * 12} ${26 + i * 6} L${106 + i * 12} ${22 + i * 6}`, "none", 'stroke="#ffffff" stroke-width="3" stroke-linecap="round"')).join("") +
      path("M6 84 Q4 100 20 100 H190 Q208 100 206 84 Z", "#f6f5f2") +
      rect(6, 90, 200, 2.5, 1.25, "#d9d6cf", NO_STROKE),
  },
  top: (title) => {
    const long = LONG_SLEEVES.test(fold(title));
    return {
      w: 170,
      h: 160,
      label: { x: 52, y: 46, w: 66, h: 50 },
      draw: (c) =>
        path(
          long
            ? "M56 0 Q85 16 114 0 L150 16 Q166 60 170 150 L146 152 L130 70 V160 H40 V70 L24 152 L0 150 Q4 60 20 16 Z"
            : "M56 0 Q85 16 114 0 L170 28 L150 70 L130 60 V160 H40 V60 L20 70 L0 28 Z",
          "url(#body)",
        ) +
        path("M56 0 Q85 16 114 0 Q85 26 56 0 Z", c.bodyDark) +
        (long ? rect(40, 150, 90, 10, 1, c.bodyDark, 'fill-opacity="0.5"') : ""),
    };
  },
  dress: {
    w: 140,
    h: 180,
    label: { x: 44, y: 96, w: 52, h: 40 },
    draw: (c) =>
      path("M48 0 H56 Q70 12 84 0 H92 L96 44 Q104 52 100 62 L140 180 H0 L40 62 Q36 52 44 44 Z", "url(#body)") +
      rect(40, 58, 60, 8, 2, c.capDark) +
      path("M70 66 V96", "none", `stroke="${c.capDark}" stroke-width="1.2"`),
  },
  legging: {
    w: 120,
    h: 190,
    label: { x: 20, y: 26, w: 80, h: 30 },
    draw: (c) =>
      path("M10 16 H110 L114 186 H78 L60 62 L42 186 H6 Z", "url(#body)") +
      rect(10, 0, 100, 18, 3, "url(#cap)") +
      path("M60 56 V62", "none", `stroke="${c.bodyDark}" stroke-width="1.5"`),
  },
  phone: {
    w: 96,
    h: 180,
    label: { x: 12, y: 62, w: 72, h: 56 },
    draw: (c) =>
      rect(0, 0, 96, 180, 16, "#1d1d1f", `stroke="${c.capDark}"`) +
      rect(5, 5, 86, 170, 12, "url(#screen)", NO_STROKE) +
      rect(36, 11, 24, 7, 3.5, "#000000", NO_STROKE) +
      [0, 1, 2, 3].map((i) => rect(14 + i * 18, 132, 14, 14, 4, "#ffffff", 'fill-opacity="0.5" stroke="none"')).join(""),
  },
  box: {
    w: 160,
    h: 140,
    label: { x: 24, y: 64, w: 112, h: 56 },
    draw: (c) =>
      rect(8, 36, 144, 104, 4, "url(#body)") +
      rect(2, 26, 156, 24, 4, "url(#body)") +
      rect(2, 44, 156, 6, 2, c.bodyDark, 'fill-opacity="0.5" stroke="none"') +
      rect(72, 26, 16, 114, 1, "url(#cap)") +
      `<ellipse cx="64" cy="16" rx="17" ry="9" transform="rotate(-18 64 16)" fill="url(#cap)"/><ellipse cx="96" cy="16" rx="17" ry="9" transform="rotate(18 96 16)" fill="url(#cap)"/><circle cx="80" cy="24" r="7" fill="${c.capDark}"/>`,
  },
  package: {
    w: 150,
    h: 150,
    label: { x: 12, y: 62, w: 90, h: 64 },
    draw: (c) =>
      path("M0 36 L36 0 H150 L114 36 Z", c.bodyLight) +
      path("M114 36 L150 0 V114 L114 150 Z", c.bodyDark) +
      rect(0, 36, 114, 114, 0, c.body) +
      path("M52 36 L88 0 H100 L64 36 Z", c.cap, 'fill-opacity="0.6"'),
  },
};

/** The shape drawn for a product: its size, its label's place and its drawing. */
export function productShape(kind: ProductKind, title: string): Shape {
  const shape = SHAPES[kind];
  return typeof shape === "function" ? shape(title) : shape;
}

/** Words a label leaves out at the end of a shortened name: a name does not end on « de » or « à ». */
const TRAILING = new Set(["a", "au", "aux", "de", "des", "du", "d'", "en", "et", "pour", "avec", "effet", "la", "le", "les", "l'", "sur", "x"]);
const PREPOSITIONS = new Set(["a", "au", "aux", "de", "des", "du", "en", "pour", "avec", "effet", "sur"]);

/** Longest name a label carries, in characters. */
export const LABEL_NAME_MAX = 32;

/**
 * The product's name as its label shows it: without quantities (« 100 ml », « x10 »,
 * « Lot de 20 »), before a comma, and, when it is still long, cut between
 * words before a preposition (« Brosse nettoyante visage en silicone » →
 * « Brosse nettoyante visage »). Whole words only: the label never shows a cut word.
 */
export function labelName(title: string): string {
  let name = title
    .split(/,|\s[:–—-]\s/)[0]
    .replace(/^\s*lot de \d+\s+/i, "")
    .replace(/\s+x\s?\d+\b/gi, "")
    .replace(/\s+\d+([.,]\d+)?\s?(ml|cl|l|g|kg|cm|mm)\b/gi, "")
    .replace(/\s+/g, " ")
    .trim();
  name = name.charAt(0).toLocaleUpperCase("fr-FR") + name.slice(1);
  if (name.length <= LABEL_NAME_MAX) return name;
  const words = name.split(" ");
  const kept: string[] = [];
  for (const word of words) {
    if ([...kept, word].join(" ").length > LABEL_NAME_MAX) break;
    kept.push(word);
  }
  // cut before the last preposition that starts a dropped complement
  const lastPreposition = kept.findLastIndex((w, i) => i >= 2 && PREPOSITIONS.has(fold(w)));
  if (lastPreposition > 0) kept.length = lastPreposition;
  while (kept.length > 1 && TRAILING.has(fold(kept[kept.length - 1]))) kept.pop();
  return kept.length > 0 ? kept.join(" ") : words[0];
}
