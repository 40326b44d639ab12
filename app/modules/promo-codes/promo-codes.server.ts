import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import { brands, categories, promoCodes } from "#db/schema";
import { nextInstant } from "#app/lib/data-cache.server";
import { getDb } from "#app/lib/db.server";
import { formatParisDay } from "#app/lib/paris-day";
import { scheduledRead, scheduleOpen } from "#app/modules/schedule/schedule.server";
import { attachFeedback, loadFeedback, withFeedback } from "./code-feedback.server";
import { codeDescription, expiryStatus, FEATURED_CODES_LIMIT, maskCode, type ExpiryStatus } from "./promo-codes";

export interface PublicPromoCode {
  id: string;
  brandName: string;
  brandImage: string | null;
  discount: string;
  description: string | null;
  category: string | null;
  /** the full code for members, masked for anonymous visitors */
  code: string;
  masked: boolean;
  expiresAt: string | null;
  /** the expiry's day in Paris, in French (« 30 juin 2027 »), written here: public pages build no date formatter in the browser (ADR 056) */
  expiresOn: string | null;
  status: ExpiryStatus;
  url: string | null;
}

export const promoCodeColumns = {
  id: promoCodes.id,
  code: promoCodes.code,
  discountAmount: promoCodes.discountAmount,
  description: promoCodes.description,
  category: categories.name,
  expiresAt: promoCodes.expiresAt,
  url: promoCodes.url,
  brandName: brands.name,
  brandImage: brands.imageUrl,
  brandUrl: brands.websiteUrl,
};

/** What the public code lists are read from (their cache entries end when one changes). */
const CODE_TABLES = ["promo_codes", "brands", "categories"] as const;

/** A code is live until its expiry (no expiry: always). */
const liveAt = (now: Date) => sql`(${promoCodes.expiresAt} is null or ${promoCodes.expiresAt} >= ${now.toISOString()}::timestamptz)`;

/** A code is public inside its schedule (ADR 030) and live until its expiry: the rule every public list and count shares. */
export const publicCode = (now: Date) => and(scheduleOpen(promoCodes, now), liveAt(now))!;

/** The first expiry still to come of a public code, as one SQL value: what counts or lists live codes changes then. */
export const nextPublicCodeExpiry = (now: Date) =>
  sql<Date | string | null>`(select min(${promoCodes.expiresAt}) from ${promoCodes} where ${publicCode(now)} and ${promoCodes.expiresAt} > ${now.toISOString()}::timestamptz)`;

type Row = { [K in keyof typeof promoCodeColumns]: (typeof promoCodeColumns)[K]["_"]["data"] | null };

/** Shape a row for the client; the raw code never leaves the server for anonymous visitors. */
export function toPublicCode(row: Row, signedIn: boolean, now = new Date()): PublicPromoCode {
  return {
    id: row.id!,
    brandName: row.brandName || "Marque",
    brandImage: row.brandImage ?? null,
    discount: row.discountAmount ?? "",
    description: codeDescription(row.description ?? null, row.category ?? null),
    category: row.category ?? null,
    code: signedIn ? (row.code ?? "") : maskCode(row.code),
    masked: !signedIn,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    expiresOn: row.expiresAt ? formatParisDay(row.expiresAt) : null,
    status: expiryStatus(row.expiresAt, now),
    url: row.url ?? row.brandUrl ?? null,
  };
}

/**
 * Featured codes for the home page: 3, soonest expiry first (Wilson lower bound
 * of « Ça a marché ? » within the same expiry, failing codes last), expired ones left out.
 * `viewerId`: the signed-in member (null: a visitor, who gets masked codes).
 */
export async function listFeaturedCodes(viewerId: string | null, now = new Date()) {
  const rows = await liveCodeRows("codes:featured", eq(promoCodes.isFeatured, true), now);
  // the votes (« Ça a marché ? ») and the viewer's own stay per request
  const ranked = await withFeedback(rows.map((r) => toPublicCode(r, viewerId !== null, now)), viewerId, { rank: true });
  return ranked.slice(0, FEATURED_CODES_LIMIT);
}

/**
 * Every code for the member page, optionally of one category: the live ones
 * first, soonest expiry first (no expiry last), then the expired ones apart,
 * most recently expired first (issue #11 item 7). Within the same expiry the
 * live codes go by the Wilson lower bound of « Ça a marché ? », failing codes last.
 * `viewerId`: the signed-in member (null: codes masked, as the page everyone gets shows them, ADR 048).
 */
