import { describe, expect, it } from "vitest";
import { IMAGE_URL_MESSAGE, isAcceptedImageUrl, optionalImageUrl } from "./image-url";

describe("image URLs on save", () => {
  it("accepts our uploads and https addresses", () => {
    for (const url of ["/uploads/0b5c7a8e-1f1c-4c5e-9a55-6a3f3e0e7c11.webp", "https://cdn.exemple.fr/logo.png", "HTTPS://exemple.fr/a.jpg?x=1"]) expect(isAcceptedImageUrl(url)).toBe(true);
  });
  it("refuses anything else", () => {
    for (const url of ["http://exemple.fr/a.png", "javascript:alert(1)", "//evil.example/a.png", "/uploads/../secret", "/uploads/a/b.webp", "/admin", "data:image/png;base64,AAAA", "https://", "/uploads/"])
      expect(isAcceptedImageUrl(url), url).toBe(false);
  });
  it("empty is no image; a refused one is named in French", () => {
    expect(optionalImageUrl.parse("  ")).toBeNull();
    expect(optionalImageUrl.parse(" /uploads/a.webp ")).toBe("/uploads/a.webp");
    expect(optionalImageUrl.safeParse("http://exemple.fr/a.png").error?.issues[0].message).toBe(IMAGE_URL_MESSAGE);
  });
});
