import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fitText, type Typeface } from "./text-paths.server";

/** Render fitted text black on white and return the box of its ink. */
async function inkOf(d: string, width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] < 200) [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  return { left, top, right, bottom };
}

describe("fitText", () => {
  const box = { x: 40, y: 30, width: 300, height: 120 };
  it.each<[string, Typeface, number]>([
    ["Nuxe", "sans", 1],
    ["Laboratoires Dermatologiques Extraordinairement Longs et Français", "serif", 2],
    ["Supercalifragilisticexpialidocious", "condensed", 2],
    ["« J'ai économisé 400€ en un an sans me priver » : le témoignage de Camille, très long", "serif", 4],
  ])("keeps %s (%s) inside its box", async (text, typeface, maxLines) => {
    const fitted = fitText(text, box, { typeface, maxFontSize: 80, maxLines });
    const ink = await inkOf(fitted.d, 380, 180);
    expect(ink.right).toBeGreaterThan(ink.left);
    expect(ink.left).toBeGreaterThanOrEqual(box.x - 1);
    expect(ink.top).toBeGreaterThanOrEqual(box.y - 1);
    expect(ink.right).toBeLessThanOrEqual(box.x + box.width);
    expect(ink.bottom).toBeLessThanOrEqual(box.y + box.height);
    expect(fitted.lines.length).toBeLessThanOrEqual(maxLines);
    expect(fitted.lines.join(" ").replace(/- /g, "-")).toBe(text.split(/\s+/).join(" "));
  });

  it("uses more lines before a smaller size, and never exceeds the maximum size", () => {
    const one = fitText("Sephora Collection", { x: 0, y: 0, width: 200, height: 200 }, { typeface: "sans", maxFontSize: 60, maxLines: 2 });
    expect(one.lines).toEqual(["Sephora", "Collection"]);
    expect(one.fontSize).toBeLessThanOrEqual(60);
    const hyphen = fitText("Aroma-Zone", { x: 0, y: 0, width: 200, height: 200 }, { typeface: "sans", maxFontSize: 60, maxLines: 2 });
    expect(hyphen.lines).toEqual(["Aroma-", "Zone"]);
    const short = fitText("Nuxe", { x: 0, y: 0, width: 200, height: 200 }, { typeface: "sans", maxFontSize: 60 });
    expect(short.fontSize).toBe(60);
  });
});
