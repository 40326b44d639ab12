import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { brands, categories, promoCodes } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { categoryNames } from "~/modules/categories/categories-admin.server";
import { resolveCategoryId } from "~/modules/categories/category-refs.server";
import { paginate } from "~/modules/admin/pagination.server";
import { bulkAudited, bulkCatalogue } from "~/modules/admin/bulk.server";
import type { ListQuery } from "~/modules/admin/list-query";
import { expiryWhere, listOrder, scheduleWhere, searchWhere, yesNoWhere } from "~/modules/admin/list-query.server";
import { PROMO_EXTEND_DAYS, type PromoBulkIntent, type PromoCodeSort, type promoCodeListSpec } from "./promo-code-list";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import type { z } from "zod";
import type { promoCodeFormSchema } from "./promo-code-form.schema";

type Input = z.output<typeof promoCodeFormSchema>;

export type PromoCodeListQuery = ListQuery<PromoCodeSort, (typeof promoCodeListSpec)["filters"]>;

/**
 * One page of promo codes with their brand's name: searched (code, brand,
 * description), filtered and sorted as the URL says; code order by default
 * (promo_codes_code_idx), the id as tie-breaker.
 */
export async function listPromoCodesAdmin(query: Pick<PromoCodeListQuery, "q" | "sort" | "dir" | "filters" | "page">, now = new Date()) {
  const db = await getDb();
  const f = query.filters;
  const where = and(
    searchWhere(query.q, [promoCodes.code, brands.name, promoCodes.description]),
    f.brand ? eq(promoCodes.brandId, f.brand) : undefined,
    f.category ? eq(promoCodes.categoryId, f.category) : undefined,
    expiryWhere(promoCodes.expiresAt, f.expiry, now),
    yesNoWhere(promoCodes.isFeatured, f.featured),
    scheduleWhere(promoCodes, f.schedule, now),
  );
  const count = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(promoCodes).innerJoin(brands, eq(brands.id, promoCodes.brandId)).where(where);
    return row?.n ?? 0;
  };
  return paginate(query.page, count, (limit, offset) =>
    db
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
        publishAt: promoCodes.publishAt,
        unpublishAt: promoCodes.unpublishAt,
      })
      .from(promoCodes)
      .innerJoin(brands, eq(brands.id, promoCodes.brandId))
      .leftJoin(categories, eq(categories.id, promoCodes.categoryId))
      .where(where)
      .orderBy(...listOrder(query.sort, query.dir, { code: promoCodes.code, brand: brands.name, expires: promoCodes.expiresAt }, promoCodes.code, promoCodes.id))
      .limit(limit)
      .offset(offset),
  );
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

/** The existing categories for the select; "Général" when there are none (admin.md §9). */
export async function promoCategoryChoices(): Promise<string[]> {
  const list = await categoryNames();
  return list.length ? list : ["Général"];
}

/** The chosen or typed category name creates or reuses a category; the code stores its id. */
export async function savePromoCode(input: Input) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const values = {
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
    };
    const [saved] = input.id
      ? await tx.update(promoCodes).set({ ...values, updatedAt: new Date() }).where(eq(promoCodes.id, input.id)).returning({ id: promoCodes.id })
      : await tx.insert(promoCodes).values(values).returning({ id: promoCodes.id });
    return saved ?? null;
  });
  invalidateAllowedHosts();
  return row;
}

export async function deletePromoCode(id: string) {
  const db = await getDb();
  const [row] = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ code: promoCodes.code });
  return row ?? null;
}
