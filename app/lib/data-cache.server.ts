import { hearsDataChanges, onDataChange } from "./data-changes.server";
import { databaseGeneration } from "./db.server";

/**
 * In-process cache of data that is the same for every visitor (ADR 026): the home
 * blocks, featured items, brand lists, categories. Each entry names the content tables
 * it was read from; a write to one of them on any server empties it at once (the
 * LISTEN/NOTIFY of ADR 024: triggers in migration shared_storage). Personal data
 * (sessions, saved items, balances, votes) is never put here.
 *
 * - Nothing is kept while this process does not hear the changes (no listener, as in
 *   scripts and tests, or its connection lost): every read then goes to the database.
 * - The safety TTL bounds the harm of a lost notification; reads that depend on the
 *   clock (a code's expiry) give `expiresAt` so an entry ends when its result would change.
 * - Concurrent reads of a missing entry share one load; a failed load is not kept.
 * - Values are frozen: a caller that mutates shared data fails loudly instead of
 *   changing what the next visitor sees.
 */

/** The tables whose triggers notify a change (db/migrations/0025_shared_storage.sql, 0035_code_feedback_notify.sql). */
export type ContentTable =
  | "code_feedback"
  | "site_settings"
  | "categories"
  | "brands"
  | "promo_codes"
  | "offers"
  | "crevarde_deals"
  | "content_blocks"
  | "pages"
  | "slug_redirects"
  | "blog_articles"
  | "affiliate_programs"
  | "program_rates";

export const DATA_CACHE_TTL_MS = 60_000;
/** Keys may carry request input (a category name): the oldest entries go past this many. */
export const DATA_CACHE_MAX_ENTRIES = 500;
/**
 * How far a request's time may lie before its entry's load and still be served it: requests
 * take their time when they start, so one that started just before another's load would
 * otherwise miss and replace a fresh entry. An item published within this margin may show
 * that much early; a test clock moved days ahead never serves the present.
 */
export const DATA_CACHE_SKEW_MS = 2_000;

interface Entry {
  tables: readonly ContentTable[];
  generation: number;
  /** the safety TTL, on this process's clock */
  ttlEnd: number;
  /** the request times the value is true for: from its load's `now` to its `expiresAt` (ADR 030) */
  from: number;
  until: number;
  value: Promise<unknown>;
}

// On globalThis: the server (server/*) and the app bundle load this module separately.
const storeKey = Symbol.for("crevarde.data-cache");
const listeningKey = Symbol.for("crevarde.data-cache-listening");
type G = typeof globalThis & { [storeKey]?: Map<string, Entry>; [listeningKey]?: boolean };
const g = globalThis as G;
const store = (g[storeKey] ??= new Map<string, Entry>());
if (!g[listeningKey]) {
  g[listeningKey] = true;
  onDataChange((table) => invalidateDataCache(table));
}

/** Forget the entries that read `table` ("*": every entry). */
export function invalidateDataCache(table = "*") {
  for (const [key, entry] of store) {
    if (table === "*" || (entry.tables as readonly string[]).includes(table)) store.delete(key);
  }
}

export interface CachedReadOptions<T> {
  /** when the result stops being true without any write (e.g. the first live code's expiry) */
  expiresAt?: (value: T) => Date | null | undefined;
  ttlMs?: number;
  /**
   * the request's time (requestNow; default: this process's clock). The entry serves the
   * requests whose time lies between its load's and its `expiresAt`: a test clock moved
   * past a boundary reloads, and never leaves a future view for the present (ADR 030).
   */
  now?: Date;
}

/**
 * `load()`'s result, kept under `key` until one of `tables` changes (or the TTL, or
 * `expiresAt`). The key must say everything the result depends on besides the tables.
 */
export function cachedRead<T>(key: string, tables: readonly ContentTable[], load: () => Promise<T>, options: CachedReadOptions<T> = {}): Promise<T> {
  if (!hearsDataChanges()) return load();
  const real = Date.now();
  const now = options.now?.getTime() ?? real;
  const hit = store.get(key);
  if (hit && hit.generation === databaseGeneration() && real < hit.ttlEnd && hit.from - DATA_CACHE_SKEW_MS <= now && now < hit.until) return hit.value as Promise<T>;
  const ttl = options.ttlMs ?? DATA_CACHE_TTL_MS;
  const entry: Entry = { tables, generation: databaseGeneration(), ttlEnd: real + ttl, from: now, until: Infinity, value: Promise.resolve() };
  entry.value = load().then(
    (value) => {
      const end = options.expiresAt?.(value)?.getTime();
      if (end !== undefined) entry.until = end;
      return deepFreeze(value);
    },
    (error: unknown) => {
      if (store.get(key) === entry) store.delete(key);
      throw error;
    },
  );
  store.delete(key);
  store.set(key, entry);
  if (store.size > DATA_CACHE_MAX_ENTRIES) store.delete(store.keys().next().value!);
  return entry.value as Promise<T>;
}

/** The earliest of these instants still to come (a list's next expiry), or null. */
export function nextInstant(dates: Iterable<Date | null | undefined>, now = Date.now()): Date | null {
  let next: Date | null = null;
  for (const d of dates) if (d && d.getTime() > now && (!next || d < next)) next = d;
  return next;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value) && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Test helper: the number of entries held. */
export function dataCacheSize() {
  return store.size;
}
