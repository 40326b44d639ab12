import { and, asc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { affiliatePrograms, brands, clickSessions, conversions, crevardeDeals, promoCodes } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { isPublicDeal } from "#app/modules/deals/deals.server";
import { scheduleOpen } from "#app/modules/schedule/schedule.server";
import type { RateLimitRule } from "#app/lib/rate-limit.server";
import { SUB_ID_PARAM, type NetworkName } from "#app/modules/networks/networks";
import { validateDestination } from "#app/modules/tracking/destination";
import { allowedHosts, visitorHash } from "#app/modules/tracking/tracking.server";
import { newClickId } from "./click-id";
import {
  estimateValidationDelay,
  activateHref,
  OBSERVED_WINDOW_DAYS,
  validationDelayText,
} from "./offer";
import { ratesAt, withMember } from "./programs.server";
import { boostActive, effectiveShareBps } from "./boost";
import { cachedRead } from "#app/lib/data-cache.server";
import { programStatus } from "#db/states/program-status";
import { conversionStatus } from "#db/states/conversion-status";

/** Click sessions per member: generous for a shopper, a wall for a script. */
export const CLICK_SESSION_LIMIT: RateLimitRule = { name: "cashback-click", limit: 30, windowSeconds: 10 * 60 };
export const CLICK_SESSION_LIMIT_MESSAGE = "Tu as activé le cashback trop de fois en peu de temps. Réessaie dans quelques minutes.";

/** A refused click-out: a status and the French text the member reads. */
export class ClickOutError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly messageFr: string,
  ) {
    super(messageFr);
    this.name = "ClickOutError";
  }
}

/**
 * The network link: {CLICK_ID} → the click id, {DEST} → the encoded destination.
 * A template without {CLICK_ID} gets the network's sub-id parameter appended, so
 * the click id always travels.
 */
export function buildTrackingUrl(template: string, network: NetworkName, clickId: string, destination: string): string {
  let url = template.replaceAll("{DEST}", encodeURIComponent(destination));
  if (url.includes("{CLICK_ID}")) return url.replaceAll("{CLICK_ID}", clickId);
  const param = SUB_ID_PARAM[network];
  if (!param) return url;
  const parsed = new URL(url);
  parsed.searchParams.set(param, clickId);
  url = parsed.toString();
  return url;
}

