import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BRAND_COLOURS, BRANDS } from "#app/seed/data/brands";
import { DEALS } from "#app/seed/data/deals";
import { OFFERS } from "#app/seed/data/offers";
import { brandPalette, productLayout, renderBlogCover, renderProductImage, renderWordmark, WORDMARK_PADDING } from "./images.server";
import { LABEL_NAME_MAX, labelName, productKindOf } from "./product-shapes.server";

/** The box around the pixels that differ from the top-left (background) pixel. */
export async function inkBox(buffer: Buffer) {
  const { data, info } = await sharp(buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => (y * info.width + x) * info.channels;
  const bg = [data[0], data[1], data[2]];
  let left = info.width;
  let top = info.height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = at(x, y);
      // WebP is lossy: a pixel is ink when it is clearly off the background
      if (Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]) > 60) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { left, top, right, bottom, width: info.width, height: info.height };
}

/** The box of the dark pixels of an SVG drawn black on white (the label's text rendered alone). */
async function darkInk(svg: string) {
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).greyscale().raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] < 200) [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
    }
  }
  return { left, top, right, bottom };
}

const demoBrand = (slug: string | undefined) => {
  const b = BRANDS.find((brand) => brand.slug === slug);
  return b ? { name: b.name, category: b.category, colours: BRAND_COLOURS[b.slug] } : null;
};
const DEMO_PRODUCTS = [
  ...DEALS.map((d) => ({ title: d.title, brand: demoBrand(d.brandSlug), width: 480, height: 320 })),
  ...OFFERS.map((o) => ({ title: o.name, brand: demoBrand(o.brandSlug), width: 400, height: 400 })),
];

describe("product packshots", () => {
  it.each([
    ["Huile Prodigieuse 100 ml", "oil"],
    ["Crème hydratante Toleriane Sensitive", "tube"],
    ["Pot de beurre de karité", "jar"],
    ["Masque Elixir Ultime", "jar"],
    ["Masques en tissu à l'acide hyaluronique x10", "sheet-mask"],
    ["Palette 18 fards à paupières nude", "palette"],
    ["Rouge à lèvres mat longue tenue", "lipstick"],
    ["Lot de 20 pinceaux de maquillage", "brush"],
    ["Baskets Campo en cuir", "sneaker"],
    ["Chaussures de running Gel-Nimbus", "sneaker"],
    ["Sac banane de running", "bag"],
    ["Smartphone reconditionné 128 Go", "phone"],
    ["Sérum niacinamide 12%", "serum"],
    ["La Vie est Belle, eau de parfum 50 ml", "perfume"],
    ["Eau micellaire Sensibio H2O", "bottle"],
    ["T-shirt coton bio", "top"],
    ["Pull Gaspard", "top"],
    ["Robe portefeuille fleurie", "dress"],
    ["Legging Align 63 cm", "legging"],
    ["Coffret découverte de Noël", "box"],
    ["Objet mystère", "package"],
  ])("draws « %s » as a %s", (title, kind) => {
    expect(productKindOf(title)).toBe(kind);
  });

  it("gives every demo deal and offer a shape of its own type, not the carton of an unknown product", () => {
    for (const { title } of DEMO_PRODUCTS) expect(productKindOf(title), title).not.toBe("package");
  });

  it("puts a short name on the label: no quantity, no complement, whole words only", () => {
    expect(labelName("Huile Prodigieuse 100 ml")).toBe("Huile Prodigieuse");
    expect(labelName("La Vie est Belle, eau de parfum 50 ml")).toBe("La Vie est Belle");
    expect(labelName("Brosse nettoyante visage en silicone")).toBe("Brosse nettoyante visage");
    expect(labelName("Masques en tissu à l'acide hyaluronique x10")).toBe("Masques en tissu");
    expect(labelName("Lot de 20 pinceaux de maquillage")).toBe("Pinceaux de maquillage");
    expect(labelName("Sérum niacinamide 12%")).toBe("Sérum niacinamide 12%");
    for (const { title } of DEMO_PRODUCTS) {
      const name = labelName(title);
      expect(name.length, title).toBeLessThanOrEqual(LABEL_NAME_MAX);
      const words = new Set(title.toLowerCase().split(/[\s,]+/));
      for (const word of name.toLowerCase().split(" ")) expect(words.has(word), `${word} in ${title}`).toBe(true);
    }
  });

  it("derives a brand's colours deterministically: its own when known, else from its name, distinct per brand", () => {
    expect(brandPalette({ name: "Nuxe", colours: BRAND_COLOURS.nuxe })).toEqual(BRAND_COLOURS.nuxe);
    expect(brandPalette({ name: "Maison Inconnue" })).toEqual(brandPalette({ name: "Maison Inconnue" }));
    const names = ["Maison Inconnue", "Atelier Lune", "Pharmacie du Port", "Glow Lab", "Bo & Co", "Savonnerie Azur", "Kaïa", "Tendre Paris"];
    const derived = names.map((name) => brandPalette({ name }));
    expect(new Set(derived.map((p) => p.primary)).size).toBe(names.length);
    for (const { primary } of derived) {
      // a pleasant colour: neither grey nor too dark nor washed out
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(primary.slice(i, i + 2), 16));
      const lightness = (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
      expect(Math.max(r, g, b) - Math.min(r, g, b), primary).toBeGreaterThan(25);
      expect(lightness, primary).toBeGreaterThan(0.4);
      expect(lightness, primary).toBeLessThan(0.85);
    }
    // every demo brand has colours of its own, and no two share them
    for (const b of BRANDS) expect(BRAND_COLOURS[b.slug], b.slug).toBeDefined();
    const demo = BRANDS.map((b) => JSON.stringify(BRAND_COLOURS[b.slug]));
    expect(new Set(demo).size).toBe(BRANDS.length);
  });

  it.each([
    ...DEMO_PRODUCTS,
    { title: "Crème réparatrice intensive pour les mains très sèches et abîmées", brand: { name: "Laboratoires Dermatologiques Extraordinairement Longs" }, width: 480, height: 320 },
    { title: "Mascara", brand: null, width: 480, height: 320 },
  ])("sets the name of « $title » on its label, whole and inside it", async (product) => {
    const layout = productLayout(product);
    // every word, none cut (sport brands' labels are in capitals)
    expect(layout.lines.join(" ").replace(/- /g, "-").toLocaleUpperCase("fr-FR")).toBe(layout.name.toLocaleUpperCase("fr-FR"));
    const ink = await darkInk(`<svg xmlns="http://www.w3.org/2000/svg" width="${product.width}" height="${product.height}"><g fill="#000">${layout.nameSvg}</g></svg>`);
    expect(ink.right).toBeGreaterThan(ink.left); // there is text
    // no ink touches the label's edges
    expect(ink.left).toBeGreaterThan(layout.label.x + 1);
    expect(ink.top).toBeGreaterThan(layout.label.y + 1);
    expect(ink.right).toBeLessThan(layout.label.x + layout.label.width - 1);
    expect(ink.bottom).toBeLessThan(layout.label.y + layout.label.height - 1);
  });

  it("renders a WebP of the requested size, the same bytes for the same product, other bytes for another", async () => {
    const caudalie = demoBrand("caudalie");
    const serum = await renderProductImage({ title: "Sérum Vinoperfect éclat", brand: caudalie, width: 400, height: 400 });
    const meta = await sharp(serum).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 400, 400]);
    expect((await renderProductImage({ title: "Sérum Vinoperfect éclat", brand: caudalie, width: 400, height: 400 })).equals(serum)).toBe(true);
    // two products of one brand: another shape, or the same shape with another name
    const cream = await renderProductImage({ title: "Crème Vinosource hydratante", brand: caudalie, width: 400, height: 400 });
    const otherSerum = await renderProductImage({ title: "Sérum Vinergetic C+", brand: caudalie, width: 400, height: 400 });
    expect(cream.equals(serum)).toBe(false);
    expect(otherSerum.equals(serum)).toBe(false);
    // one product of two brands
    expect((await renderProductImage({ title: "Sérum Vinoperfect éclat", brand: demoBrand("typology"), width: 400, height: 400 })).equals(serum)).toBe(false);
  });

  it("paints the product in its brand's colours", async () => {
    // the middle of the label's left margin, on Nuxe's amber oil
    const product = { title: "Huile Prodigieuse 100 ml", brand: demoBrand("nuxe"), width: 400, height: 400 };
    const layout = productLayout(product);
    expect(layout.palette).toEqual(BRAND_COLOURS.nuxe);
    const { data, info } = await sharp(await renderProductImage(product)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((Math.round(y) * info.width + Math.round(x)) * 3, (Math.round(y) * info.width + Math.round(x)) * 3 + 3)];
    const [r, g, b] = at(layout.label.x - 3, layout.label.y + layout.label.height / 2);
    expect(r).toBeGreaterThan(b + 60); // amber, not the grey-blue of a default drawing
    expect(g).toBeGreaterThan(b + 20);
  });
});

