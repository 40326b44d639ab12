import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, seo } from "./seo";

const matches = [{ id: "root", loaderData: { siteName: "Crevarde", siteUrl: "https://crevarde.example" } }];
const ldScripts = (tags: ReturnType<typeof seo>) =>
  tags.filter((t) => t && "script:ld+json" in t).map((t) => (t as { "script:ld+json": Record<string, unknown> })["script:ld+json"]);

describe("seo()", () => {
  it("renders one JSON-LD script per object when given an array", () => {
    const tags = seo({ title: "Caudalie", description: "d", path: "/marques/caudalie", jsonLd: [{ "@type": "Organization" }, { "@type": "BreadcrumbList" }] }, matches);
    expect(ldScripts(tags).map((j) => j["@type"])).toEqual(["Organization", "BreadcrumbList"]);
  });

  it("still accepts a single object, and none", () => {
    expect(ldScripts(seo({ title: "t", description: "d", path: "/", jsonLd: { "@type": "WebSite" } }, matches))).toHaveLength(1);
    expect(ldScripts(seo({ title: "t", description: "d", path: "/" }, matches))).toHaveLength(0);
  });

  it("adds noindex when asked", () => {
    const tags = seo({ title: "t", description: "d", path: "/x", noIndex: true }, matches);
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });
});

describe("breadcrumbJsonLd()", () => {
  it("numbers the items from 1 with absolute URLs", () => {
    expect(
      breadcrumbJsonLd("https://crevarde.example", [
        { name: "Accueil", path: "/" },
        { name: "Marques", path: "/marques" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Accueil", item: "https://crevarde.example/" },
        { "@type": "ListItem", position: 2, name: "Marques", item: "https://crevarde.example/marques" },
      ],
    });
  });
});
