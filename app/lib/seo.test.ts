import { describe, expect, it } from "vitest";
import { absoluteUrl, breadcrumbJsonLd, errorSeo, seo } from "./seo";

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

describe("errorSeo()", () => {
  const title = (tags: ReturnType<typeof seo>) => tags.flatMap((t) => (t && "title" in t ? [t.title] : []))[0];
  const description = (tags: ReturnType<typeof seo>) => tags.find((t) => t && "name" in t && t.name === "description");
  const location = { pathname: "/marques/inconnue" };

  it("names a 404 (or a missing error) Page introuvable, with a description and noindex", () => {
    // the shape of a thrown 404 Response once React Router has caught it (isRouteErrorResponse)
    const notFound = { status: 404, statusText: "Not Found", internal: false, data: "Not Found" };
    for (const error of [undefined, notFound]) {
      const tags = errorSeo({ error, location, matches });
      expect(title(tags)).toBe("Page introuvable | Crevarde");
      expect(description(tags)).toMatchObject({ content: expect.stringMatching(/^Cette page n'existe pas ou plus\./) });
      expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    }
  });

  it("names any other error Erreur, never indexed", () => {
    const tags = errorSeo({ error: new Error("boom"), location, matches });
    expect(title(tags)).toBe("Erreur | Crevarde");
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

describe("absoluteUrl", () => {
  it("makes a site path absolute and keeps an http(s) URL (an image on another host, JSON-LD logos)", () => {
    expect(absoluteUrl("https://crevarde.fr", "/uploads/logo.webp")).toBe("https://crevarde.fr/uploads/logo.webp");
    expect(absoluteUrl("https://crevarde.fr", "https://cdn.example.com/logo.png")).toBe("https://cdn.example.com/logo.png");
    expect(absoluteUrl("https://crevarde.fr", "HTTP://cdn.example.com/x.png")).toBe("HTTP://cdn.example.com/x.png");
  });
});
