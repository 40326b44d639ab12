/**
 * The deals' full-text search (issue #14) on the demo catalogue plus a few
 * fixture deals. Every case of the table is one the old search
 * (`lower(title || ' ' || description) like '%q%'`) missed: the test checks
 * that too, so a case that the old search already found cannot slip in.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "#app/seed/index";
import { loader as dealsLoader } from "#app/routes/coup-de-crevarde";
import { FACET_WINDOW, searchDeals, searchDealsQuery } from "#app/modules/deals/deals.server";
import { parseDealSearch } from "#app/modules/deals/deals.schema";
import { matchQuery, refreshLexicon, searchStats } from "#app/modules/search/search.server";
import { RELEVANCE_WINDOW } from "#app/modules/deals/deals.constants";
import { DEALS_PAGE_SIZE } from "#app/modules/deals/deals.schema";
import { req } from "#tests/helpers/auth";
import { describeEachDb } from "#tests/helpers/db";
import { callRoute } from "#tests/helpers/route";

const MACHINE = "Machine à café expresso";
const ECOUTEURS = "Écouteurs sans fil étanches";
const GUA_SHA = "Gua-sha en quartz rose";
const OREAL = "Coffret L'Oréal Paris Revitalift";
const CREME = "Crème hydratante à l'aloe vera";
const KABUKI = "Pinceau kabuki biseauté";
const SERUM = "Sérum vitamine C éclat";
const CHAUSSURES = "Chaussures de randonnée imperméables";
const THEIERE = "Théière en fonte émaillée";
// from the demo seed
const PINCEAUX = "Lot de 20 pinceaux de maquillage";
const ROULEAU = "Rouleau de jade et gua sha";
const MIROIR = "Miroir lumineux LED grossissant";
const BROSSE = "Brosse nettoyante visage en silicone";
const LEGGING = "Legging de sport taille haute";
const DIFFUSEUR = "Diffuseur d'huiles essentielles effet bois";
const PINCES = "Pinces à cheveux griffes x6";

/** Newest first: the Théière (café in its description only) is newer than the Machine à café. */
const FIXTURES: Array<{ title: string; description: string; source: string; brand?: string }> = [
  { title: THEIERE, description: "Garde le thé chaud longtemps ; fait aussi office de carafe pour le café.", source: "aliexpress" },
  { title: MACHINE, description: "Broyeur intégré et buse vapeur pour une mousse de lait onctueuse.", source: "temu" },
  { title: ECOUTEURS, description: "Bluetooth 5.3, boîtier de charge, parfaits pour le sport sous la pluie.", source: "aliexpress" },
  { title: GUA_SHA, description: "Pierre naturelle pour masser le visage et dégonfler au réveil.", source: "aliexpress" },
  { title: OREAL, description: "Soin de jour et contour des yeux anti-rides, format voyage.", source: "shein" },
  { title: CREME, description: "Texture légère, non grasse, pour peaux déshydratées.", source: "shein", brand: "nuxe" },
  { title: KABUKI, description: "Poils ultra-denses pour fond de teint fluide.", source: "temu" },
  { title: SERUM, description: "Flacon pipette de 30 ml, teint lumineux en deux semaines.", source: "shein", brand: "caudalie" },
  { title: CHAUSSURES, description: "Semelle crantée, membrane respirante, pointures du 36 au 46.", source: "aliexpress" },
];

/** For the price sort: the same rare word, prices written every way, two unreadable ones. */
const PRICED: Array<[string, string]> = [
  ["Tirelire cochon rose", "12,50€"],
  ["Tirelire en céramique", "Prix mystère"],
  ["Tirelire licorne", "0,99 €"],
  ["Tirelire coffre-fort", "1 299,00 €"],
  ["Tirelire en bois", "3€"],
  ["Tirelire géante", "—"],
  ["Tirelire de voyage", "49.90€"],
];

type Case = { q: string; finds: string; not?: string[]; why: string };

