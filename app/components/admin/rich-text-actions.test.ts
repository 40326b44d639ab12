import { describe, expect, it } from "vitest";
import { linkHref, RICH_TEXT_ACTIONS } from "./rich-text-actions";

describe("rich-text toolbar", () => {
  it("has the French labels, in order", () => {
    expect(RICH_TEXT_ACTIONS.map((a) => a.label)).toEqual(["Gras", "Italique", "Titre", "Liste à puces", "Liste numérotée", "Lien", "Citation", "Annuler", "Rétablir"]);
  });
  it("keeps only the links the server keeps; empty removes the link", () => {
    expect(linkHref(" https://exemple.fr/a ")).toBe("https://exemple.fr/a");
    expect(linkHref("/page/apropos")).toBe("/page/apropos");
    expect(linkHref("mailto:bonjour@exemple.fr")).toBe("mailto:bonjour@exemple.fr");
    expect(linkHref("")).toBe("");
    expect(linkHref("https://")).toBe("");
    for (const bad of ["javascript:alert(1)", "//evil.example", "exemple.fr", "data:text/html,x"]) expect(linkHref(bad), bad).toBeNull();
  });
});
