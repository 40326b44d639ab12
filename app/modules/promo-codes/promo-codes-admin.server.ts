import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { brands, categories, promoCodes } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import type { Tx } from "#app/modules/admin/csv.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "#app/modules/admin/versioned.server";
import { categoryNames } from "#app/modules/categories/categories-admin.server";
import { resolveCategoryId } from "#app/modules/categories/category-refs.server";
import { paginate } from "#app/modules/admin/pagination.server";
import { bulkAudited, bulkCatalogue } from "#app/modules/admin/bulk.server";
import type { ListQuery, OnlyIds } from "#app/modules/admin/list-query";
import { expiryWhere, listOrder, draftWhere, scheduleWhere, searchWhere, yesNoWhere } from "#app/modules/admin/list-query.server";
import { PROMO_EXTEND_DAYS, type PromoBulkIntent, type PromoCodeSort, type promoCodeListSpec } from "./promo-code-list";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import type { z } from "zod";
import { draftValues } from "#app/modules/admin/publication";
import type { promoCodeFormSchema } from "./promo-code-form.schema";

type Input = z.output<typeof promoCodeFormSchema>;

export type PromoCodeListQuery = ListQuery<PromoCodeSort, (typeof promoCodeListSpec)["filters"]>;

/** The rows the list shows for its search and filters. */
function promoCodeListWhere(query: Pick<PromoCodeListQuery, "q" | "filters"> & OnlyIds, now = new Date()) {
  const f = query.filters;
  return and(
    query.ids ? inArray(promoCodes.id, query.ids) : undefined,
    searchWhere(query.q, [promoCodes.code, brands.name, promoCodes.description]),
    f.brand ? eq(promoCodes.brandId, f.brand) : undefined,
    f.category ? eq(promoCodes.categoryId, f.category) : undefined,
    expiryWhere(promoCodes.expiresAt, f.expiry, now),
    yesNoWhere(promoCodes.isFeatured, f.featured),
    scheduleWhere(promoCodes, f.schedule, now),
    draftWhere(promoCodes.draft, f.publication),
  );
}

/** The list's order (code by default), the id as tie-breaker; from promo_codes joined with brands. */
function promoCodeListOrder(query: Pick<PromoCodeListQuery, "sort" | "dir">) {
  return listOrder(query.sort, query.dir, { code: promoCodes.code, brand: brands.name, expires: promoCodes.expiresAt }, promoCodes.code, promoCodes.id);
}

/**
 * One page of promo codes with their brand's name: searched (code, brand,
 * description), filtered and sorted as the URL says; code order by default
 * (promo_codes_code_idx), the id as tie-breaker.
 */
export async function listPromoCodesAdmin(query: Pick<PromoCodeListQuery, "q" | "sort" | "dir" | "filters" | "page">, now = new Date()) {
  const db = await getDb();
  const where = promoCodeListWhere(query, now);
  const count = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(promoCodes).innerJoin(brands, eq(brands.id, promoCodes.brandId)).where(where);
    return row?.n ?? 0;
  };
  return paginate(query.page, count, (limit, offset) => promoCodeAdminRows(query, limit, offset, now));
}

/** The list's rows from `offset` on, at most `limit` (a page, or the whole CSV export). */
export async function promoCodeAdminRows(query: Pick<PromoCodeListQuery, "q" | "sort" | "dir" | "filters"> & OnlyIds, limit: number, offset = 0, now = new Date()) {
  const db = await getDb();
  return db
    .select({
      id: promoCodes.id,
      brandId: promoCodes.brandId,
      brandName: brands.name,
      code: promoCodes.code,
      discountAmount: promoCodes.discountAmount,
      description: promoCodes.description,
      category: categories.name,
      url: promoCodes.url,
      isFeatured: promoCodes.isFeatured,
      expiresAt: promoCodes.expiresAt,
      updatedAt: promoCodes.updatedAt,
      publishAt: promoCodes.publishAt,
      unpublishAt: promoCodes.unpublishAt,
      draft: promoCodes.draft,
    })
    .from(promoCodes)
    .innerJoin(brands, eq(brands.id, promoCodes.brandId))
    .leftJoin(categories, eq(categories.id, promoCodes.categoryId))
    .where(promoCodeListWhere(query, now))
    .orderBy(...promoCodeListOrder(query))
    .limit(limit)
    .offset(offset);
}

/**
 * A bulk action on the ticked codes, each audited, in one transaction:
 * delete, put forward or not, or extend the expiry by PROMO_EXTEND_DAYS
 * (from today when already expired; codes without an expiry keep none).
 */
export async function bulkPromoCodes(actor: { id: string; email: string }, intent: PromoBulkIntent, ids: string[], now = new Date()) {
  const written =
    intent === "bulk-extend"
      ? await bulkAudited(actor, "promo_code", promoCodes, promoCodes.id, ids, "update", (tx, found) =>
          tx
            .update(promoCodes)
            .set({ expiresAt: sql`greatest(${promoCodes.expiresAt}, ${now}) + make_interval(days => ${PROMO_EXTEND_DAYS})`, updatedAt: now })
            .where(and(inArray(promoCodes.id, found), isNotNull(promoCodes.expiresAt))),
        )
      : await bulkCatalogue(actor, "promo_code", promoCodes, promoCodes, intent, ids, now);
  if (intent === "bulk-delete") invalidateAllowedHosts();
  return written;
}

/** The existing categories for the select; "Général" when there are none (the product spec's default). */
export async function promoCategoryChoices(): Promise<string[]> {
  const list = await categoryNames();
  return list.length ? list : ["Général"];
}

/** The row a promo code form or CSV line writes. */
async function promoCodeValues(tx: Tx, input: Input) {
  return {
    brandId: input.brandId,
    code: input.code,
    discountAmount: input.discountAmount,
    description: input.description,
    categoryId: await resolveCategoryId(tx, input.category),
    url: input.url,
    expiresAt: input.expiresAt,
    isFeatured: input.isFeatured,
    publishAt: input.publishAt,
    unpublishAt: input.unpublishAt,
    ...draftValues(input.status),
  };
}

/**
 * The chosen or typed category name creates or reuses a category; the code stores its id.
 * Audited, and refused (409) when the code changed since `edit.version` (saveAuditedIn).
 */
export async function savePromoCode(input: Input, edit: AdminEdit) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => saveAuditedIn(tx, edit, "promo_code", promoCodes, input.id, await promoCodeValues(tx, input)));
  invalidateAllowedHosts();
  return row;
}

/** Create (no id) or update a code inside the caller's transaction (the form and the CSV import). */
export async function writePromoCode(tx: Tx, input: Input) {
  const values = await promoCodeValues(tx, input);
  const [saved] = input.id
    ? await tx.update(promoCodes).set({ ...values, updatedAt: new Date() }).where(eq(promoCodes.id, input.id)).returning({ id: promoCodes.id })
    : await tx.insert(promoCodes).values(values).returning({ id: promoCodes.id });
  return saved ?? null;
}

/** Delete the promo code with its audit entry, in one transaction (null: no such row). */
export async function deletePromoCode(id: string, actor: { id: string; email: string }) {
  return await deleteAudited(actor, "promo_code", promoCodes, id);
}