/** Query → a title it must find (and, sometimes, titles it must not). */
const CASES: Case[] = [
  // accents, either way
  { q: "cafe", finds: MACHINE, why: "accent" },
  { q: "etanche", finds: ECOUTEURS, why: "accent" },
  { q: "ecouteurs", finds: ECOUTEURS, why: "accent" },
  { q: "creme hydratante", finds: CREME, why: "accent" },
  { q: "impermeable", finds: CHAUSSURES, why: "accent" },
  { q: "randonnee", finds: CHAUSSURES, why: "accent" },
  { q: "serum vitamine", finds: SERUM, why: "accent" },
  { q: "theiere", finds: THEIERE, why: "accent" },
  { q: "fonte emaillee", finds: THEIERE, why: "accent" },
  // case
  { q: "CAFE", finds: MACHINE, why: "case" },
  { q: "ETANCHES ECOUTEURS", finds: ECOUTEURS, why: "case, order" },
  { q: "EXPRESSO CAFÉ", finds: MACHINE, why: "case, order" },
  // plurals and other forms of a word
  { q: "pinceaux", finds: KABUKI, why: "plural" },
  { q: "crèmes hydratantes", finds: CREME, why: "plural" },
  { q: "machines a cafe", finds: MACHINE, why: "plural, accent" },
  { q: "hydrater", finds: CREME, why: "verb" },
  { q: "chaussure randonnée", finds: CHAUSSURES, why: "singular, stop word" },
  // typos of one or two letters
  { q: "maquilage", finds: PINCEAUX, why: "typo" },
  { q: "maquiyage", finds: PINCEAUX, why: "typo" },
  { q: "serrum", finds: SERUM, why: "typo" },
  { q: "chausures", finds: CHAUSSURES, why: "typo" },
  { q: "expreso", finds: MACHINE, why: "typo" },
  { q: "pinceaus", finds: KABUKI, why: "typo" },
  { q: "pinceaux maquilage", finds: PINCEAUX, not: [KABUKI], why: "typo and a correct word" },
  { q: "chaussure randonee", finds: CHAUSSURES, why: "typo and a singular" },
  // several words, any order
  { q: "pinceaux maquillage", finds: PINCEAUX, not: [KABUKI], why: "words" },
  { q: "maquillage pinceaux", finds: PINCEAUX, not: [KABUKI], why: "order" },
  { q: "pinceaux 20", finds: PINCEAUX, why: "order, number" },
  { q: "expresso machine", finds: MACHINE, why: "order" },
  { q: "fil sans écouteurs", finds: ECOUTEURS, why: "order" },
  { q: "écouteurs bluetooth", finds: ECOUTEURS, why: "title and description" },
  { q: "legging shein", finds: LEGGING, why: "title and source" },
  { q: "diffuseur huile", finds: DIFFUSEUR, why: "apostrophe, singular" },
  // hyphens
  { q: "gua sha", finds: GUA_SHA, not: [MACHINE], why: "hyphen" },
  { q: "sha gua", finds: GUA_SHA, why: "hyphen, order" },
  { q: "gua-sha", finds: ROULEAU, why: "hyphen the other way" },
  // apostrophes
  { q: "l'oreal", finds: OREAL, why: "apostrophe, accent" },
  { q: "L’Oréal", finds: OREAL, why: "typographic apostrophe" },
  { q: "oreal revitalift", finds: OREAL, why: "apostrophe left out" },
  // a word being typed
  { q: "ecout", finds: ECOUTEURS, why: "partial, accent" },
  { q: "maquil pinc", finds: PINCEAUX, why: "partial words" },
  { q: "expr caf", finds: MACHINE, why: "partial words" },
  { q: "impermeab", finds: CHAUSSURES, why: "partial, stem shorter than the prefix" },
  { q: "hydratan creme", finds: CREME, why: "partial, stem shorter than the prefix" },
  { q: "nettoyan visage", finds: BROSSE, why: "partial, stem shorter than the prefix" },
  { q: "grossissan miroir", finds: MIROIR, why: "partial, stem shorter than the prefix" },
  { q: "lumineu miroir", finds: MIROIR, why: "partial, stem shorter than the prefix" },
];

