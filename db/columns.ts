import { getTableColumns, type Table } from "drizzle-orm";

/**
 * A table's columns without its generated full-text `search` document
 * (issue #14): that column is for the database's index, never for a page,
 * an export or an audit entry.
 */
export function columnsWithoutSearch<T extends Table>(table: T): Omit<T["_"]["columns"], "search"> {
  const { search: _search, ...columns } = getTableColumns(table) as T["_"]["columns"] & { search?: unknown };
  return columns;
}
