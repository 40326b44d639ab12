/**
 * The site's search (issue #14, ADR 019): PostgreSQL full-text search with
 * the "fr_unaccent" configuration (French stems, accents folded) over the
 * generated `search` columns, and a lexicon of the catalogue's own words
 * with a trigram index for typos ("maquilage"), "Tu voulais dire …" and
 * the suggestions. The same SQL runs on PGlite and on PostgreSQL.
 *
 * User text is never read as query syntax: it is split into words of
 * letters and digits (search.schema.ts), and each word is one quoted operand.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { NAME_SEPARATORS } from "#db/schema/shared";
import { dealStatus } from "#db/states/deal-status";
import { getDb, type Db } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { compactName, normalizeQuery, searchWords, SEARCH_MAX_LENGTH, SUGGEST_MIN_LENGTH } from "./search.schema";

type Executor = Pick<Db, "execute">;

export const SEARCH_CONFIG = sql.raw("'fr_unaccent'::regconfig");
/** Lexicon words less similar than this (trigrams) are never offered as a correction. */
const SUGGEST_SIMILARITY = 0.3;
/** Words shorter than this are not corrected (too many near neighbours). */
const MIN_CORRECTED_LENGTH = 4;

async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  return ((await executor.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Accents folded and lower-cased like the database's unaccent dictionary
 * does for French ("Œufs" → "oeufs"), for lookups in the lexicon.
 */
export function foldWord(word: string): string {
  return word
    .toLocaleLowerCase("fr")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
}

/**
 * One word as a tsquery: the word whole, stemmed and folded by the
 * configuration (nothing for a stop word). Not a prefix ('word':*): the
 * planner estimates every prefix at a fixed 2 % of the rows, so a rare word
 * would be searched by reading the newest deals in order, every one of them,
 * instead of the GIN index. A word being typed is completed from the lexicon
 * instead (expandWords). Quoted by plainto_tsquery: never read as syntax.
 */
function wordQuery(word: string): SQL {
  const whole = sql`plainto_tsquery(${SEARCH_CONFIG}, ${word}::text)`;
  if (!/^\p{N}/u.test(word)) return whole;
  // a word that starts with digits is read as a number where it can be. After a hyphen it is read as a sign: « SPF-50 »
  // is stored as 'spf' and '-50' (« 12e4-7e3 » as '12e4' and '-7e3'), so a number also matches its signed form. In
  // scientific notation it is cut, but only when alone: « 46e9e0 » is searched as '46e9' and 'e0' while « lot-46e9e0 »
  // is stored whole, so the whole word, lower-cased, is a lexeme too (letters and digits only, quoted: never syntax)
  return sql`(${whole} || plainto_tsquery(${SEARCH_CONFIG}, ${`-${word}`}::text) || quote_literal(${word.toLocaleLowerCase("fr")}::text)::tsquery)`;
}

/** A word being typed also matches up to this many catalogue words it starts (most used first). */
const PREFIX_EXPANSION = 50;

/**
 * For each word being typed (three letters or more), the lexicon's words that
 * start with it: "maquil" finds "maquillage". (A prefix tsquery would also be
 * stemmed as if it were a whole word, and its stem can be longer than the
 * whole word's: "lumineu" stays "lumineu", "lumineux" becomes "lumin".)
 * Matched as alternatives of the typed word (matchQuery). Words that are
 * searched whole (under three letters, stop words) are not expanded. Looked
 * up before the search, so the search's tsquery is a constant the planner
 * can estimate (a subquery there hides how rare the word is from it, and it
 * reads the newest deals in order instead of the GIN index).
 */
export async function expandWords(db: Executor, words: readonly string[]): Promise<Record<string, string[]>> {
  const expansions: Record<string, string[]> = {};
  for (const word of words) {
    const folded = foldWord(word);
    if (Array.from(folded).length < 3 || !/^[a-z0-9]+$/.test(folded)) continue;
    const found = await rows<{ word: string }>(
      db,
      sql`select word from search_lexicon where word like ${`${folded}%`} and word <> ${folded}::text
        and numnode(plainto_tsquery(${SEARCH_CONFIG}, ${word}::text)) > 0 order by documents desc, word limit ${PREFIX_EXPANSION}`,
    );
    if (found.length > 0) expansions[word] = found.map((r) => r.word);
  }
  return expansions;
}

/**
 * Every word must match (AND), in any order; a word with alternatives
 * (typo corrections) matches any of them. Null without words.
 */
export function matchQuery(words: readonly string[], alternatives: Readonly<Record<string, readonly string[]>> = {}): SQL | null {
  if (words.length === 0) return null;
  const parts = words.map((word) => {
    const forms = [word, ...(alternatives[word] ?? [])].map(wordQuery);
    return forms.length === 1 ? forms[0]! : sql`(${sql.join(forms, sql` || `)})`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** A name column as one word: without spaces, hyphens and apostrophes, accents folded, lower-cased ("larocheposay"). */
function compactNameSql(column: AnyColumn): SQL {
  return sql`lower(unaccent(regexp_replace(${column}, ${NAME_SEPARATORS}::text, '', 'g')))`;
}

/**
 * A name that starts with what is typed, spaces, hyphens, apostrophes and accents aside on both
 * sides: « laroche », « la roche » and « LaRoche » find La Roche-Posay, « nu » finds Nuxe
 * (issue #34 item 5). Read row by row: only for the brands, a small table. Null under
 * SUGGEST_MIN_LENGTH letters.
 */
export function nameStartsWith(column: AnyColumn, typed: string): SQL | null {
  const prefix = foldWord(compactName(normalizeQuery(typed)));
  if (Array.from(prefix).length < SUGGEST_MIN_LENGTH) return null;
  return sql`${compactNameSql(column)} like ${`${prefix.replace(/[\\%_]/g, "\\$&")}%`}`;
}

/**
 * The full-text document of a name read from another table (an offer's brand), computed per row like
 * the brands' own (its words, and itself as one word: db/schema/shared.ts compactNameDocument).
 */
export function nameDocument(column: AnyColumn): SQL {
  return sql`(to_tsvector(${SEARCH_CONFIG}, ${column}) || to_tsvector(${SEARCH_CONFIG}, regexp_replace(${column}, ${NAME_SEPARATORS}::text, '', 'g')))`;
}

export interface Correction {
  /** the word as typed (lower-cased) */
  word: string;
  /** the lexicon's word, folded */
  replacement: string;
  /** how the catalogue writes it ("café") */
  display: string;
  similarity: number;
  /** letters to change, add, remove or swap to go from the typed word to the lexicon's */
  distance: number;
  /** close enough to be searched without asking (typoBudget) */
  auto: boolean;
}

/** Trigram candidates looked at for each unknown word, the closest by edit distance winning. */
const CORRECTION_CANDIDATES = 20;

/**
 * Typos searched without asking, by the length of the word: none under 5
 * letters, one from 5, two from 9 (Meilisearch's default rule, ADR 019).
 * Beyond that, the correction is only offered ("Tu voulais dire").
 */
export function typoBudget(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions
 * and swaps of two neighbouring letters ("pinceuax" → "pinceaux" is 1) each
 * count one.
 */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/** The lexicon's closest words to a folded word, by trigram similarity (reads search_lexicon_trgm_idx); exported for the query-plan test. */
export function closestWordQuery(folded: string): SQL {
  return sql`select word, display, similarity(word, ${folded}::text)::float8 as similarity from search_lexicon
    where word % ${folded}::text order by similarity desc, documents desc, word limit ${CORRECTION_CANDIDATES}`;
}

/**
 * For each word the catalogue does not know (no lexicon word starts with it),
 * the closest catalogue word: among the trigram neighbours (similarity at
 * least SUGGEST_SIMILARITY), the fewest edits first, then the most similar.
 * It is searched at once when its edits fit typoBudget, offered otherwise.
 */
export async function correctWords(db: Executor, words: readonly string[]): Promise<Correction[]> {
  const found: Correction[] = [];
  for (const word of words) {
    const folded = foldWord(word);
    if (Array.from(folded).length < MIN_CORRECTED_LENGTH || !/^[a-z0-9]+$/.test(folded)) continue;
    const [known] = await rows<{ one: number }>(db, sql`select 1 as one from search_lexicon where word like ${`${folded}%`} limit 1`);
    if (known) continue;
    const candidates = (await rows<{ word: string; display: string; similarity: number }>(db, closestWordQuery(folded)))
      .map((c) => ({ ...c, similarity: Number(c.similarity), distance: editDistance(folded, c.word) }))
      .filter((c) => c.similarity >= SUGGEST_SIMILARITY)
      .sort((a, b) => a.distance - b.distance || b.similarity - a.similarity);
    const best = candidates[0];
    if (best) {
      found.push({
        word,
        replacement: best.word,
        display: best.display.toLocaleLowerCase("fr"),
        similarity: best.similarity,
        distance: best.distance,
        auto: best.distance <= typoBudget(Array.from(folded).length),
      });
    }
  }
  return found;
}

/** The query with each corrected word replaced by the catalogue's spelling ("pinceaux maquilage" → "pinceaux maquillage"). */
export function correctedQuery(query: string, corrections: readonly Correction[]): string {
  let text = normalizeQuery(query);
  for (const c of corrections) {
    const escaped = c.word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu"), c.display);
  }
  return text;
}

export interface SearchOutcome<T> {
  result: T;
  /** the words searched */
  words: string[];
  /** the corrected query when corrections were applied or are offered, else null */
  correction: { query: string; applied: boolean } | null;
}

/**
 * Run a search; when it finds nothing, correct the words the catalogue does
 * not know. Close corrections (within typoBudget) are searched as
 * alternatives of the typed word; if that finds something the shopper sees
 * "Résultats pour …", otherwise "Tu voulais dire … ?".
 */
export async function searchWithCorrections<T>(
  db: Executor,
  query: string,
  run: (match: SQL | null) => Promise<T>,
  isEmpty: (result: T) => boolean,
): Promise<SearchOutcome<T>> {
  const words = searchWords(query);
  const expansions = await expandWords(db, words);
  const match = matchQuery(words, expansions);
  const result = await run(match);
  if (words.length === 0 || !isEmpty(result)) return { result, words, correction: null };
  const corrections = await correctWords(db, words);
  if (corrections.length === 0) return { result, words, correction: null };
  const close = corrections.filter((c) => c.auto);
  if (close.length > 0) {
    const alternatives = Object.fromEntries(words.map((w) => [w, [...(expansions[w] ?? []), ...close.filter((c) => c.word === w).map((c) => c.replacement)]]));
    const corrected = await run(matchQuery(words, alternatives));
    if (!isEmpty(corrected)) return { result: corrected, words, correction: { query: correctedQuery(query, close), applied: true } };
  }
  return { result, words, correction: { query: correctedQuery(query, corrections), applied: false } };
}

/**
 * How much more a match read through the GIN index costs than a row of the
 * date index's walk (fetching and sorting it, rechecking its document), as
 * measured at a million deals: a word in 30,000 of them took 52 ms walked
 * and 630 ms through the index (`npm run bench -- --deals 1000000`).
 * The crossover √(window × rows ÷ cost²) is then about 7,900 matches there.
 */
const GIN_ROW_COST = 4;

/**
 * Whether the words are rare enough for their matches to be read through
 * the GIN index and sorted, rather than found by walking the newest rows in
 * order until `window` of them match. The walk reads about window × rows ÷
 * matches rows, the GIN read about `matches` rows, each dearer
 * (GIN_ROW_COST). The rarest word's count comes from the lexicon (the
 * documents of the catalogue words it starts), the table's size from its
 * statistics. A word the lexicon does not know counts 0 (rare); words under
 * three letters are not counted.
 */
export async function fewMatches(db: Executor, words: readonly string[], window: number): Promise<boolean> {
  const counts = words
    .filter((w) => Array.from(w).length >= 3)
    .map((w) => {
      const folded = foldWord(w);
      return /^[a-z0-9]+$/.test(folded)
        ? sql`select coalesce(sum(documents), 0)::float8 as n from search_lexicon where word like ${`${folded}%`}`
        : sql`select 0::float8 as n`;
    });
  if (counts.length === 0) return false;
  const [row] = await rows<{ n: number; total: number }>(
    db,
    sql`select (select min(n) from (${sql.join(counts, sql` union all `)}) c) as n,
               greatest((select reltuples from pg_class where oid = 'crevarde_deals'::regclass), 1)::float8 as total`,
  );
  return Number(row?.n ?? 0) < Math.sqrt(window * Number(row?.total ?? 1)) / GIN_ROW_COST;
}

/* ------------------------------ lexicon ------------------------------ */

/** Letters of French text (both cases: lower() of the C locale leaves "É" alone) and digits. */
const WORD_SPLIT = "[^0-9A-Za-zÀ-ÖØ-öø-ÿŒœÆæ]+";

/**
 * Rebuild the lexicon from the catalogue's text: deals, brands, promo-code
 * descriptions, offers, articles and the help centre's titles and summaries. A brand whose name has spaces, hyphens or
 * apostrophes also lends it as one word, shown as the name ("larocheposay", shown
 * "la roche-posay"): « laroche » then completes to it and finds the brand (issue #34 item 5). One transaction: searches read the old lexicon
 * until the new one is complete. Only what is public at `now`: a deal, code or
 * article still to be published (or already unpublished, ADR 030), or a draft
 * (article, code, offer or deal: ADR 047), lends no word to the suggestions.
 */
export async function refreshLexicon(db: Db, now = new Date()): Promise<number> {
  // a draft code, offer or deal (ADR 047) is not public either
  const notDraft = (alias: string) => sql.raw(`not ${alias}.draft`);
  const open = (alias: string) =>
    sql.raw(`(${alias}.publish_at is null or ${alias}.publish_at <= '${now.toISOString()}'::timestamptz) and (${alias}.unpublish_at is null or ${alias}.unpublish_at > '${now.toISOString()}'::timestamptz)`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_lexicon`);
    const inserted = await rows<{ word: string }>(
      tx,
      sql`insert into search_lexicon (word, display, documents)
        select lower(unaccent(w)), mode() within group (order by display), count(distinct doc)::int
        from (
          select doc, w, lower(w) as display from (
            select 'd' || d.id::text as doc, w from crevarde_deals d, regexp_split_to_table(d.title || ' ' || d.description, ${WORD_SPLIT}) w where d.status = ${dealStatus.is.published} and ${notDraft("d")} and ${open("d")}
            union all select 'b' || b.id::text, w from brands b, regexp_split_to_table(b.name || ' ' || coalesce(b.description, ''), ${WORD_SPLIT}) w
            union all select 'a' || a.id, w from blog_articles a, regexp_split_to_table(a.title || ' ' || a.category || ' ' || a.excerpt, ${WORD_SPLIT}) w where a.published and ${open("a")}
            union all select 'h' || h.id::text, w from help_articles h, regexp_split_to_table(h.title || ' ' || h.summary, ${WORD_SPLIT}) w where h.published
            union all select 'p' || p.id::text, w from promo_codes p, regexp_split_to_table(coalesce(p.description, ''), ${WORD_SPLIT}) w where ${notDraft("p")} and ${open("p")}
            union all select 'o' || o.id::text, w from offers o, regexp_split_to_table(o.name, ${WORD_SPLIT}) w where ${notDraft("o")} and ${open("o")}
          ) split
          union all select 'b' || b.id::text, regexp_replace(b.name, ${NAME_SEPARATORS}::text, '', 'g'), lower(b.name) from brands b where b.name ~ ${NAME_SEPARATORS}::text
        ) words
        where char_length(w) between 3 and 40
        group by 1
        returning word`,
    );
    return inserted.length;
  });
}

export const SEARCH_LEXICON_QUEUE = "search.lexicon";
/** Hourly: new words are corrected within the hour (ADR 019 §Measurements: at a million deals the rebuild takes tens of seconds). */
export const SEARCH_LEXICON_SCHEDULE = { name: SEARCH_LEXICON_QUEUE, cron: "40 * * * *" } as const;

export async function searchLexiconJob(): Promise<void> {
  const words = await refreshLexicon(await getDb());
  logger.info({ words }, "search: lexicon rebuilt");
}

/** Up to `limit` catalogue words starting with the folded prefix, most used first. */
export async function completeWord(db: Executor, prefix: string, limit: number): Promise<string[]> {
  const folded = foldWord(prefix);
  if (!/^[a-z0-9]+$/.test(folded)) return [];
  const found = await rows<{ display: string }>(
    db,
    sql`select display from search_lexicon where word like ${`${folded}%`} order by documents desc, word limit ${limit}`,
  );
  return found.map((r) => r.display.toLocaleLowerCase("fr"));
}

/* ------------------------------ analytics ------------------------------ */

/**
 * A query as stored for the dashboard: lower-cased, with what could identify
 * a person removed (e-mail addresses, phone, order or card numbers: runs of
 * six digits or more). Null when nothing is left.
 */
export function anonymiseQuery(query: string): string | null {
  const text = normalizeQuery(query)
    .toLocaleLowerCase("fr")
    .replace(/[^\s@]+@[^\s@]+/g, " ")
    .replace(/\+?\d[\d .-]{4,}\d/g, (m) => (m.replace(/\D/g, "").length >= 6 ? " " : m))
    .replace(/\s+/g, " ")
    .trim();
  return text ? Array.from(text).slice(0, SEARCH_MAX_LENGTH).join("") : null;
}

/** Count one search for the dashboard; never fails the page. */
export async function recordSearch(scope: "site" | "deals", query: string, results: number, db?: Executor): Promise<void> {
  const stored = anonymiseQuery(query);
  if (!stored) return;
  try {
    await (db ?? (await getDb())).execute(sql`insert into search_queries (query, scope, results) values (${stored}, ${scope}, ${results})`);
  } catch (error) {
    logger.warn({ err: error }, "search: query not recorded");
  }
}

export interface SearchStat {
  query: string;
  searches: number;
}

/** The most searched queries, and the most searched without a result, over the last `days` days. */
export async function searchStats(days = 30, limit = 10, executor?: Executor): Promise<{ top: SearchStat[]; empty: SearchStat[] }> {
  const db = executor ?? (await getDb());
  const since = sql`now() - make_interval(days => ${days}::int)`;
  const [top, empty] = await Promise.all([
    rows<SearchStat>(db, sql`select query, count(*)::int as searches from search_queries where created_at >= ${since}
      group by query order by searches desc, query limit ${limit}`),
    rows<SearchStat>(db, sql`select query, count(*)::int as searches from search_queries where created_at >= ${since} and results = 0
      group by query order by searches desc, query limit ${limit}`),
  ]);
  return { top, empty };
}
