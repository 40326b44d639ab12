import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEALS } from "../../db/seed/data/deals";
import { OFFERS } from "../../db/seed/data/offers";
import { productIcon, productKindOf, renderBlogCover, renderProductImage, renderWordmark, WORDMARK_PADDING } from "./images.server";

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

describe("product illustrations", () => {
  it("maps every demo deal and offer to a product type with its own drawing", () => {
    for (const title of [...DEALS.map((d) => d.title), ...OFFERS.map((o) => o.name)]) {
      expect(productKindOf(title), title).not.toBe("other");
    }
    expect(productKindOf("Brosse nettoyante visage en silicone")).toBe("cleansing-brush");
    expect(productKindOf("Palette 18 fards à paupières nude")).toBe("palette");
    expect(productKindOf("Sérum niacinamide 12%")).toBe("serum");
    expect(productKindOf("La Vie est Belle, eau de parfum 50 ml")).toBe("perfume");
    expect(productKindOf("Baskets Campo en cuir")).toBe("sneaker");
    expect(productIcon("perfume")).not.toBe(productIcon("serum"));
    expect(productIcon("other")).toBeTruthy();
  });

  it("an unknown product still gets a drawing", () => {
    expect(productKindOf("Objet mystère")).toBe("other");
  });

  it("renders a WebP of the requested size, different per product type", async () => {
    const brush = await renderProductImage({ title: "Brosse nettoyante", width: 480, height: 320 });
    const meta = await sharp(brush).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 480, 320]);
    const again = await renderProductImage({ title: "Brosse nettoyante", width: 480, height: 320 });
    expect(again.equals(brush)).toBe(true);
    const perfume = await renderProductImage({ title: "Eau de parfum", width: 480, height: 320 });
    expect(perfume.equals(brush)).toBe(false);
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
