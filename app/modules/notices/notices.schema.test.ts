import { describe, expect, it } from "vitest";
import { isSiteUrl } from "./notices.schema";

describe("isSiteUrl", () => {
  const site = "https://www.crevarde.fr";
  it.each([
    ["https://www.crevarde.fr/coup-de-crevarde", true],
    ["http://crevarde.fr/marques/x", true],
    ["https://CREVARDE.FR./blog", true],
    ["https://crevarde.fr.evil.example/", false],
    ["https://evil.example/?u=crevarde.fr", false],
    ["javascript:alert(1)//crevarde.fr", false],
    ["crevarde.fr/blog", false],
    ["", false],
  ])("%s → %s", (url, expected) => expect(isSiteUrl(url, site)).toBe(expected));
});
