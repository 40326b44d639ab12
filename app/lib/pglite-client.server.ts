import { types, type PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";

/**
 * The types drizzle-orm's PGlite driver keeps as text (it maps them itself): the `parsers`
 * it passes with every query (drizzle-orm/pglite/session.js), numeric[], timestamp[],
 * timestamptz[], interval[] and date[] by their OIDs.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];

const asText = (value: string) => value;

/**
 * Make drizzle's text types the engine's defaults, once it is ready: PGlite sets its
 * array types' parsers while it starts, over any given to its constructor.
 */
export function applyDrizzleTextParsers(client: PGlite): void {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
}

/**
 * A query's own `parsers` that only repeat the engine's defaults (drizzle's text types,
 * set by applyDrizzleTextParsers) are left out. PGlite merges a query's parsers into
 * its ~380 defaults with an object spread on every query, which costs more than a
 * `select 1` itself (0.15 to 0.4 ms); without them it uses its defaults as they are.
 * Any other parser is passed on.
 */
export function withoutDefaultParsers<O extends QueryOptions | undefined>(options: O): O {
  if (!options?.parsers) return options;
  for (const key of Object.keys(options.parsers)) if (!DRIZZLE_TEXT_TYPES.includes(Number(key))) return options;
  const { parsers: _defaults, ...rest } = options;
  return rest as O;
}

/**
 * What drizzle is given in place of the engine: the two calls its driver makes
 * (`query` and `transaction`), with the default parsers left out. The engine's
 * defaults must be drizzle's (applyDrizzleTextParsers).
 */
export function drizzleClient(client: PGlite): PGlite {
  const inTransaction = (tx: Transaction): Transaction =>
    Object.assign(Object.create(tx) as Transaction, {
      query: (query: string, params?: unknown[], options?: QueryOptions) => tx.query(query, params, withoutDefaultParsers(options)),
    });
  return {
    query: (query: string, params?: unknown[], options?: QueryOptions) => client.query(query, params, withoutDefaultParsers(options)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => client.transaction((tx) => callback(inTransaction(tx))),
  } as unknown as PGlite;
}
