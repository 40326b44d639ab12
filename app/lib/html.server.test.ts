import { describe, expect, it } from "vitest";
import { sanitizeInlineHtml, sanitizeRichHtml } from "./html.server";

describe("sanitizeRichHtml", () => {
  it("removes scripts, event handlers and javascript: links", () => {
    const out = sanitizeRichHtml(
      `<p onclick="x()">Salut<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)">`,
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain("<p>Salut</p>");
  });
  it("keeps formatting and marks external links noopener", () => {
    const out = sanitizeRichHtml(`<h2>Titre</h2><ul><li><strong>a</strong></li></ul><a href="https://ex.fr">x</a>`);
    expect(out).toContain("<h2>Titre</h2>");
    expect(out).toContain('rel="noopener noreferrer nofollow"');
  });
});

describe("sanitizeInlineHtml", () => {
  it("keeps inline emphasis only", () => {
    expect(sanitizeInlineHtml(`Économise <span class="highlight">gros</span><div>x</div><a href="/">y</a>`)).toBe(
      `Économise <span class="highlight">gros</span>xy`,
    );
  });
});
