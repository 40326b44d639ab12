import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categoryFormSchema } from "#app/modules/categories/category-form.schema";
import { pageFormSchema } from "#app/modules/pages/page-form.schema";
import { conceptPath, SLUG_SHAPE, slugify } from "./site";

/**
 * The product spec's rule: lowercased, trimmed, characters other than word, space or
 * hyphen removed, runs of spaces, underscores or hyphens collapsed to one
 * hyphen, leading and trailing hyphens removed. ADR 006: accents are
 * stripped first, so "Crème" gives "creme", not "crme".
 */
describe("slugify (category and page slugs)", () => {
  it.each([
    ["  Été 2025 -- Soldes!! ", "ete-2025-soldes"],
    ["Soins du visage", "soins-du-visage"],
    ["Crème brûlée", "creme-brulee"],
    ["L'Oréal Paris", "loreal-paris"],
    ["100% naturel", "100-naturel"],
    ["Soin__visage  bio", "soin-visage-bio"],
    ["-Déjà-vu-", "deja-vu"],
    ["a - _ - b", "a-b"],
    ["Maquillage\tet\nparfum", "maquillage-et-parfum"],
    ["ÇA BOUGE", "ca-bouge"],
    ["déjà-vu", "deja-vu"],
  ])("%j gives %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it.each([[""], ["   "], ["!!! ???"], ["---"], ["__ -- __"], ["€$£@#&*()"], ["🎉🎉"]])("%j (empty or only symbols) gives an empty slug", (input) => {
    expect(slugify(input)).toBe("");
  });

  it("an empty slug is refused with the spec's message", () => {
    const category = categoryFormSchema.safeParse({ name: "!!!", slug: slugify("!!!") });
    expect(category.success).toBe(false);
    expect(category.error?.issues.find((i) => i.path[0] === "slug")?.message).toBe("Le slug de la catégorie est obligatoire.");
    const page = pageFormSchema.safeParse({ title: "???", slug: slugify("???"), content: "<p>x</p>" });
    expect(page.error?.issues.find((i) => i.path[0] === "slug")?.message).toBe("Le slug de la page est obligatoire.");
  });

  it("any text gives a slug the forms accept, and slugifying again changes nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (text) => {
        const slug = slugify(text);
        expect(slugify(slug)).toBe(slug);
        if (slug === "") return;
        expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        expect(categoryFormSchema.safeParse({ name: "Nom", slug }).success).toBe(true);
        expect(pageFormSchema.safeParse({ title: "Titre", slug, content: "x" }).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("derives the concept page path from the product name", () => {
    expect(conceptPath("Crevarde")).toBe("/pourquoi-crevarde");
    expect(conceptPath("Bons Plans Été")).toBe("/pourquoi-bons-plans-ete");
  });

  it("SLUG_SHAPE: every slug the rule makes (up to 120 characters) has the shape; what an address may hold besides does not", () => {
    fc.assert(fc.property(fc.string({ maxLength: 120 }), (input) => slugify(input) === "" || SLUG_SHAPE.test(slugify(input))));
    for (const slug of ["skincare-chere", "a", "x".repeat(120)]) expect(SLUG_SHAPE.test(slug), slug).toBe(true);
    for (const other of ["", "x".repeat(121), "Crème", "../admin", "a b", "a_b", "A"]) expect(SLUG_SHAPE.test(other), other).toBe(false);
  });
});
