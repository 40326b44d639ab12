import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { publicUrl, saveGeneratedImage, saveImageUpload, UploadError, UPLOAD_MESSAGES } from "./storage.server";

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-up-"));
const png = (w = 20, h = 10) =>
  sharp({ create: { width: w, height: h, channels: 3, background: "#f0a" } }).png().toBuffer();

describe("saveImageUpload", () => {
  it("stores a real PNG re-encoded as WebP under a random name", async () => {
    const d = dir();
    const { url, name } = await saveImageUpload({ buffer: await png(), originalName: "Photo.PNG" }, d);
    expect(url).toBe(`/uploads/${name}`);
    expect(name).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect((await sharp(path.join(d, name)).metadata()).format).toBe("webp");
    // a second upload of the same file gets another name
    const second = await saveImageUpload({ buffer: await png(), originalName: "Photo.PNG" }, d);
    expect(second.name).not.toBe(name);
    expect(fs.readdirSync(d)).toHaveLength(2);
  });

  it("stores a JPEG, strips its metadata and caps its width at 1600 px", async () => {
    const d = dir();
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#3a6" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret", Artist: "Camille" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { name } = await saveImageUpload({ buffer: jpeg, originalName: "vacances.JPEG", size: jpeg.length }, d);
    const meta = await sharp(path.join(d, name)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(800);
    expect(meta.exif).toBeUndefined();
  });

  it("accepts .webp files", async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).webp().toBuffer();
    await expect(saveImageUpload({ buffer: webp, originalName: "a.webp" }, dir())).resolves.toMatchObject({
      url: expect.stringMatching(/^\/uploads\//),
    });
  });

  it("refuses other extensions with a typed error and the spec message", async () => {
    const d = dir();
    for (const originalName of ["a.gif", "a.svg", "noextension", "a.png.exe"]) {
      const error = await saveImageUpload({ buffer: await png(), originalName }, d).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UploadError);
      expect((error as Error).message).toBe(
        "Type de fichier non pris en charge : seules les images JPG, PNG ou WEBP sont acceptées.",
      );
    }
    expect(fs.readdirSync(d)).toHaveLength(0);
  });

  it("checks the content, not only the name: renamed text, SVG and GIF are refused", async () => {
    await expect(saveImageUpload({ buffer: Buffer.from("hello world"), originalName: "a.jpg" }, dir())).rejects.toThrow(
      UPLOAD_MESSAGES.type,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expect(saveImageUpload({ buffer: svg, originalName: "a.png" }, dir())).rejects.toThrow(UPLOAD_MESSAGES.type);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } }).gif().toBuffer();
    await expect(saveImageUpload({ buffer: gif, originalName: "a.webp" }, dir())).rejects.toThrow(UPLOAD_MESSAGES.type);
  });

  it("refuses files over 2 MB, by buffer length or by declared size", async () => {
    await expect(
      saveImageUpload({ buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1), originalName: "a.jpg" }, dir()),
    ).rejects.toThrow("Fichier trop volumineux: L'image ne doit pas dépasser 2Mo.");
    await expect(
      saveImageUpload({ buffer: await png(), originalName: "a.png", size: 2 * 1024 * 1024 + 1 }, dir()),
    ).rejects.toThrow(UPLOAD_MESSAGES.size);
  });

  it("refuses images over 40 megapixels", async () => {
    // a small PNG (compresses well) that declares 10000 x 5000 pixels
    const huge = await sharp({ create: { width: 10000, height: 5000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    await expect(saveImageUpload({ buffer: huge, originalName: "a.png" }, dir())).rejects.toThrow(UPLOAD_MESSAGES.pixels);
  });

  it("refuses an empty file", async () => {
    await expect(saveImageUpload({ buffer: Buffer.alloc(0), originalName: "a.png", size: 0 }, dir())).rejects.toThrow(
      UploadError,
    );
  });
});

describe("saveGeneratedImage", () => {
  it("writes once and never overwrites an existing file", async () => {
    const d = dir();
    expect(await saveGeneratedImage("seed-x.webp", Buffer.from("first"), d)).toBe("/uploads/seed-x.webp");
    expect(await saveGeneratedImage("seed-x.webp", Buffer.from("second"), d)).toBe("/uploads/seed-x.webp");
    expect(fs.readFileSync(path.join(d, "seed-x.webp"), "utf8")).toBe("first");
  });

  it("refuses names that could escape the uploads directory", async () => {
    const d = dir();
    for (const name of ["../x.webp", "a/b.webp", "..", ".hidden", ""]) {
      await expect(saveGeneratedImage(name, Buffer.from("x"), d)).rejects.toThrow(/invalid file name/);
    }
  });
});

describe("publicUrl", () => {
  it("serves files under /uploads/", () => {
    expect(publicUrl("abc.webp")).toBe("/uploads/abc.webp");
  });
});