describe("brand wordmarks", () => {
  it.each([
    ["Nuxe", null],
    ["L'Occitane en Provence", "Corps & bain"],
    ["Sephora Collection", "Maquillage"],
    ["Laboratoires Dermatologiques Extraordinairement Longs", "Mode"],
    ["Supercalifragilisticexpialidocious", "Sport"],
  ])("fits %s in its box: ink inside the padding, never touching the edges", async (name, category) => {
    const size = 256;
    const box = await inkBox(await renderWordmark({ name, category, size }));
    const margin = Math.floor(size * WORDMARK_PADDING) - 3;
    expect(box.right).toBeGreaterThan(box.left); // there is text
    expect(box.left).toBeGreaterThanOrEqual(margin);
    expect(box.top).toBeGreaterThanOrEqual(margin);
    expect(box.right).toBeLessThanOrEqual(size - 1 - margin);
    expect(box.bottom).toBeLessThanOrEqual(size - 1 - margin);
  });

  it("a short name is set large, a long one smaller", async () => {
    const short = await inkBox(await renderWordmark({ name: "Nuxe", category: null, size: 256 }));
    const long = await inkBox(await renderWordmark({ name: "Laboratoires Dermatologiques", category: null, size: 256 }));
    expect(short.bottom - short.top).toBeGreaterThan(40);
    expect(long.right - long.left).toBeGreaterThan(150);
  });
});

describe("blog covers", () => {
  it("renders a 1200×630 WebP even for a long title", async () => {
    const title = "« J'ai économisé 400€ en un an sans me priver » : le témoignage très détaillé et un peu long de Camille";
    const buffer = await renderBlogCover({ title, category: "Témoignage", siteName: "Crevarde", width: 1200, height: 630 });
    const meta = await sharp(buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1200, 630]);
  });

  it("rasterises a blog cover at a smaller output width, same proportions, fewer bytes", async () => {
    const cover = { title: "Les meilleurs dupes beauté de 2025", category: "Bons plans", siteName: "Crevarde", width: 1200, height: 630 };
    const full = await renderBlogCover(cover);
    const small = await renderBlogCover({ ...cover, outputWidth: 800 });
    const meta = await sharp(small).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 420]);
    expect(small.length).toBeLessThan(full.length);
  });
});
