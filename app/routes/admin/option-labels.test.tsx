/**
 * Issue #37 item 9 « French polish »: the back office's selects, filters and cells name a value
 * the way staff read it (« Accueil », « Texte », « Temu », « Risqué »), never by its raw value
 * (`home`, `text`, `temu`, `risky`). The screens are rendered with their loader's data.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CONTENT_TYPES } from "#db/constants";
import { BADGE_TYPES } from "#db/constants";
import AdminContent from "./content";
import AdminDeals from "./crevarde-deals";
import { CONTENT_TYPE_LABELS, CONTENT_TYPE_OPTIONS, contentPageChoices, contentPageLabel } from "#app/modules/content/content-block-form.schema";
import { CONTENT_BLOCK_TYPES } from "#app/modules/content/content-list";
import { BADGE_OPTIONS } from "#app/modules/deals/deal-form.schema";
import { DEAL_SOURCE_OPTIONS, DEAL_SOURCES, dealSourceLabel } from "#app/modules/deals/deals.constants";

/** A screen's HTML as its loader's data renders it. */
function render(path: string, Component: unknown, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "screen", path, Component: Component as never, loader: () => loaderData }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { screen: loaderData } }} />);
}

/** The options of the select named `name`, as [value, label]. */
function options(html: string, name: string): Array<[string, string]> {
  const select = html.match(new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`))?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m): [string, string] => [m[1]!, m[2]!]).filter(([value]) => value !== "");
}

/** The text of the table's body cells, without the column name a narrow screen shows first. */
const cells = (html: string) =>
  [...(html.match(/<tbody.*<\/tbody>/)?.[0] ?? "").matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) =>
    m[1]!
      .replace(/^<span aria-hidden="true"[^>]*>[^<]*<\/span>/, "")
      .replace(/<[^>]+>/g, "")
      .trim(),
  );

const SITE = { slug: "pourquoi-crevarde", siteName: "Crevarde" };
const AT = "2026-11-01T10:00:00.000Z";
const pager = { page: 1, pageCount: 1, total: 2, pageSize: 20 };
const query = (sort: string) => ({ q: "", sort, dir: "asc", filters: {} });

describe("/admin/content names pages and types in French", () => {
  const block = (id: string, page: string, type: string) => ({ id, name: `bloc-${id}`, title: `Bloc ${id}`, page, type, position: 0, content: "x", createdAt: AT, updatedAt: AT });
  const html = render("/admin/content", AdminContent, {
    blocks: [block("1", "home", "json"), block("2", "about", "html")],
    pager,
    pages: ["about", "blog", "home", SITE.slug],
    query: query("page"),
    choices: { sitePages: contentPageChoices(SITE.slug), adminPages: [], concept: SITE },
  });

  it("the « Page » filter offers Accueil, À propos, Blog and the concept page by name", () => {
    expect(options(html, "contentPage")).toEqual([
      ["about", "À propos"],
      ["blog", "Blog"],
      ["home", "Accueil"],
      [SITE.slug, "Pourquoi Crevarde ?"],
    ]);
  });

  it("the « Type » filter uses the form's labels: Texte, HTML, JSON, Image", () => {
    expect(options(html, "type")).toEqual([
      ["text", "Texte"],
      ["html", "HTML"],
      ["json", "JSON"],
      ["image", "Image"],
    ]);
  });

  it("the list's Page and Type cells show the names, not `home` / `json`", () => {
    const shown = cells(html);
    expect(shown).toEqual(expect.arrayContaining(["Accueil", "À propos", "JSON", "HTML"]));
    expect(shown).not.toContain("home");
    expect(shown).not.toContain("json");
  });

  it("every site page and every block type has a label of its own", () => {
    for (const page of contentPageChoices(SITE.slug)) expect(contentPageLabel(page, SITE)).not.toBe(page);
    expect(Object.keys(CONTENT_TYPE_LABELS).sort()).toEqual([...CONTENT_TYPES].sort());
    expect(CONTENT_TYPE_OPTIONS.map((o) => o.value)).toEqual([...CONTENT_BLOCK_TYPES]);
    // a page created in « Pages » keeps its slug, the only name it has here
    expect(contentPageLabel("mentions-legales", SITE)).toBe("mentions-legales");
    expect(contentPageLabel("constructor", SITE)).toBe("constructor");
  });
});

describe("/admin/crevarde-deals names sources and badges as brands and words", () => {
  const deal = (id: string, source: string) => ({
    id,
    title: `Deal ${id}`,
    price: "9,90 €",
    originalPrice: null,
    badgeText: "Top",
    badgeType: "risky",
    source,
    brandName: null,
    status: "published",
    draft: false,
    temperature: 0,
    isFeatured: false,
    imageUrl: null,
    createdAt: AT,
    schedule: "live",
    publishAt: null,
    unpublishAt: null,
  });
  const html = render("/admin/crevarde-deals", AdminDeals, { deals: [deal("1", "aliexpress"), deal("2", "boutique locale")], pager, query: query("created"), brands: [] });

  it("the « Source » filter reads Temu, Shein, AliExpress: no raw value as a label", () => {
    expect(options(html, "source")).toEqual([
      ["temu", "Temu"],
      ["shein", "Shein"],
      ["aliexpress", "AliExpress"],
    ]);
    for (const o of DEAL_SOURCE_OPTIONS) expect(o.label).not.toBe(o.value);
    expect(DEAL_SOURCE_OPTIONS.map((o) => o.value)).toEqual([...DEAL_SOURCES]);
  });

  it("the list's Source cell names a known source by its brand, and keeps a free-text one as typed", () => {
    const shown = cells(html);
    expect(shown).toContain("AliExpress");
    expect(shown).not.toContain("aliexpress");
    expect(shown).toContain("boutique locale");
    expect(dealSourceLabel(" Shein ")).toBe("Shein");
    expect(dealSourceLabel("constructor")).toBe("constructor");
  });

  it("the form's « Type de badge » select offers Hot, Risqué, Fun for hot, risky, fun", () => {
    expect(BADGE_OPTIONS).toEqual([
      { value: "hot", label: "Hot" },
      { value: "risky", label: "Risqué" },
      { value: "fun", label: "Fun" },
    ]);
    expect(BADGE_OPTIONS.map((o) => o.value)).toEqual([...BADGE_TYPES]);
  });
});
