import { asc, desc, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PublicationStatus } from "./publication";
import { EXPIRING_SOON_DAYS, type ExpiryFilter, type ScheduleFilter, type SortDir } from "./list-query";

/** `%text%` for ILIKE, with the pattern characters of the typed text escaped (never interpreted). */
export function likeTerm(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The rows whose text columns contain the typed text, in any case. */
export function searchWhere(q: string | undefined, columns: Array<AnyColumn | SQL>): SQL | undefined {
  if (!q) return undefined;
  const term = likeTerm(q);
  return or(...columns.map((c) => ilike(c, term)));
}

/**
 * ORDER BY the chosen column, empty values last whatever the direction, then
 * by the tie-breakers (ascending), the last of which must be unique so that
 * pages never overlap.
 */
export function listOrder<S extends string>(sort: S, dir: SortDir, columns: Record<S, AnyColumn | SQL>, ...tieBreakers: AnyColumn[]): SQL[] {
  const column = columns[sort];
  return [dir === "asc" ? sql`${asc(column)} nulls last` : sql`${desc(column)} nulls last`, ...tieBreakers.map((c) => asc(c))];
}

/** The rows of an expiry filter, for a nullable `expires_at` column (null: never expires). */
export function expiryWhere(column: AnyColumn, filter: ExpiryFilter | undefined, now: Date): SQL | undefined {
  if (!filter) return undefined;
  const soon = new Date(now.getTime() + EXPIRING_SOON_DAYS * 86_400_000);
  switch (filter) {
    case "live":
      return sql`(${column} is null or ${column} >= ${now})`;
    case "soon":
      return sql`(${column} >= ${now} and ${column} < ${soon})`;
    case "expired":
      return sql`${column} < ${now}`;
    case "never":
      return sql`${column} is null`;
  }
}

/** A yes/no filter on a boolean column. */
export function yesNoWhere(column: AnyColumn, value: "oui" | "non" | undefined): SQL | undefined {
  if (!value) return undefined;
  return sql`${column} = ${value === "oui"}`;
}

/** The « Publication » filter of the rows with a `draft` flag (ADR 047): published ones or drafts. */
export function draftWhere(column: AnyColumn, value: PublicationStatus | undefined): SQL | undefined {
  if (!value) return undefined;
  return sql`${column} = ${value === "draft"}`;
}

/** The schedule filter (ADR 030): rows still to be published, or already unpublished, at `now`. */
export function scheduleWhere(columns: { publishAt: AnyColumn; unpublishAt: AnyColumn }, filter: ScheduleFilter | undefined, now: Date): SQL | undefined {
  if (!filter) return undefined;
  const at = sql`${now.toISOString()}::timestamptz`;
  return filter === "scheduled" ? sql`${columns.publishAt} > ${at}` : sql`${columns.unpublishAt} <= ${at}`;
}
