import { sql, type SQL } from "drizzle-orm";
import { blogArticles, crevardeDeals, offers, pages, promoCodes } from "#db/schema";
import { cachedRead, type CachedReadOptions, type ContentTable } from "#app/lib/data-cache.server";
import { hearsDataChanges } from "#app/lib/data-changes.server";
import { getDb } from "#app/lib/db.server";

/** The scheduled tables (ADR 030), by the name the data cache knows them. */
const SCHEDULED = {
  crevarde_deals: crevardeDeals,
  promo_codes: promoCodes,
  offers,
  pages,
  blog_articles: blogArticles,
} as const;
type ScheduledTable = (typeof SCHEDULED)[keyof typeof SCHEDULED];

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * A row is public at `now` only inside its window (isInSchedule in schedule.ts is the same rule),
 * and, on the tables with a draft flag (codes, offers, deals: ADR 047), never while it is a draft:
 * every public read of those tables goes through here, so a draft is on no public surface.
 * Pages and blog articles keep their own `published` flag, read beside it.
 */
export function scheduleOpen(table: ScheduledTable, now: Date): SQL {
  const window = sql`((${table.publishAt} is null or ${table.publishAt} <= ${at(now)}) and (${table.unpublishAt} is null or ${table.unpublishAt} > ${at(now)}))`;
  return "draft" in table ? sql`(not ${table.draft} and ${window})` : window;
}

/**
 * The next instant after `now` at which a row of these tables enters or leaves its window,
 * or null: what a cached public read must not outlive, since time passing sends no change
 * notification. One statement; each probe is an index lookup (the partial *_publish_at_idx,
 * *_unpublish_at_idx of migration scheduling).
 */
async function nextScheduleBoundary(tables: readonly ContentTable[], now: Date): Promise<Date | null> {
  const probes: SQL[] = [];
  for (const name of tables) {
    const table = SCHEDULED[name as keyof typeof SCHEDULED];
    if (!table) continue;
    probes.push(sql`(select min(${table.publishAt}) from ${table} where ${table.publishAt} > ${at(now)})`);
    probes.push(sql`(select min(${table.unpublishAt}) from ${table} where ${table.unpublishAt} > ${at(now)})`);
  }
  if (probes.length === 0) return null;
  const db = await getDb();
  const result = (await db.execute(sql`select least(${sql.join(probes, sql`, `)}) as next`)) as unknown as { rows: Array<{ next: string | Date | null }> };
  const next = result.rows[0]?.next;
  return next ? new Date(next) : null;
}

/**
 * `cachedRead` for a public read of scheduled rows at the request's time `now` (ADR 030):
 * the entry serves requests from `now` until the first publish/unpublish boundary of the
 * tables it reads (or its own `expiresAt`, or a write), so a row scheduled for 10:00 shows
 * from 10:00 without a restart, and a test clock moved past it reloads at once.
 */
export function scheduledRead<T>(key: string, tables: readonly ContentTable[], now: Date, load: () => Promise<T>, options: Omit<CachedReadOptions<T>, "now"> = {}): Promise<T> {
  if (!hearsDataChanges()) return load();
  let boundary: Date | null = null;
  return cachedRead(
    key,
    tables,
    async () => {
      const [value, next] = await Promise.all([load(), nextScheduleBoundary(tables, now)]);
      boundary = next;
      return value;
    },
    {
      ...options,
      now,
      expiresAt: (value) => {
        const own = options.expiresAt?.(value) ?? null;
        return own && boundary ? (own < boundary ? own : boundary) : (own ?? boundary);
      },
    },
  );
}
