import { isbot } from "isbot";

/**
 * Fixed-window counters held in memory, bounded in size: when full, the
 * oldest windows are dropped first (Map keeps insertion order). A hit costs
 * one Map lookup, so the /kpi redirect never waits for it.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly maxKeys = 10_000,
  ) {}

  /** Count a hit for `key`; false once the key has used up its window. */
  hit(key: string, now = Date.now()): boolean {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (window) this.windows.delete(key);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      while (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    }
    window.count++;
    return window.count <= this.limit;
  }

  get size() {
    return this.windows.size;
  }
}

/** The same visitor on the same destination counts once a minute. */
const CLICK_DEDUPE_MS = 60_000;
/** At most this many click-outs recorded per IP per minute (the redirect itself is never refused). */
export const CLICKS_PER_IP_PER_MINUTE = 30;

const repeated = new WindowCounter(1, CLICK_DEDUPE_MS);
const perIp = new WindowCounter(CLICKS_PER_IP_PER_MINUTE, 60_000);

/**
 * Whether a /kpi click-out is worth a row: not a bot (isbot, or no user
 * agent at all), not a repeat of the same visitor's click on the same
 * destination within a minute, and within the per-IP budget. In-process, so
 * several server processes each keep their own counters (ADR 008).
 */
export function shouldRecordClick(input: { ip: string; userAgent: string | null; visitorHash: string; destination: string }, now = Date.now()): boolean {
  if (!input.userAgent || isbot(input.userAgent)) return false;
  if (!repeated.hit(`${input.visitorHash}|${input.destination}`, now)) return false;
  return perIp.hit(input.ip, now);
}