/** Rough browser family for the click row (no raw user agent stored). */
function userAgentFamily(ua: string | null | undefined): string | null {
  if (!ua) return null;
  if (/Edg\//.test(ua)) return "edge";
  if (/Firefox\//.test(ua)) return "firefox";
  if (/Chrome\//.test(ua)) return "chrome";
  if (/Safari\//.test(ua)) return "safari";
  return "other";
}


/** A deal or code that is not public at the click's time (scheduled for later, or unpublished). */
export const CLICK_OUT_NOT_PUBLIC = "Cette offre n'est pas disponible en ce moment.";

export interface StartClickSession {
  userId: string;
  programId: string;
  dealId?: string | null;
  promoCodeId?: string | null;
  sourcePath?: string | null;
  ip: string;
  userAgent: string | null;
  /** the request's time (requestNow): the deal or code must be public then (ADR 030) */
  now?: Date;
}

/**
 * Record one member click-out (ADR 037 §Click-out) and return the network URL
 * to send the member to. Throws ClickOutError (404 unknown or inactive programme,
 * 400 a deal or code of another brand, or no valid destination).
 */
export async function startClickSession(input: StartClickSession): Promise<{ clickId: string; url: string; destination: string }> {
  const db = await getDb();
  const [program] = await db
    .select({ program: affiliatePrograms, brandWebsite: brands.websiteUrl })
    .from(affiliatePrograms)
    .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .where(eq(affiliatePrograms.id, input.programId))
    .limit(1);
  if (!program || program.program.status !== programStatus.is.active || !program.program.brandId) {
    throw new ClickOutError(404, "Ce programme de cashback n'existe pas ou n'est plus actif.");
  }
  const p = program.program;
  let destinationRaw: string | null = program.brandWebsite;
  const now = input.now ?? new Date();
  if (input.dealId) {
    const [deal] = await db
      .select({ url: crevardeDeals.url, brandId: crevardeDeals.brandId, open: sql<boolean>`${scheduleOpen(crevardeDeals, now)}` })
      .from(crevardeDeals)
      .where(and(eq(crevardeDeals.id, input.dealId), isPublicDeal));
    if (!deal || deal.brandId !== p.brandId) throw new ClickOutError(400, "Ce bon plan n'appartient pas à cette marque.");
    // outside its « Publier le » / « Dépublier le » (ADR 030)
    if (!deal.open) throw new ClickOutError(400, CLICK_OUT_NOT_PUBLIC);
    destinationRaw = deal.url;
  } else if (input.promoCodeId) {
    const [code] = await db
      .select({ url: promoCodes.url, brandId: promoCodes.brandId, open: sql<boolean>`${scheduleOpen(promoCodes, now)}` })
      .from(promoCodes)
      .where(eq(promoCodes.id, input.promoCodeId));
    if (!code || code.brandId !== p.brandId) throw new ClickOutError(400, "Ce code promo n'appartient pas à cette marque.");
    if (!code.open) throw new ClickOutError(400, CLICK_OUT_NOT_PUBLIC);
    destinationRaw = code.url ?? program.brandWebsite;
  }
  const destination = validateDestination(destinationRaw, await allowedHosts());
  if (!destination) throw new ClickOutError(400, "Le site de cette marque n'est pas renseigné : impossible d'activer le cashback.");

  const rates = await ratesAt(p.id, now, db);
  const clickId = newClickId();
  await db.insert(clickSessions).values({
    clickId,
    userId: input.userId,
    programId: p.id,
    brandId: p.brandId,
    dealId: input.dealId ?? null,
    promoCodeId: input.promoCodeId ?? null,
    destinationUrl: destination,
    rateSnapshot: {
      // the share at click time: a boost's while it runs (boost.ts), so the purchase is credited at it
      shareBps: effectiveShareBps(p, now),
      ...(boostActive(p, now) ? { boosted: true, usualShareBps: p.memberShareBps } : {}),
      label: rates.map((r) => r.label).join(", "),
      clickedAt: now.toISOString(),
      programId: p.id,
      rates: rates.map((r) => ({
        label: r.label,
        displayPercent: r.displayPercent,
        displayFixedCents: r.displayFixedCents,
        commissionGroupCode: r.commissionGroupCode,
        validFrom: r.validFrom.toISOString(),
      })),
    },
    visitorHash: visitorHash(input.ip, input.userAgent ?? ""),
    userAgentFamily: userAgentFamily(input.userAgent),
    sourcePath: input.sourcePath?.slice(0, 500) ?? null,
    createdAt: now,
  });
  return { clickId, url: buildTrackingUrl(p.trackingUrlTemplate, p.network as NetworkName, clickId, destination), destination };
}

export interface BrandCashbackOffer {
  programId: string;
  /** `usualRate`: while the programme is boosted, the member rate without the boost (« au lieu de … ») */
  rates: { label: string; memberRate: string; usualRate: string | null }[];
  conditions: string | null;
  delayText: string;
  cookieDays: number;
}

/**
 * The cashback block of a brand page: its first active programme, the member
 * rates valid now and the validation delay (ours, else declared, else 90 days).
 * Null when the brand has no active programme.
 */
export async function loadBrandCashbackOffer(brandId: string, now = new Date()): Promise<BrandCashbackOffer | null> {
  const db = await getDb();
  const [p] = await db
    .select()
    .from(affiliatePrograms)
    .where(and(eq(affiliatePrograms.brandId, brandId), eq(affiliatePrograms.status, programStatus.is.active)))
    .orderBy(asc(affiliatePrograms.createdAt))
    .limit(1);
  if (!p) return null;
  const since = new Date(now.getTime() - OBSERVED_WINDOW_DAYS * 86_400_000);
  const [rates, delays] = await Promise.all([
    ratesAt(p.id, now, db),
    db
      .select({ days: sql<string>`extract(epoch from (${conversions.validatedAt} - ${conversions.transactionAt})) / 86400` })
      .from(conversions)
      .where(
        and(
          eq(conversions.programId, p.id),
          eq(conversions.status, conversionStatus.is.approved),
          isNotNull(conversions.validatedAt),
          gte(conversions.validatedAt, since),
        ),
      ),
  ]);
  return {
    programId: p.id,
    rates: rates.map((r) => ({
      label: r.label,
      memberRate: withMember(r, effectiveShareBps(p, now)).memberLabel,
      usualRate: boostActive(p, now) ? withMember(r, p.memberShareBps).memberLabel : null,
    })),
    conditions: p.conditionsMd,
    delayText: validationDelayText(estimateValidationDelay(delays.map((d) => Number(d.days))), p.declaredValidationDays),
    cookieDays: p.cookieDays,
  };
}

export const PROGRAM_GONE = "Ce programme de cashback n'existe pas ou n'est plus actif.";

/** The brand of an active programme (a visitor's activation goes to sign-in, then back to it), or null. */
export async function activeProgramBrand(programId: string): Promise<{ name: string } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ name: brands.name })
    .from(affiliatePrograms)
    .innerJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .where(and(eq(affiliatePrograms.id, programId), eq(affiliatePrograms.status, programStatus.is.active)))
    .limit(1);
  return row ?? null;
}

/**
 * Deal or code cards for a member once cashback is launched: each item whose
 * brand has an active programme gets its tracked link (/cashback/activer/…);
 * the others (and everything when `enabled` is false) keep /kpi.
 */
export async function withCashbackLinks<T extends { id: string }>(
  items: T[],
  kind: "deal" | "code",
  enabled: boolean,
): Promise<(T & { cashbackHref: string | null })[]> {
  if (!enabled || items.length === 0) return items.map((i) => ({ ...i, cashbackHref: null }));
  const ids = items.map((i) => i.id);
  // the same for every member: kept in process until a programme or an item changes (data-cache.server)
  const programOf = await cachedRead(
    `cashback-links:${kind}:${ids.join(",")}`,
    ["affiliate_programs", kind === "deal" ? "crevarde_deals" : "promo_codes"],
    async () => {
      const db = await getDb();
      const table = kind === "deal" ? crevardeDeals : promoCodes;
      const rows = await db
        .select({ id: table.id, programId: affiliatePrograms.id, createdAt: affiliatePrograms.createdAt })
        .from(table)
        .innerJoin(affiliatePrograms, and(eq(affiliatePrograms.brandId, table.brandId), eq(affiliatePrograms.status, programStatus.is.active)))
        .where(inArray(table.id, ids))
        .orderBy(asc(affiliatePrograms.createdAt));
      const first: Record<string, string> = {};
      for (const r of rows) first[r.id] ??= r.programId;
      return first;
    },
  );
  return items.map((i) => {
    const programId = programOf[i.id];
    return { ...i, cashbackHref: programId ? activateHref(programId, kind === "deal" ? { dealId: i.id } : { promoCodeId: i.id }) : null };
  });
}

/**
 * The query an activation link may carry onward through sign-in: its `deal` or `code`, nothing else, so that a
 * junk query never makes an oversized `Location` (found by tests/fuzz/routes.test.ts).
 */
export function activationSearch(url: URL): string {
  const kept = new URLSearchParams();
  for (const key of ["deal", "code"]) {
    const value = url.searchParams.get(key);
    if (value !== null) kept.set(key, value.slice(0, 64));
  }
  const search = kept.toString();
  return search ? `?${search}` : "";
}
