import { describe, expect, it } from "vitest";
import { foreignImageSources, IMAGE_URL_MESSAGE, isAcceptedImageUrl, optionalImageUrl } from "./image-url";

describe("image URLs on save", () => {
  it("accepts our uploads", () => {
    for (const url of ["/uploads/0b5c7a8e-1f1c-4c5e-9a55-6a3f3e0e7c11.webp", "/uploads/seed-brand-caudalie.webp"]) expect(isAcceptedImageUrl(url)).toBe(true);
  });
  it("refuses anything else, other sites included (blocked by the CSP)", () => {
    for (const url of ["https://cdn.exemple.fr/logo.png", "HTTPS://exemple.fr/a.jpg?x=1", "http://exemple.fr/a.png", "javascript:alert(1)", "//evil.example/a.png", "/uploads/../secret", "/uploads/a/b.webp", "/admin", "data:image/png;base64,AAAA", "https://", "/uploads/"])
      expect(isAcceptedImageUrl(url), url).toBe(false);
  });
  it("empty is no image; a refused one is named in French", () => {
    expect(optionalImageUrl.parse("  ")).toBeNull();
    expect(optionalImageUrl.parse(" /uploads/a.webp ")).toBe("/uploads/a.webp");
    expect(optionalImageUrl.safeParse("https://exemple.fr/a.png").error?.issues[0].message).toBe(IMAGE_URL_MESSAGE);
  });
  it("finds the images of an HTML text that live on another site", () => {
    const html = `<p><img src="/uploads/a.webp" alt=""><img alt="x" src='https://cdn.exemple.fr/b.png'><IMG SRC=//evil.example/c.png><img src=" HTTP://x.fr/d.jpg "><img src="data:image/png;base64,AA"></p><p>src="https://texte.fr"</p>`;
    expect(foreignImageSources(html)).toEqual(["https://cdn.exemple.fr/b.png", "//evil.example/c.png", "HTTP://x.fr/d.jpg", "data:image/png;base64,AA"]);
    expect(foreignImageSources("<p>Aucune image</p><img src=\"/uploads/e.webp\">")).toEqual([]);
  });
});
