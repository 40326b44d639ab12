import { describe, expect, it } from "vitest";
import { TOOLBAR_ACTIONS, wrapSelection } from "./html-toolbar";

describe("wrapSelection", () => {
  it("wraps the selected text and keeps it selected", () => {
    const r = wrapSelection("Salut toi", 6, 9, "bold");
    expect(r.text).toBe("Salut <strong>toi</strong>");
    expect(r.text.slice(r.selectionStart, r.selectionEnd)).toBe("toi");
    expect(wrapSelection("x", 0, 1, "h2").text).toBe("<h2>x</h2>");
    expect(wrapSelection("x", 0, 1, "ul").text).toBe("<ul>\n  <li>x</li>\n</ul>");
  });
  it("offers the nine actions of the spec", () => {
    expect(TOOLBAR_ACTIONS.map((a) => a.id)).toEqual(["bold", "italic", "underline", "link", "ol", "ul", "h2", "quote", "image"]);
  });
});
