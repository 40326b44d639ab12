/**
 * What every network pull shares (ADR 017): the HTTP call with a
 * timeout, spacing between calls and 429 handling, one `network_fetches` row
 * per call, and the hand-over of each page to the parser and the import.
 * The per-network clients (`<network>/pull.server.ts`) only build URLs,
 * follow their network's paging and keep their watermarks.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { networkFetches } from "#db/schema";
import { getDb, type Db } from "#app/lib/db.server";
import { RetryLaterError } from "#app/lib/jobs.server";
import { remember } from "#app/lib/remember.server";
import { importRecords as importRecordsContract, type ImportInput } from "#app/modules/conversions/import.server";
import type { NetworkName } from "./networks";
import { parsePulledPage, type PageParser } from "./pull-parse.server";
import type { ImportResult, RejectedRecord } from "./types";

export interface PullDeps {
  fetch: typeof fetch;
  parse: PageParser;
  importRecords: (input: ImportInput) => Promise<ImportResult>;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  /** the job's signal: a worker stopping aborts the call in flight */
  signal?: AbortSignal;
  /** per HTTP call */
  timeoutMs: number;
  /** 429 answers waited out inline (Retry-After) before giving the job back to the runner */
  maxInlineRetries: number;
  /** a longer Retry-After is not waited inline: the job is retried after it */
  maxInlineWaitMs: number;
  /** overrides the network's spacing between calls (tests) */
  minIntervalMs?: number;
  db?: Db;
}

/** Everything optional: tests inject a fake parser, import, clock, sleep and base URL. */
export type PullOptions = Partial<PullDeps> & { baseUrl?: string };

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function pullDeps(options: PullOptions = {}): PullDeps {
  return {
    fetch: options.fetch ?? ((...args) => fetch(...args)),
    parse: options.parse ?? parsePulledPage,
    importRecords: options.importRecords ?? importRecordsContract,
    sleep: options.sleep ?? realSleep,
    now: options.now ?? (() => new Date()),
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? 60_000,
    maxInlineRetries: options.maxInlineRetries ?? 3,
    maxInlineWaitMs: options.maxInlineWaitMs ?? 65_000,
    minIntervalMs: options.minIntervalMs,
    db: options.db,
  };
}

/** What one call is about (the columns of its network_fetches row). */
export interface FetchMeta {
  network: NetworkName;
  networkAccountId: string | null;
  /** the schedule or job, e.g. "awin.pull.recent", "awin.push.confirm" */
  job: string;
  windowStart?: Date | null;
  windowEnd?: Date | null;
  dateType?: string | null;
}

export interface PullSummary {
  calls: number;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** record ids the parser returned (Awin confirmations match pushes with them) */
  recordIds: string[];
}

/** A network answered with an error status (or an error text in a 200). The job retries with backoff. */
export class PullError extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = "PullError";
  }
}

