import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { initialsOf, renderPlaceholder } from "./images.server";

async function averageColour(buffer: Buffer) {
  const { channels } = await sharp(buffer).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe("renderPlaceholder", () => {
  it("renders a WebP image of the requested size", async () => {
    const buffer = await renderPlaceholder({ text: "LR", width: 256, height: 128 });
    const meta = await sharp(buffer).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(256);
    expect(meta.height).toBe(128);
  });

  it("derives stable colours from the text", async () => {
    const a1 = await averageColour(await renderPlaceholder({ text: "Caudalie", width: 64, height: 64 }));
    const a2 = await averageColour(await renderPlaceholder({ text: "Caudalie", width: 64, height: 64 }));
    const b = await averageColour(await renderPlaceholder({ text: "Decathlon", width: 64, height: 64 }));
    expect(a1).toEqual(a2);
    expect(b).not.toEqual(a1);
  });

  it("escapes markup in the label instead of breaking the SVG", async () => {
    const buffer = await renderPlaceholder({ text: `<b>&"'`, width: 80, height: 40, subtitle: "</svg>" });
    expect((await sharp(buffer).metadata()).format).toBe("webp");
  });
});

describe("initialsOf", () => {
  it("takes the first letters of the first two words", () => {
    expect(initialsOf("La Roche-Posay")).toBe("LR");
    expect(initialsOf("Kiehl's")).toBe("KI");
    expect(initialsOf("L'Occitane en Provence")).toBe("OP");
    expect(initialsOf("The Ordinary")).toBe("OR");
    expect(initialsOf("Aroma-Zone")).toBe("AZ");
    expect(initialsOf("Nuxe")).toBe("NU");
    expect(initialsOf("Avène")).toBe("AV");
    expect(initialsOf("")).toBe("?");
  });
});
