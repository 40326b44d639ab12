import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import {
  affiliatePrograms,
  brands,
  conversionChanges,
  conversions,
  memberCashbackEvents,
  memberCashbacks,
  networkRecords,
  user,
} from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { paginate } from "#app/modules/admin/pagination.server";
import { likeTerm } from "#app/modules/admin/list-query.server";
import type { ConversionFilters } from "./conversions-admin.schema";

/**
 * The back office's read side of conversions (/admin/conversions): the
 * filtered list, one conversion with its raw network records, change history
 * and member cashback timeline, and the look-ups the hand actions need.
 * Writes go through the import branch's contract functions.
 */


/** Start of a Paris calendar day as an instant (transaction dates are filtered in the site's time zone). */
const parisDayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Paris'`;

function conversionWhere(f: ConversionFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.network) parts.push(eq(conversions.network, f.network));
  if (f.status) parts.push(eq(conversions.status, f.status));
  if (f.attribution === "attributed") parts.push(isNotNull(conversions.userId));
  if (f.attribution === "unattributed") parts.push(isNull(conversions.userId));
  if (f.currency === "eur") parts.push(eq(conversions.currency, "EUR"));
  if (f.currency === "other") parts.push(ne(conversions.currency, "EUR"));
  if (f.review) parts.push(eq(conversions.reviewStatus, f.review));
  if (f.from) parts.push(sql`${conversions.transactionAt} >= ${parisDayStart(f.from)}`);
  if (f.to) parts.push(sql`${conversions.transactionAt} < ${parisDayStart(f.to)} + interval '1 day'`);
  if (f.q) {
    const term = likeTerm(f.q);
    parts.push(or(ilike(conversions.orderRef, term), ilike(conversions.clickId, term), ilike(conversions.conversionKey, term))!);
  }
  return parts.length ? and(...parts) : undefined;
}

/** One page of conversions, newest purchase first (conversions_status_idx / transaction date, id as tie-breaker). */
export async function listConversionsAdmin(filters: ConversionFilters, page = 1) {
  const db = await getDb();
  const where = conversionWhere(filters);
  const count = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(conversions).where(where);
    return row?.n ?? 0;
  };
  return paginate(page, count, (limit, offset) =>
    db
      .select({
        id: conversions.id,
        network: conversions.network,
        orderRef: conversions.orderRef,
        clickId: conversions.clickId,
        status: conversions.status,
        networkStatusRaw: conversions.networkStatusRaw,
        saleAmount: conversions.saleAmount,
        commissionAmount: conversions.commissionAmount,
        currency: conversions.currency,
        fxCommissionEur: conversions.fxCommissionEur,
        reviewStatus: conversions.reviewStatus,
        transactionAt: conversions.transactionAt,
        userId: conversions.userId,
        memberEmail: user.email,
        brandName: brands.name,
        cashbackStatus: memberCashbacks.status,
        cashbackCents: memberCashbacks.amountCents,
      })
      .from(conversions)
      .leftJoin(affiliatePrograms, eq(affiliatePrograms.id, conversions.programId))
      .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
      .leftJoin(user, eq(user.id, conversions.userId))
      .leftJoin(memberCashbacks, eq(memberCashbacks.conversionId, conversions.id))
      .where(where)
      .orderBy(desc(conversions.transactionAt), desc(conversions.id))
      .limit(limit)
      .offset(offset),
  );
}

/** A conversion with everything an admin checks before acting: raw records (one per version), history, member side. */
export async function conversionDetail(id: string) {
  const db = await getDb();
  const [conversion] = await db
    .select({
      conversion: conversions,
      memberEmail: user.email,
      brandName: brands.name,
      programNetworkId: affiliatePrograms.networkProgramId,
    })
    .from(conversions)
    .leftJoin(affiliatePrograms, eq(affiliatePrograms.id, conversions.programId))
    .leftJoin(brands, eq(brands.id, affiliatePrograms.brandId))
    .leftJoin(user, eq(user.id, conversions.userId))
    .where(eq(conversions.id, id));
  if (!conversion) return null;
  const c = conversion.conversion;
  const [records, changes, [cashback]] = await Promise.all([
    db
      .select()
      .from(networkRecords)
      .where(and(eq(networkRecords.network, c.network), eq(networkRecords.networkAccountId, c.networkAccountId), eq(networkRecords.conversionKey, c.conversionKey)))
      .orderBy(asc(networkRecords.firstSeenAt), asc(networkRecords.id)),
    db.select().from(conversionChanges).where(eq(conversionChanges.conversionId, id)).orderBy(asc(conversionChanges.at), asc(conversionChanges.id)),
    db.select().from(memberCashbacks).where(eq(memberCashbacks.conversionId, id)),
  ]);
  const events = cashback
    ? await db
        .select()
        .from(memberCashbackEvents)
        .where(eq(memberCashbackEvents.memberCashbackId, cashback.id))
        .orderBy(asc(memberCashbackEvents.at), asc(memberCashbackEvents.id))
    : [];
  return { ...conversion, records, changes, cashback: cashback ?? null, events };
}

/** The fields the hand actions check before calling the import branch's functions. */
export async function conversionForAction(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: conversions.id, userId: conversions.userId, currency: conversions.currency, fxCommissionEur: conversions.fxCommissionEur, reviewStatus: conversions.reviewStatus })
    .from(conversions)
    .where(eq(conversions.id, id));
  return row ?? null;
}

/** A member by e-mail, case-insensitively (better-auth stores e-mails in lower case). */
export async function memberByEmail(email: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}
