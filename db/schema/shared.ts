import { sql } from "drizzle-orm";
import { boolean, customType, type AnyPgColumn, check, index, timestamp } from "drizzle-orm/pg-core";

/**
 * Column helpers used by the tables of several domains. Not re-exported by
 * ./index: the schema's exports are its tables and enumerations.
 */

/**
 * A full-text document (issue #14, ADR 019). Search columns are generated
 * from the row with the "fr_unaccent" configuration (French stemming, accents
 * folded; created in migration 0017) and never written by the application.
 */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * What a name loses to be matched whole (issue #34 item 5): spaces, hyphens and apostrophes, so
 * "La Roche-Posay" is also the one word "larocheposay" and « laroche » finds it (ADR 019).
 * A PostgreSQL regular expression; `compactName` in app/modules/search/search.schema.ts is its twin.
 */
export const NAME_SEPARATORS = "[[:space:]'\u2019-]+";

/** `to_tsvector('fr_unaccent', …)` of a name without its separators (NAME_SEPARATORS): "larocheposay". */
function compactNameDocument(column: string) {
  return `to_tsvector('fr_unaccent'::regconfig, regexp_replace(coalesce(${column}, ''), '${NAME_SEPARATORS.replace(/'/g, "''")}', '', 'g'))`;
}

/**
 * `setweight(to_tsvector('fr_unaccent', coalesce(column, '')), weight)` joined with `||`, for a generated search column;
 * a part marked `compact` also holds the column's text without its separators, as one word (compactNameDocument).
 */
export function searchDocument(...parts: [column: { name: string; compact?: boolean }, weight: "A" | "B" | "C" | "D"][]) {
  return sql.raw(
    parts
      .map(([c, w]) => {
        const words = `setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("${c.name}", '')), '${w}')`;
        return c.compact ? `${words} || setweight(${compactNameDocument(`"${c.name}"`)}, '${w}')` : words;
      })
      .join(" || "),
  );
}

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * Scheduling (issue #17 item 4): a deal, code, offer or page is public only inside this
 * window, on top of its own rules (status, expiry, published): publish_at null or past,
 * unpublish_at null or still to come (scheduleOpen in app/modules/schedule). ADR 030.
 */
export const schedule = {
  publishAt: timestamp("publish_at", { withTimezone: true }),
  unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
};

/**
 * A draft (issue #37 item 3, ADR 047): a promo code, offer or deal prepared in the back office (a
 * « Dupliquer » copy starts as one) that no public surface shows until it is published, whatever its
 * window. Existing and imported rows are not drafts. scheduleOpen in app/modules/schedule reads it.
 */
export const draftFlag = {
  draft: boolean("draft").notNull().default(false),
};

/** The window's order, and the partial indexes that find the next boundary (the cache ends there, ADR 030). */
export function scheduleConstraints(table: string, t: { publishAt: AnyPgColumn; unpublishAt: AnyPgColumn }) {
  return [
    check(`${table}_schedule_check`, sql`${t.publishAt} is null or ${t.unpublishAt} is null or ${t.unpublishAt} > ${t.publishAt}`),
    index(`${table}_publish_at_idx`).on(t.publishAt).where(sql`${t.publishAt} is not null`),
    index(`${table}_unpublish_at_idx`).on(t.unpublishAt).where(sql`${t.unpublishAt} is not null`),
  ];
}

export const networkCheck = (name: string, col: unknown) => check(name, sql`${col} in ('awin', 'effiliation', 'kwanko', 'cj', 'tradedoubler', 'impact', 'rakuten', 'timeone')`);
