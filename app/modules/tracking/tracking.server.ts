import { createHash } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { dealStatus } from "#app/modules/deals/deal-rules";
import { analyticsEvents, brands, crevardeDeals, offers, promoCodes } from "#db/schema";
import { PG_ERROR, pgErrorCode } from "#app/lib/db-errors.server";
import { onDataChange } from "#app/lib/data-changes.server";
import { databaseGeneration, getDb } from "#app/lib/db.server";
import { getEnv } from "#app/lib/env.server";
import { logger } from "#app/lib/logger.server";
import { remember } from "#app/lib/remember.server";
import { hostOf } from "./destination";
import { getSetting } from "#app/modules/settings/settings.server";

const HOSTS_TTL_MS = 60_000;
const hostsCache = remember("redirect-hosts", (): { current: { at: number; gen: number; hosts: Promise<Set<string>> } | null } => ({ current: null }));

/** Hosts /kpi may redirect to: brands', deals', codes' and offers' URLs plus REDIRECT_ALLOWED_HOSTS (cached 60 s). */
export function allowedHosts(): Promise<Set<string>> {
  const hit = hostsCache.current;
  if (hit && hit.gen === databaseGeneration() && Date.now() - hit.at < HOSTS_TTL_MS) return hit.hosts;
  const hosts = (async () => {
    const db = await getDb();
    const [b, d, p, o] = await Promise.all([
      db.selectDistinct({ url: brands.websiteUrl }).from(brands).where(isNotNull(brands.websiteUrl)),
      // admins' published deals only: a member's link is reached through its deal (publishedMemberDealHost), never as a free destination
      db.selectDistinct({ url: crevardeDeals.url }).from(crevardeDeals).where(and(isNull(crevardeDeals.authorId), eq(crevardeDeals.status, dealStatus.is.published))),
      db.selectDistinct({ url: promoCodes.url }).from(promoCodes).where(isNotNull(promoCodes.url)),
      db.selectDistinct({ url: offers.url }).from(offers).where(isNotNull(offers.url)),
    ]);
    const set = new Set<string>(getEnv().REDIRECT_ALLOWED_HOSTS);
    for (const h of (await getSetting("redirect_allowed_hosts")).split(",")) if (h.trim()) set.add(h.trim().toLowerCase());
    for (const row of [...b, ...d, ...p, ...o]) {
      const h = hostOf(row.url);
      if (h) set.add(h);
    }
    return set;
  })();
  const entry = { at: Date.now(), gen: databaseGeneration(), hosts };
  hostsCache.current = entry;
  hosts.catch(() => {
    if (hostsCache.current === entry) hostsCache.current = null;
  });
  return hosts;
}

/**
 * The host of a published member deal (issue #35): /kpi may send a click on
 * « Voir le deal » of that deal, and only of that deal, to it. Member links stay
 * off the shared allow-list: the destination is checked against the one deal
 * the link names (`deal=`), so a member's host is never a free destination.
 */
export async function publishedMemberDealHost(dealId: string | null | undefined): Promise<string | null> {
  const id = asUuid(dealId);
  if (!id) return null;
  const db = await getDb();
  const [row] = await db
    .select({ url: crevardeDeals.url })
    .from(crevardeDeals)
    .where(and(eq(crevardeDeals.id, id), isNotNull(crevardeDeals.authorId), eq(crevardeDeals.status, dealStatus.is.published)));
  return hostOf(row?.url);
}

/** Forget the cached hosts (after an admin edit). */
export function invalidateAllowedHosts() {
  hostsCache.current = null;
}
// and after an edit on any app server (LISTEN/NOTIFY, ADR 024)
onDataChange(invalidateAllowedHosts, ["brands", "crevarde_deals", "promo_codes", "offers", "site_settings"]);

/** Salted hash of IP + user agent: never the raw IP. */
let saltCache: { secret: string; salt: string } | null = null;
export function visitorHash(ip: string, userAgent: string): string {
  const secret = getEnv().SESSION_SECRET;
  if (saltCache?.secret !== secret) saltCache = { secret, salt: createHash("sha256").update(`visitor:${secret}`).digest("hex") };
  const salt = saltCache.salt;
  return createHash("sha256").update(`${salt}|${ip}|${userAgent}`).digest("hex").slice(0, 32);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const asUuid = (v: string | null | undefined) => (v && UUID.test(v) ? v : null);

export interface TrackedEvent {
  event: string;
  path?: string | null;
  action?: string | null;
  label?: string | null;
  destinationHost?: string | null;
  dealId?: string | null;
  promoCodeId?: string | null;
  brandId?: string | null;
  userId?: string | null;
  visitorHash?: string | null;
  data?: Record<string, unknown> | null;
}

const clip = (v: string | null | undefined, n: number) => (v ? v.slice(0, n) : null);

function toRow(e: TrackedEvent) {
  const at = (e.data as { at?: number } | null)?.at;
  const { at: _at, ...data } = (e.data ?? {}) as Record<string, unknown>;
  return {
    ...(at ? { occurredAt: new Date(at) } : {}),
    event: e.event.slice(0, 64),
    path: clip(e.path, 500),
    action: clip(e.action, 100),
    label: clip(e.label, 200),
    destinationHost: clip(e.destinationHost, 255),
    dealId: asUuid(e.dealId),
    promoCodeId: asUuid(e.promoCodeId),
    brandId: asUuid(e.brandId),
    userId: e.userId ?? null,
    visitorHash: e.visitorHash ?? null,
    data: Object.keys(data).length ? data : null,
  };
}

export async function recordEvent(e: TrackedEvent) {
  const db = await getDb();
  const values = toRow(e);
  try {
    await db.insert(analyticsEvents).values(values);
  } catch (error) {
    // an id that no longer exists (deleted deal...) must not lose the click
    if (pgErrorCode(error) === PG_ERROR.foreignKeyViolation) {
      await db.insert(analyticsEvents).values({ ...values, dealId: null, promoCodeId: null, brandId: null });
      return;
    }
    throw error;
  }
}

// one per process, so the server entry can flush what the app bundle queued
type QueueState = { queue: TrackedEvent[]; timer: ReturnType<typeof setTimeout> | null };
const state = remember("tracked-events", (): QueueState => ({ queue: [], timer: null }));
const queue = state.queue;
const FLUSH_MS = 50;
const BATCH = 200;

/** Write the queued events in one multi-row insert (per-row fallback on a stale id). */
export async function flushEvents() {
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = null;
  }
  while (queue.length) {
    const batch = queue.splice(0, BATCH);
    try {
      const db = await getDb();
      await db.insert(analyticsEvents).values(batch.map(toRow));
    } catch {
      for (const e of batch) {
        await recordEvent(e).catch((error) => logger.error({ err: error, event: e.event }, "tracking: event not recorded"));
      }
    }
  }
}

/** Record without making the caller wait: queued and written in batches every 50 ms. */
export function recordEventInBackground(e: TrackedEvent) {
  queue.push({ ...e, data: { ...(e.data ?? {}), at: Date.now() } });
  if (queue.length >= BATCH) void flushEvents();
  else if (!state.timer) state.timer = setTimeout(() => void flushEvents(), FLUSH_MS);
}