/** Hostile or odd queries: the search answers (maybe nothing), it never throws. */
const BAD_QUERIES = [
  "café & !thé", "pinceaux | maquillage", "!!!", "pinceaux:*", "maquillage:A", "<->", "a <-> b", "<2>", "(", ")", "((pinceaux)",
  "-pinceaux", "pinceaux -maquillage", '"pinceaux maquillage"', '"', "'", "''", "'::*", "maquillage OR café", "NOT café",
  "\\", "\\\\", "pinceaux\\", "\\'", "%", "%%", "_", "%_%", "50%", "a_b", "\u0000", "café\u0000pinceaux", "\u0000\u0000",
  "🔥💄", "crème 🔥", "👩🏽‍🔬", "مرحبا بالعالم", "漢字", "東京 カフェ", "Ελληνικά", "русский", "עברית", "ﷺ", "\u0301\u0301", "e\u0301tanche",
  "x".repeat(1000), "é".repeat(1000), "🔥".repeat(1000), "café ".repeat(200), "a b c d e f g h i j k l", "${q}", "'; drop table crevarde_deals; --",
  "   ", "\t\n", "0", "00000000", "1e309", "undefined", "__proto__",
];

describeEachDb("deal search", ({ database, kind }) => {
  const search = (q: string, extra: Record<string, string> = {}) => searchDeals(parseDealSearch(new URLSearchParams({ q, ...extra })), false);
  const titles = async (q: string, extra: Record<string, string> = {}) => (await search(q, extra)).deals.map((d) => d.title);

  /** The deals the old search found: `lower(title || ' ' || description) like` the query, lower-cased by JS (as it did) or by SQL. */
  async function oldSearch(q: string): Promise<string[]> {
    const term = q.trim().slice(0, 100);
    const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
    const found = (await database().db.execute(sql`select title from crevarde_deals
      where lower(title || ' ' || description) like ${`%${escaped.toLowerCase()}%`}
         or lower(title || ' ' || description) like '%' || lower(${escaped}::text) || '%'`)) as unknown as { rows: { title: string }[] };
    return found.rows.map((r) => r.title);
  }

  beforeAll(async () => {
    const db = database().db;
    await seed(db, { uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), "crevarde-search-")) });
    const brandIds = new Map((await db.select({ id: s.brands.id, slug: s.brands.slug }).from(s.brands)).map((b) => [b.slug, b.id]));
    const now = Date.now();
    await db.insert(s.crevardeDeals).values(
      FIXTURES.map((f, i) => ({
        title: f.title, description: f.description, price: "9,99€", source: f.source, badgeText: "Prix cassé",
        url: "https://www.temu.com/fr/x.html", brandId: f.brand ? brandIds.get(f.brand) : null, createdAt: new Date(now - (i + 1) * 60_000),
      })),
    );
    await db.insert(s.crevardeDeals).values(
      PRICED.map(([title, price], i) => ({
        title, description: "Pour économiser.", price, source: "temu", badgeText: "Fun", url: "https://www.temu.com/fr/t.html",
        createdAt: new Date(now - 24 * 3_600_000 - i * 60_000),
      })),
    );
    expect(await refreshLexicon(db)).toBeGreaterThan(100);
  });

  it(`has ${CASES.length} cases (at least 30), each different`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c.q)).size).toBe(CASES.length);
  });

  it.each(CASES)("“$q” finds “$finds” ($why), which the like search missed", async ({ q, finds, not = [] }) => {
    expect(await oldSearch(q), `the old search already found “${finds}” for “${q}”`).not.toContain(finds);
    const found = await titles(q);
    expect(found, q).toContain(finds);
    for (const title of not) expect(found, q).not.toContain(title);
  });

  it("every word must match: one known word and one absent word find nothing", async () => {
    expect(await titles("cafe")).toContain(MACHINE);
    const outcome = await search("cafe xylophone");
    expect(outcome.deals).toEqual([]);
    expect(outcome.correction).toBeNull();
    expect(outcome.facets).toMatchObject({ total: 0, capped: false, sources: {}, brands: [] });
    expect(await titles("pinceaux kabuki")).toEqual([KABUKI]);
  });

  it("a number after a hyphen is found: the parser stores « SPF-50 » as 'spf' and '-50'", async () => {
    const title = "Fluide solaire SPF-50 teinté, lot de 2";
    await database().db.insert(s.crevardeDeals).values({
      title, description: "Protection très haute, fini invisible.", price: "9,99€", source: "shein", badgeText: "Fun", url: "https://www.shein.com/fr/f.html",
      createdAt: new Date(Date.now() - 48 * 3_600_000),
    });
    for (const q of [title, "SPF-50", "spf 50", "fluide 50", "solaire-50"]) expect(await titles(q), q).toContain(title);
    // the signed form is an alternative of the number, never a way around a word
    expect(await titles("fluide 51")).not.toContain(title);
  });

  it("a word that reads as a number in scientific notation is found, alone or after a hyphen (« lot-9e5262 », « 46e9e0 »)", async () => {
    const titles_ = ["Friteuse sans huile 5 L desktop-9e5262 (corrigé)", "Friteuse sans huile 5 L mobile-46e9e0", "Gourde isotherme 1e10ab", "Tapis de yoga 12e4-7e3"];
    await database().db.insert(s.crevardeDeals).values(
      titles_.map((title) => ({ title, description: "Pour économiser.", price: "9,99€", source: "temu", badgeText: "Fun", url: "https://www.temu.com/fr/n.html", createdAt: new Date(Date.now() - 72 * 3_600_000) })),
    );
    for (const title of titles_) expect(await titles(title), title).toContain(title);
    expect(await titles("9e5262")).toEqual([titles_[0]]);
    expect(await titles("46e9e0 friteuse")).toEqual([titles_[1]]);
    expect(await titles("1e10ab")).toEqual([titles_[2]]);
    // an alternative of the word, never a way around another word
    expect(await titles("46e9e0 xylophone")).toEqual([]);
    // the other tests count the catalogue's deals
    await database().db.delete(s.crevardeDeals).where(inArray(s.crevardeDeals.title, titles_));
  });

  it("corrections: applied when the close word finds deals, offered (“Tu voulais dire”) otherwise", async () => {
    expect((await search("maquilage")).correction).toEqual({ query: "maquillage", applied: true });
    expect((await search("pinceaux maquilage")).correction).toEqual({ query: "pinceaux maquillage", applied: true });
    expect((await search("serrum")).correction).toEqual({ query: "sérum", applied: true });
    // not close enough to be used on its own: nothing found, the word offered
    const srum = await search("srum");
    expect(srum.deals).toEqual([]);
    expect(srum.correction).toEqual({ query: "sérum", applied: false });
    // one letter off (the apostrophe's "l" glued on) in a word of six: searched at once
    const loreal = await search("loreal");
    expect(loreal.deals.map((d) => d.title)).toContain(OREAL);
    expect(loreal.correction).toEqual({ query: "oréal", applied: true });
    // two letters swapped count as one edit: the closest word by edits wins over a more similar-looking one
    expect((await search("pinceuax")).correction).toEqual({ query: "pinceaux", applied: true });
    // two edits in a word of five are too many to search without asking
    const brosh = await search("brosh");
    expect(brosh.deals).toEqual([]);
    expect(brosh.correction).toEqual({ query: "brosse", applied: false });
    // close, but the other word still finds nothing: offered, not applied
    const both = await search("maquilage xylophone");
    expect(both.deals).toEqual([]);
    expect(both.correction).toEqual({ query: "maquillage xylophone", applied: false });
    // a known word is never corrected, and a found query has no correction
    expect((await search("maquillage")).correction).toBeNull();
    // the page shows it and counts the search
    const page = await callRoute(dealsLoader, req("/coup-de-crevarde?q=Maquilage"));
    expect(page.status).toBe(200);
    expect(page.data.failed).toBe(false);
    expect(page.data.correction).toEqual({ query: "maquillage", applied: true });
    expect(page.data.deals.map((d) => d.title)).toContain(PINCEAUX);
    const none = await callRoute(dealsLoader, req("/coup-de-crevarde?q=srum"));
    expect(none.data.correction).toEqual({ query: "sérum", applied: false });
    const stats = await searchStats(30, 10, database().db);
    expect(stats.top).toEqual(expect.arrayContaining([{ query: "maquilage", searches: 1 }, { query: "srum", searches: 1 }]));
    expect(stats.empty).toEqual([{ query: "srum", searches: 1 }]);
  });

  it("sort by relevance: a title match above a newer description-only match", async () => {
    const found = await titles("café");
    expect(found).toEqual(expect.arrayContaining([MACHINE, THEIERE, PINCES]));
    expect(found.indexOf(MACHINE)).toBeLessThan(found.indexOf(THEIERE));
    expect(found.indexOf(MACHINE)).toBeLessThan(found.indexOf(PINCES));
    expect(parseDealSearch(new URLSearchParams({ q: "café" })).sort).toBe("pertinence");
  });

  it("sort by date: newest first", async () => {
    const outcome = await search("café", { tri: "nouveautes" });
    expect(outcome.deals.map((d) => d.title)).toEqual([THEIERE, MACHINE, PINCES]);
    const dates = outcome.deals.map((d) => d.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = (await search("")).deals.map((d) => d.createdAt);
    expect([...all].sort().reverse()).toEqual(all);
  });

  it("sort by price: lowest first, prices that cannot be read last", async () => {
    const outcome = await search("tirelire", { tri: "prix" });
    expect(outcome.deals.map((d) => d.price)).toEqual(["0,99 €", "3€", "12,50€", "49.90€", "1 299,00 €", "Prix mystère", "—"]);
    const [{ cents }] = ((await database().db.execute(sql`select array_agg(price_cents order by price_cents nulls last) as cents from crevarde_deals where title like 'Tirelire%'`)) as unknown as {
      rows: { cents: (number | null)[] }[];
    }).rows;
    expect(cents).toEqual([99, 300, 1250, 4990, 129900, null, null]);
    // without a query too: the cheapest deal of the catalogue first
    const cheapest = await search("", { tri: "prix" });
    expect(cheapest.deals[0]!.price).toBe("0,99 €");
  });

  it("brand filter (marque=<slug>) and source filter, with their facets", async () => {
    expect(await titles("vitamine", { marque: "caudalie" })).toEqual([SERUM]);
    const nuxe = await search("vitamine", { marque: "nuxe" });
    expect(nuxe.deals).toEqual([]);
    // the brand facet ignores the chosen brand, which stays listed even without a deal
    expect(nuxe.facets.brands).toEqual([{ slug: "caudalie", name: "Caudalie", count: 1 }, { slug: "nuxe", name: "Nuxe", count: 0 }]);
    expect(nuxe.facets.total).toBe(0);
    expect(await titles("", { marque: "nuxe" })).toEqual([CREME]);
    expect(await titles("vitamine", { marque: "inconnue" })).toEqual([]);

    const temu = await search("cafe", { source: "temu", tri: "nouveautes" });
    expect(temu.deals.map((d) => d.title)).toEqual([MACHINE, PINCES]);
    // the source facet ignores the chosen source; the total does not
    expect(temu.facets.sources).toEqual({ temu: 2, aliexpress: 1 });
    expect(temu.facets.total).toBe(2);
    expect(await titles("cafe", { source: "shein" })).toEqual([]);
    const all = await search("cafe");
    expect(all.facets).toEqual({ sources: { temu: 2, aliexpress: 1 }, brands: [], total: 3, capped: false });
    expect((await search("hydratante")).facets.brands).toEqual([{ slug: "nuxe", name: "Nuxe", count: 1 }]);
  });

  it(`facets count at most ${FACET_WINDOW} matches and say so (capped)`, async () => {
    const db = database().db;
    await db.execute(sql`insert into crevarde_deals (title, description, price, source, badge_text, url, created_at)
      select 'Gourde isotherme n°' || g, case when g % 97 = 0 then 'Gourde gourde gourde, garde au frais.' else 'Garde au frais.' end, '4,99€', (array['temu', 'shein', 'aliexpress'])[1 + g % 3],
             'Prix cassé', 'https://www.temu.com/fr/gourde.html', now() - interval '10 days' - g * interval '1 minute'
      from generate_series(1, ${FACET_WINDOW + 1}) g`);
    const capped = await search("gourde");
    expect(capped.facets.total).toBe(FACET_WINDOW);
    expect(capped.facets.capped).toBe(true);
    // the per-source counts are over the same window, not one more
    expect(Object.values(capped.facets.sources).reduce((a: number, b) => a + (b as number), 0)).toBe(FACET_WINDOW);
    expect(capped.deals).toHaveLength(24);
    expect(capped.hasNext).toBe(true);
    // the page is taken from the facets' window (one walk of the date index): every page is the one the SQL
    // reference gives: « Pertinence » ts_rank_cd over the RELEVANCE_WINDOW newest matches, up to the window's end;
    // « Nouveautés » the window itself, then the query past its end
    const lastRanked = Math.ceil(RELEVANCE_WINDOW / DEALS_PAGE_SIZE);
    const lastInWindow = Math.floor((FACET_WINDOW - DEALS_PAGE_SIZE) / DEALS_PAGE_SIZE) + 1;
    const pages = { pertinence: [1, 2, lastRanked - 1, lastRanked, lastRanked + 1], nouveautes: [1, 2, lastInWindow, lastInWindow + 1] };
    for (const [tri, numbers] of Object.entries(pages)) {
      for (const page of numbers) {
        const params = parseDealSearch(new URLSearchParams({ q: "gourde", tri, page: String(page) }));
        const reference = await searchDealsQuery(db, params, matchQuery(["gourde"]));
        const found = await searchDeals(params, false);
        expect(found.deals.map((d) => d.id), `${tri} page ${page}`).toEqual(reference.slice(0, DEALS_PAGE_SIZE).map((d) => d.id));
        expect(found.hasNext, `${tri} page ${page}`).toBe(reference.length > DEALS_PAGE_SIZE);
        expect(found.deals.length > 0, `${tri} page ${page}`).toBe(!(tri === "pertinence" && page > lastRanked));
      }
    }
    const firstPage = await searchDeals(parseDealSearch(new URLSearchParams({ q: "gourde" })), false);
    // the deals that say "gourde" three times rank first, newest first among them
    expect(firstPage.deals.slice(0, 3).map((d) => d.description)).toEqual(Array(3).fill("Gourde gourde gourde, garde au frais."));
    expect(firstPage.deals.map((d) => d.createdAt).slice(0, 3)).toEqual(firstPage.deals.map((d) => d.createdAt).slice(0, 3).sort().reverse());
    // the page, the facets and the count come from one read of the newest matches: one statement matches the words
    const statements = kind === "pglite" ? vi.spyOn(database().pglite!, "query") : vi.spyOn(pg.Pool.prototype, "query");
    try {
      for (const tri of ["pertinence", "nouveautes"]) {
        statements.mockClear();
        await searchDeals(parseDealSearch(new URLSearchParams({ q: "gourde", tri })), false);
        const texts = statements.mock.calls.map(([query]) => (typeof query === "string" ? query : (query as { text: string }).text));
        expect(texts.filter((t) => t.includes("@@")), tri).toHaveLength(1);
      }
    } finally {
      statements.mockRestore();
    }
    // one fewer: exact
    await db.delete(s.crevardeDeals).where(eq(s.crevardeDeals.title, "Gourde isotherme n°1"));
    const exact = await search("gourde");
    expect(exact.facets).toMatchObject({ total: FACET_WINDOW, capped: false, sources: { temu: 333, shein: 333, aliexpress: 334 } });
    const shein = await search("gourde", { source: "shein" });
    expect(shein.facets).toMatchObject({ total: 333, capped: false });
    expect(shein.deals.every((d) => d.source === "shein")).toBe(true);
  });

  it.each(BAD_QUERIES.map((q) => [q.length > 40 ? `${q.slice(0, 20)}… (${q.length})` : JSON.stringify(q), q]))(
    "never throws on %s",
    async (_label, q) => {
      const outcome = await search(q);
      expect(Array.isArray(outcome.deals)).toBe(true);
      for (const tri of ["nouveautes", "prix"]) await search(q, { tri, source: "temu", marque: "nuxe" });
      const page = await callRoute(dealsLoader, req(`/coup-de-crevarde?q=${encodeURIComponent(q)}`));
      expect(page.status).toBe(200);
      expect(page.data.failed).toBe(false);
    },
  );

  it("operators and quotes are words, not syntax", async () => {
    expect(await titles('"pinceaux maquillage"')).toEqual([PINCEAUX]);
    expect(await titles("pinceaux & maquillage")).toEqual([PINCEAUX]);
    expect(await titles("-maquillage !pinceaux")).toEqual([PINCEAUX]);
    expect(await titles("pinceaux:* | kabuki")).toEqual([KABUKI]);
    // a query without a word (only signs, emoji) lists the deals as if there were no query
    const browse = await titles("");
    for (const q of ["%", "_", "!!!", "🔥💄", "'\"\\"]) expect(await titles(q), q).toEqual(browse);
  });
});