export async function listMemberCodes(category: string | null, viewerId: string | null, now = new Date()) {
  const rows = await scheduledRead(
    `codes:member:${category ?? "*"}`,
    CODE_TABLES,
    now,
    async () => {
      const db = await getDb();
      return db
        .select({ ...promoCodeColumns, live: sql<boolean>`${liveAt(now)}` })
        .from(promoCodes)
        .innerJoin(brands, eq(brands.id, promoCodes.brandId))
        .leftJoin(categories, eq(categories.id, promoCodes.categoryId))
        .where(and(scheduleOpen(promoCodes, now), category ? eq(categories.name, category) : undefined))
        .orderBy(sql`${promoCodes.expiresAt} asc nulls last`, asc(promoCodes.code));
    },
    // a live code moves to the expired ones at its expiry
    { expiresAt: (rows) => nextInstant(rows.filter((r) => r.live).map((r) => r.expiresAt), now.getTime()) },
  );
  const live = rows.filter((r) => r.live).map((r) => toPublicCode(r, viewerId !== null, now));
  const expired = rows
    .filter((r) => !r.live)
    .reverse()
    .map((r) => toPublicCode(r, viewerId !== null, now));
  // one read of the viewer's answers for both lists
  const feedback = await loadFeedback([...live, ...expired].map((c) => c.id), viewerId);
  return { live: attachFeedback(live, feedback, { rank: true }), expired: attachFeedback(expired, feedback) };
}

/** The names of the categories that have codes (the /codes-promo chips). */
export async function listCodeCategories(now = new Date()): Promise<string[]> {
  return scheduledRead("codes:categories", ["promo_codes", "categories"], now, async () => {
    const db = await getDb();
    const rows = await db
      .selectDistinct({ category: categories.name })
      .from(promoCodes)
      .innerJoin(categories, eq(categories.id, promoCodes.categoryId))
      .where(scheduleOpen(promoCodes, now))
      .orderBy(asc(categories.name));
    return rows.map((r) => r.category);
  });
}


/**
 * The rows of the live codes matching `where`, soonest expiry first. The same for everyone: kept under `key` until a
 * code, brand or category changes, a code enters or leaves its window, or the first of them expires (ADR 026, ADR 030).
 */
function liveCodeRows(key: string, where: SQL, now: Date) {
  return scheduledRead(
    key,
    CODE_TABLES,
    now,
    async () => {
      const db = await getDb();
      return db
        .select(promoCodeColumns)
        .from(promoCodes)
        .innerJoin(brands, eq(brands.id, promoCodes.brandId))
        .leftJoin(categories, eq(categories.id, promoCodes.categoryId))
        .where(and(where, publicCode(now)))
        .orderBy(sql`${promoCodes.expiresAt} asc nulls last`, asc(promoCodes.code));
    },
    { expiresAt: (rows) => nextInstant(rows.map((r) => r.expiresAt), now.getTime()) },
  );
}

/** Live codes matching `where` (masked for anonymous visitors), soonest expiry first, then by « Ça a marché ? »; the votes and the viewer's own per request. */
async function listLiveCodes(key: string, where: SQL, viewerId: string | null, now: Date) {
  const rows = await liveCodeRows(key, where, now);
  return withFeedback(rows.map((r) => toPublicCode(r, viewerId !== null, now)), viewerId, { rank: true });
}

/** Live codes of one brand (masked for anonymous visitors), soonest expiry first. */
export function listBrandCodes(brandId: string, viewerId: string | null, now = new Date()) {
  return listLiveCodes(`codes:brand:${brandId}`, eq(promoCodes.brandId, brandId), viewerId, now);
}

/**
 * Live codes of a category (masked for anonymous visitors), soonest expiry
 * first: the codes of the category's brands (brands.category_id) and the
 * codes filed under that category themselves (promo_codes.category_id).
 */
export function listCategoryCodes(categoryId: string, viewerId: string | null, now = new Date()) {
  return listLiveCodes(`codes:category:${categoryId}`, or(eq(brands.categoryId, categoryId), eq(promoCodes.categoryId, categoryId))!, viewerId, now);
}
