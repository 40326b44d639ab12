import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/* ------------------------------------------------------------------ */
/* Search (issue #14)                                                  */
/* ------------------------------------------------------------------ */

/**
 * The catalogue's own words, accents folded ("maquillage"), with the form
 * most often written ("café") and how many items use it. Rebuilt by the
 * `search.lexicon` job; its trigram index corrects typos ("maquilage") and
 * feeds "Vouliez-vous dire …" and the suggestions (ADR 019 §Measurements: a lexicon plus
 * trigram `%` answers in ms where `word_similarity` on a million titles does not).
 */
export const searchLexicon = pgTable(
  "search_lexicon",
  {
    word: text("word").primaryKey(),
    display: text("display").notNull(),
    documents: integer("documents").notNull(),
  },
  (t) => [
    index("search_lexicon_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
    index("search_lexicon_prefix_idx").on(sql`${t.word} text_pattern_ops`),
  ],
);

/** One search as typed (normalised, personal data removed: no user, no IP, no e-mail or long number), for the admin dashboard. */
export const searchQueries = pgTable(
  "search_queries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    query: text("query").notNull(),
    /** "site" (/recherche) or "deals" (/coup-de-crevarde) */
    scope: text("scope").notNull(),
    results: integer("results").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("search_queries_scope_check", sql`${t.scope} in ('site', 'deals')`),
    check("search_queries_query_check", sql`char_length(${t.query}) between 1 and 100`),
    index("search_queries_created_idx").on(t.createdAt),
  ],
);
