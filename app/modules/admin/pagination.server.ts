import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb } from "#app/lib/db.server";

/** Rows per page of every admin table. */
export const ADMIN_PAGE_SIZE = 50;

interface Pager {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
}

export interface Paged<T> {
  rows: T[];
  pager: Pager;
}

/**
 * The page asked for in `?page=`. Anything that is not a whole number
 * (missing, "abc", "-2", "1.5") is page 1; a number too large for the
 * table is clamped later by `paginate`.
 */
export function requestedPage(url: URL | string): number {
  const raw = (typeof url === "string" ? new URL(url) : url).searchParams.get("page")?.trim() ?? "";
  if (!/^\d+$/.test(raw)) return 1;
  if (raw.length > 9) return Number.MAX_SAFE_INTEGER;
  return Math.max(1, Number(raw));
}

/**
 * Count the rows, clamp the requested page into 1..pageCount, then read
 * one page with LIMIT/OFFSET. `read` must order on an indexed expression
 * with a unique tie-breaker so pages never overlap.
 */
export async function paginate<T>(
  requested: number,
  count: () => Promise<number>,
  read: (limit: number, offset: number) => Promise<T[]>,
  pageSize = ADMIN_PAGE_SIZE,
): Promise<Paged<T>> {
  const total = await count();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested) || 1), pageCount);
  const rows = total === 0 ? [] : await read(pageSize, (page - 1) * pageSize);
  return { rows, pager: { page, pageCount, total, pageSize } };
}

/** `select count(*)` of a table, optionally filtered. */
export async function countRows(table: PgTable, where?: SQL): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
}
