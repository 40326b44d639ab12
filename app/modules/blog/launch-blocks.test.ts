import { describe, expect, it } from "vitest";
import { ARTICLES } from "#app/seed/data/blog";
import { bodyForLaunch } from "./launch-blocks";

const SOON = /bientôt|sera lancé|prochainement|pas encore ouvert/i;

describe("articles written for both states of the cashback launch", () => {
  it("keeps the blocks of the current state, unwrapped, and drops the others", () => {
    const html = '<div data-cashback="soon"><p>A</p></div>\n<p>Toujours</p>\n<div data-cashback="launched"><p>B</p></div>';
    expect(bodyForLaunch(html, false)).toBe("<p>A</p><p>Toujours</p>\n");
    expect(bodyForLaunch(html, true)).toBe("<p>Toujours</p>\n<p>B</p>");
    expect(bodyForLaunch("<p>Sans bloc</p>", true)).toBe("<p>Sans bloc</p>");
  });

  it("the seeded article on cashback reads right in both states", () => {
    const article = ARTICLES.find((a) => a.id === "cashback-explique")!;
    const launched = bodyForLaunch(article.body, true);
    const soon = bodyForLaunch(article.body, false);
    expect(launched).not.toMatch(SOON);
    expect(launched).toContain("Mon cashback");
    expect(soon).toContain("pas encore ouvert");
    for (const body of [launched, soon]) expect(body).not.toContain("data-cashback");
    expect(article.excerpt).not.toMatch(SOON);
  });
});
