// Query parsing of the site's search (issue #14). Free of zod and of server
// code: the header's combobox imports it.
import { frenchNumber } from "#app/lib/french-number";

/** A query is trimmed and cut to this many characters; it is never read as syntax. */
export const SEARCH_MAX_LENGTH = 100;
/** Words of a query past this many are ignored (every word must match). */
export const SEARCH_MAX_WORDS = 8;
/** A single word is cut to this many characters. */
export const SEARCH_MAX_WORD_LENGTH = 40;
/** The suggestions wait this long after the last key (ms). */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Suggestions start from this many characters. */
export const SUGGEST_MIN_LENGTH = 2;

// in a module of its own: the header, on every page, needs its label only (ADR 027)
export { SEARCH_MESSAGES } from "./search-messages";

export const DEAL_SORTS = ["pertinence", "nouveautes", "prix"] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export const DEAL_SORT_LABELS: Record<DealSort, string> = {
  pertinence: "Pertinence",
  nouveautes: "Nouveautés",
  prix: "Prix croissant",
};

/**
 * A query as the search reads it: control characters (NUL included) become
 * spaces, runs of spaces one space, and the text is trimmed and cut to
 * SEARCH_MAX_LENGTH characters (whole code points: an emoji is never halved).
 */
export function normalizeQuery(raw: unknown): string {
  if (typeof raw !== "string") return "";
  // eslint-disable-next-line no-control-regex
  const clean = raw.normalize("NFC").replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/\s+/g, " ").trim();
  return Array.from(clean).slice(0, SEARCH_MAX_LENGTH).join("").trim();
}

/**
 * The words of a query: runs of letters and digits, lower-cased, each word
 * once, at most SEARCH_MAX_WORDS. Hyphens, apostrophes, quotes, operators and
 * emoji separate words ("l'oréal" → ["l", "oréal"], "gua-sha" → ["gua", "sha"]).
 */
export function searchWords(query: string): string[] {
  const words = normalizeQuery(query)
    .toLocaleLowerCase("fr")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => Array.from(w).slice(0, SEARCH_MAX_WORD_LENGTH).join(""));
  return [...new Set(words)].slice(0, SEARCH_MAX_WORDS);
}

/**
 * A name without its spaces, hyphens and apostrophes ("La Roche-Posay" → "LaRochePosay"): brand names are
 * also matched this way (issue #34 item 5, « laroche »). NAME_SEPARATORS in db/schema/shared.ts is its twin in SQL.
 */
export function compactName(text: string): string {
  return text.replace(/[\s'\u2019-]+/g, "");
}

/** A sort from the URL: "pertinence" needs a query; anything else falls back to the default. */
export function parseDealSort(value: string | null, hasQuery: boolean): DealSort {
  const sort = (DEAL_SORTS as readonly string[]).includes(value ?? "") ? (value as DealSort) : null;
  if (sort === "pertinence" && !hasQuery) return "nouveautes";
  return sort ?? (hasQuery ? "pertinence" : "nouveautes");
}

/** "1 000+" past the capped count, else the count, French digit grouping. */
export function formatCount(count: number, capped: boolean): string {
  const n = frenchNumber(count).replace(/\u202f/g, " ");
  return capped ? `${n}+` : n;
}