/** The network said "too many calls": the job is retried after the delay the network asked for. */
export class NetworkRateLimitedError extends RetryLaterError {
  constructor(network: NetworkName, retryAfterSeconds: number, detail = "") {
    super(`${network} : limite d'appels atteinte${detail ? ` (${detail})` : ""}, nouvel essai dans ${Math.ceil(retryAfterSeconds)} s`, retryAfterSeconds);
    this.name = "NetworkRateLimitedError";
  }
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Retry-After in ms: seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/* ------------------------------ dates and windows ------------------------------ */

const DAY_MS = 86_400_000;
export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
export const daysAhead = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** [start, end] cut into consecutive windows of at most `maxDays` days (Awin 31, Impact 45, Tradedoubler 31). */
export function splitWindows(start: Date, end: Date, maxDays: number): Array<{ start: Date; end: Date }> {
  const windows: Array<{ start: Date; end: Date }> = [];
  const step = maxDays * DAY_MS;
  for (let s = start.getTime(); s < end.getTime(); s += step) {
    windows.push({ start: new Date(s), end: new Date(Math.min(s + step, end.getTime())) });
  }
  if (!windows.length) windows.push({ start, end });
  return windows;
}

const pad = (n: number) => String(n).padStart(2, "0");
const parts = (d: Date) => ({
  y: d.getUTCFullYear(),
  m: pad(d.getUTCMonth() + 1),
  d: pad(d.getUTCDate()),
  H: pad(d.getUTCHours()),
  M: pad(d.getUTCMinutes()),
  S: pad(d.getUTCSeconds()),
});
/** UTC formats of the networks' date parameters. */
export const formatDate = {
  /** 2025-03-01T00:00:00 (Awin) */
  isoLocal: (date: Date) => {
    const p = parts(date);
    return `${p.y}-${p.m}-${p.d}T${p.H}:${p.M}:${p.S}`;
  },
  /** 2025-03-01T00:00:00Z (CJ, Impact) */
  isoZ: (date: Date) => `${formatDate.isoLocal(date)}Z`,
  /** 01/03/2025 (Effiliation) */
  dmy: (date: Date) => {
    const p = parts(date);
    return `${p.d}/${p.m}/${p.y}`;
  },
  /** 2025-03-01 (Kwanko, TimeOne) */
  ymd: (date: Date) => {
    const p = parts(date);
    return `${p.y}-${p.m}-${p.d}`;
  },
  /** 20250301 (Tradedoubler) */
  compact: (date: Date) => {
    const p = parts(date);
    return `${p.y}${p.m}${p.d}`;
  },
  /** 2025-03-01 10:41:00 (Rakuten) */
  ymdHms: (date: Date) => {
    const p = parts(date);
    return `${p.y}-${p.m}-${p.d} ${p.H}:${p.M}:${p.S}`;
  },
};

/* ------------------------------ the session ------------------------------ */

// last call per network (and account), in this process: the networks' per-minute limits
const lastCallAt = remember("network-last-calls", () => new Map<string, number>());

const summarise = (rejected: RejectedRecord[]) =>
  rejected
    .slice(0, 5)
    .map((r) => `${r.at} : ${r.message}`)
    .join(" ; ") + (rejected.length > 5 ? ` (et ${rejected.length - 5} autres)` : "");

/**
 * One run of a network client: spaced calls, one network_fetches row per
 * call, pages parsed and imported, counters summed.
 */
export class PullSession {
  readonly summary: PullSummary = { calls: 0, rows: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, recordIds: [] };
  readonly deps: PullDeps;

  constructor(
    options: PullOptions,
    /** the network's documented spacing (Awin 20/min → 3 s) */
    private readonly minIntervalMs: number,
    private readonly throttleKey: string,
  ) {
    this.deps = pullDeps(options);
  }

  private async db(): Promise<Db> {
    return this.deps.db ?? (await getDb());
  }

  private async throttle() {
    const min = this.deps.minIntervalMs ?? this.minIntervalMs;
    const last = lastCallAt.get(this.throttleKey);
    // the session's clock, so a test's fixed clock gives exact waits whatever the machine's speed
    const now = this.deps.now().getTime();
    if (min > 0 && last !== undefined) {
      const wait = last + min - now;
      if (wait > 0) await this.deps.sleep(wait);
    }
    lastCallAt.set(this.throttleKey, Math.max(now, (last ?? 0) + min));
  }

  private async startFetch(meta: FetchMeta): Promise<number> {
    const [row] = await (await this.db())
      .insert(networkFetches)
      .values({
        network: meta.network,
        networkAccountId: meta.networkAccountId,
        job: meta.job,
        windowStart: meta.windowStart ?? null,
        windowEnd: meta.windowEnd ?? null,
        dateType: meta.dateType ?? null,
        actor: "system",
      })
      .returning({ id: networkFetches.id });
    return row.id;
  }

  private async updateFetch(fetchId: number, values: Partial<typeof networkFetches.$inferInsert>) {
    await (await this.db()).update(networkFetches).set(values).where(eq(networkFetches.id, fetchId));
  }

  /** Record a failure on the call's row (an error text in a 200, a page the parser refused...). */
  async failFetch(fetchId: number, error: string) {
    await this.updateFetch(fetchId, { error: error.slice(0, 2000), finishedAt: new Date() });
  }

