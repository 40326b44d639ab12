import { createHash } from "node:crypto";
import { hearsDataChanges, onDataChange } from "./data-changes.server";
import { databaseGeneration } from "./db.server";
import { remember } from "./remember.server";

/**
 * In-process cache of data that is the same for every visitor (ADR 026): the home
 * blocks, featured items, brand lists, categories. Each entry names the content tables
 * it was read from; a write to one of them on any server empties it at once (the
 * LISTEN/NOTIFY of ADR 024: triggers in migration shared_storage). Personal data
 * (saved items, balances, votes) is never put here; the one personal read kept in
 * memory, a session's member, has its own store and tables (ADR 032).
 *
 * - Nothing is kept while this process does not hear the changes (no listener, as in
 *   scripts and tests, or its connection lost): every read then goes to the database.
 * - The safety TTL bounds the harm of a lost notification; reads that depend on the
 *   clock (a code's expiry) give `expiresAt` so an entry ends when its result would change.
 * - Concurrent reads of a missing entry share one load; a failed load is not kept.
 * - Values are frozen: a caller that mutates shared data fails loudly instead of
 *   changing what the next visitor sees.
 */

/** The content tables whose triggers notify a change (db/migrations/0025_shared_storage.sql, 0035_code_feedback_notify.sql, 0045_help_and_contact.sql, 0055_price_observations_notify.sql). */
export const CONTENT_TABLES = [
  "code_feedback",
  "site_settings",
  "categories",
  "brands",
  "promo_codes",
  "offers",
  "crevarde_deals",
  "content_blocks",
  "pages",
  "slug_redirects",
  "blog_articles",
  "affiliate_programs",
  "program_rates",
  "help_articles",
  // a deal's reduction is told from its product's price history (ADR 049)
  "price_observations",
  "price_key_aliases",
] as const;
export type ContentTable = (typeof CONTENT_TABLES)[number];

const DATA_CACHE_TTL_MS = 60_000;
/** Keys may carry request input (a category name): the oldest entries go past this many. */
export const DATA_CACHE_MAX_ENTRIES = 500;
/**
 * How far a request's time may lie before its entry's load and still be served it: requests
 * take their time when they start, so one that started just before another's load would
 * otherwise miss and replace a fresh entry. An item published within this margin may show
 * that much early; a test clock moved days ahead never serves the present.
 */
export const DATA_CACHE_SKEW_MS = 2_000;

/**
 * The tables whose triggers notify a change and that a signed-in member's session is read
 * from (migration 0037_session_notify): the session cache (ADR 032) keys on them.
 */
export const SESSION_TABLES = ["session", "user", "profiles"] as const;
export type SessionTable = (typeof SESSION_TABLES)[number];

/**
 * The content tables that public pages are rendered from, without the codes' success
 * figures: what the page micro-cache must follow (a vote leaves cached pages in place).
 */
export const PAGE_TABLES: readonly ContentTable[] = CONTENT_TABLES.filter((table) => table !== "code_feedback");

interface Entry {
  tables: readonly string[];
  generation: number;
  /** the safety TTL, on this process's clock */
  ttlEnd: number;
  /** the request times the value is true for: from its load's `now` to its `expiresAt` (ADR 030) */
  from: number;
  until: number;
  value: Promise<unknown>;
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
  /** whether to keep this result (default: always); one not kept still answers the reads that shared its load */
  keep?: (value: T) => boolean;
}

export interface DataCache<Table extends string> {
  /**
   * `load()`'s result, kept under `key` until one of `tables` changes (or the TTL, or
   * `expiresAt`). The key must say everything the result depends on besides the tables.
   */
  read<T>(key: string, tables: readonly Table[], load: () => Promise<T>, options?: CachedReadOptions<T>): Promise<T>;
  /** Forget the entries that read `table` ("*": every entry). */
  invalidate(table?: string): void;
  /** The number of entries held (tests). */
  size(): number;
}

/**
 * A cache of database reads named `name`, holding at most `maxEntries` (the oldest go first).
 * One store per name and process, whichever copy of this module asks (the server and the app bundle).
 */
export function createDataCache<Table extends string>(name: string, maxEntries: number): DataCache<Table> {
  const map = remember(`data-cache:${name}`, () => {
    const created = new Map<string, Entry>();
    onDataChange((table) => invalidate(created, table));
    return created;
  });

  function invalidate(entries: Map<string, Entry>, table: string) {
    for (const [key, entry] of entries) {
      if (table === "*" || entry.tables.includes(table)) entries.delete(key);
    }
  }

  return {
    read<T>(key: string, tables: readonly Table[], load: () => Promise<T>, options: CachedReadOptions<T> = {}): Promise<T> {
      if (!hearsDataChanges()) return load();
      const real = Date.now();
      const now = options.now?.getTime() ?? real;
      const hit = map.get(key);
      if (hit && hit.generation === databaseGeneration() && real < hit.ttlEnd && hit.from - DATA_CACHE_SKEW_MS <= now && now < hit.until) {
        // the entry read last goes last: past the bound, what leaves is what was read least recently, so a sweep
        // over many items (a crawler on every brand page) does not push out the entries every page reads
        map.delete(key);
        map.set(key, hit);
        return hit.value as Promise<T>;
      }
      const ttl = options.ttlMs ?? DATA_CACHE_TTL_MS;
      const entry: Entry = { tables, generation: databaseGeneration(), ttlEnd: real + ttl, from: now, until: Infinity, value: Promise.resolve() };
      const forget = () => {
        if (map.get(key) === entry) map.delete(key);
      };
      entry.value = load().then(
        (value) => {
          if (options.keep && !options.keep(value)) forget();
          const end = options.expiresAt?.(value)?.getTime();
          if (end !== undefined) entry.until = end;
          return deepFreeze(value);
        },
        (error: unknown) => {
          forget();
          throw error;
        },
      );
      map.delete(key);
      map.set(key, entry);
      if (map.size > maxEntries) map.delete(map.keys().next().value!);
      return entry.value as Promise<T>;
    },
    invalidate: (table = "*") => invalidate(map, table),
    size: () => map.size,
  };
}

/** The data that is the same for every visitor (ADR 026). */
const content = createDataCache<ContentTable>("content", DATA_CACHE_MAX_ENTRIES);

/** Forget the content entries that read `table` ("*": every entry). */
export function invalidateDataCache(table = "*") {
  content.invalidate(table);
}

/**
 * `load()`'s result, kept under `key` until one of `tables` changes (or the TTL, or
 * `expiresAt`). The key must say everything the result depends on besides the tables.
 */
export function cachedRead<T>(key: string, tables: readonly ContentTable[], load: () => Promise<T>, options: CachedReadOptions<T> = {}): Promise<T> {
  return content.read(key, tables, load, options);
}

/** A short key for a cache entry that depends on many values (a page of deals): their SHA-1, whatever their order. */
export function digestKey(prefix: string, parts: Iterable<string>): string {
  return `${prefix}:${createHash("sha1").update([...parts].sort().join("\u0000")).digest("base64url")}`;
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

/** Test helper: the number of content entries held. */
export function dataCacheSize() {
  return content.size();
}
