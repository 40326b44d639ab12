import { describe, expect, it } from "vitest";
import { linkHref, RICH_TEXT_ACTIONS, unsupportedTags } from "./rich-text-actions";

describe("rich-text toolbar", () => {
  it("has the French labels, in order", () => {
    expect(RICH_TEXT_ACTIONS.map((a) => a.label)).toEqual(["Gras", "Italique", "Titre", "Liste à puces", "Liste numérotée", "Lien", "Citation", "Annuler la dernière modification", "Rétablir la modification"]);
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

describe("content the editor cannot keep", () => {
  it("names the elements it would drop; simple text has none", () => {
    expect(unsupportedTags("<h2>Titre</h2><p>Un <strong>mot</strong>, un <a href='/x'>lien</a>.</p><ul><li>a</li></ul><blockquote><p>c</p></blockquote>")).toEqual([]);
    expect(unsupportedTags('Économise sur <span class="highlight">tes marques</span>')).toEqual(["span"]);
    expect(unsupportedTags('<p><img src="/uploads/a.webp" alt=""></p><table><tr><td>1</td></tr></table><IMG src="x">')).toEqual(["img", "table", "tr", "td"]);
  });
});