  /**
   * One HTTP call. 429: the row records it, Retry-After (or a backoff) is
   * waited inline up to `maxInlineRetries` times when short enough, else a
   * NetworkRateLimitedError gives the job back to the runner with that
   * delay. Other non-2xx statuses and network errors throw PullError.
   * Never puts the URL (it may hold a key) in an error.
   */
  async request(meta: FetchMeta, url: string, init: RequestInit = {}): Promise<{ fetchId: number; status: number; text: string }> {
    for (let attempt = 0; ; attempt++) {
      await this.throttle();
      const fetchId = await this.startFetch(meta);
      this.summary.calls++;
      const signals = [AbortSignal.timeout(this.deps.timeoutMs), ...(this.deps.signal ? [this.deps.signal] : [])];
      let response: Response;
      let text: string;
      try {
        response = await this.deps.fetch(url, { ...init, signal: AbortSignal.any(signals), redirect: "error" });
        text = await response.text();
      } catch (error) {
        const message = (error as Error)?.name === "TimeoutError" ? "délai dépassé" : String((error as Error)?.message ?? error);
        await this.failFetch(fetchId, `${meta.network} : appel impossible (${message})`);
        throw new PullError(`${meta.network} : appel impossible (${message})`);
      }
      const bodySha256 = sha256(text);
      if (response.status === 429) {
        const waitMs = retryAfterMs(response.headers.get("retry-after")) ?? Math.min(5000 * 2 ** attempt, 60_000);
        await this.updateFetch(fetchId, {
          httpStatus: 429,
          bodySha256,
          finishedAt: new Date(),
          error: `limite d'appels atteinte (429), nouvel essai dans ${Math.ceil(waitMs / 1000)} s`,
        });
        if (attempt < this.deps.maxInlineRetries && waitMs <= this.deps.maxInlineWaitMs) {
          await this.deps.sleep(waitMs);
          continue;
        }
        throw new NetworkRateLimitedError(meta.network, waitMs / 1000, "HTTP 429");
      }
      if (!response.ok) {
        await this.updateFetch(fetchId, { httpStatus: response.status, bodySha256, finishedAt: new Date(), error: `réponse HTTP ${response.status}` });
        throw new PullError(`${meta.network} : réponse HTTP ${response.status}`, response.status);
      }
      await this.updateFetch(fetchId, { httpStatus: response.status, bodySha256 });
      return { fetchId, status: response.status, text };
    }
  }

  /** Parse a page with the network's parser, import its records, finish its row. */
  async importPage(fetchId: number, meta: FetchMeta, text: string): Promise<{ rows: number }> {
    let parsed;
    try {
      parsed = this.deps.parse(meta.network, text, meta.networkAccountId ? { networkAccountId: meta.networkAccountId } : {});
    } catch (error) {
      await this.failFetch(fetchId, `page illisible : ${String((error as Error)?.message ?? error)}`);
      throw error;
    }
    let result: ImportResult = { rows: 0, inserted: 0, updated: 0, unchanged: 0, rejected: [] };
    if (parsed.records.length) {
      try {
        result = await this.deps.importRecords({ records: parsed.records, source: "pull", fetchId, actor: "system" });
      } catch (error) {
        await this.failFetch(fetchId, `import impossible : ${String((error as Error)?.message ?? error)}`);
        throw error;
      }
    }
    const rejected = [...parsed.rejected, ...result.rejected];
    const rows = parsed.records.length + parsed.rejected.length;
    await this.updateFetch(fetchId, {
      rows,
      inserted: result.inserted,
      updated: result.updated,
      unchanged: result.unchanged,
      rejected: rejected.length,
      error: rejected.length ? summarise(rejected).slice(0, 2000) : null,
      finishedAt: new Date(),
    });
    this.summary.rows += rows;
    this.summary.inserted += result.inserted;
    this.summary.updated += result.updated;
    this.summary.unchanged += result.unchanged;
    this.summary.rejected += rejected.length;
    this.summary.recordIds.push(...parsed.records.map((r) => r.recordId));
    return { rows };
  }

  /** request() then importPage(): the common case. */
  async fetchAndImport(meta: FetchMeta, url: string, init: RequestInit = {}) {
    const page = await this.request(meta, url, init);
    await this.importPage(page.fetchId, meta, page.text);
    return page;
  }

  /** A JSON body, or a PullError recorded on the row. */
  async json<T>(fetchId: number, meta: FetchMeta, text: string): Promise<T> {
    try {
      return JSON.parse(text) as T;
    } catch {
      await this.failFetch(fetchId, "réponse JSON illisible");
      throw new PullError(`${meta.network} : réponse JSON illisible`);
    }
  }
}

/** A URL under a configurable base (tests point it at a local server). */
export function joinUrl(base: string, path: string, query: Record<string, string | number | undefined> = {}): string {
  const url = new URL(path.replace(/^\//, ""), base.endsWith("/") ? base : `${base}/`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}
