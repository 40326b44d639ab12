import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { brands, categories, offers } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "~/modules/admin/versioned.server";
import { resolveCategoryId } from "~/modules/categories/category-refs.server";
import { paginate } from "~/modules/admin/pagination.server";
import { bulkCatalogue } from "~/modules/admin/bulk.server";
import type { ListQuery } from "~/modules/admin/list-query";
import { listOrder, scheduleWhere, searchWhere, yesNoWhere } from "~/modules/admin/list-query.server";
import type { OFFER_BULK_INTENTS, offerListSpec } from "./offer-list";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import type { offerFormSchema } from "./offer-form.schema";

/**
 * One page of offers with their brand's name: searched (name, brand),
 * filtered and sorted as the URL says; name order by default (offers_name_idx).
 */
export async function listOffersAdmin(query: Pick<ListQuery<"name" | "brand", (typeof offerListSpec)["filters"]>, "q" | "sort" | "dir" | "filters" | "page">, now = new Date()) {
  const db = await getDb();
  const f = query.filters;
  const where = and(
    searchWhere(query.q, [offers.name, brands.name]),
    f.brand ? eq(offers.brandId, f.brand) : undefined,
    f.category ? eq(offers.categoryId, f.category) : undefined,
    yesNoWhere(offers.isFeatured, f.featured),
    scheduleWhere(offers, f.schedule, now),
  );
  const count = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(offers).innerJoin(brands, eq(brands.id, offers.brandId)).where(where);
    return row?.n ?? 0;
  };
  return paginate(query.page, count, (limit, offset) =>
    db
      .select({
        id: offers.id,
        brandId: offers.brandId,
        brandName: brands.name,
        name: offers.name,
        imageUrl: offers.imageUrl,
        regularPrice: offers.regularPrice,
        category: categories.name,
        tag: offers.tag,
        url: offers.url,
        isFeatured: offers.isFeatured,
        updatedAt: offers.updatedAt,
        publishAt: offers.publishAt,
        unpublishAt: offers.unpublishAt,
      })
      .from(offers)
      .innerJoin(brands, eq(brands.id, offers.brandId))
      .leftJoin(categories, eq(categories.id, offers.categoryId))
      .where(where)
      .orderBy(...listOrder(query.sort, query.dir, { name: offers.name, brand: brands.name }, offers.name, offers.id))
      .limit(limit)
      .offset(offset),
  );
}

/** A bulk action on the ticked offers (delete, put forward or not), each audited, in one transaction. */
export async function bulkOffers(actor: { id: string; email: string }, intent: (typeof OFFER_BULK_INTENTS)[number], ids: string[]) {
  const written = await bulkCatalogue(actor, "offer", offers, offers, intent, ids);
  if (intent === "bulk-delete") invalidateAllowedHosts();
  return written;
}

/** The typed category name creates or reuses a category; the offer stores its id. */
export async function saveOffer(input: z.output<typeof offerFormSchema>, edit: AdminEdit) {
  const db = await getDb();
  const { id, category, ...rest } = input;
  const row = await db.transaction(async (tx) => {
    const values = { ...rest, categoryId: await resolveCategoryId(tx, category) };
    return saveAuditedIn(tx, edit, "offer", offers, id, values);
  });
  invalidateAllowedHosts();
  return row;
}

/** Delete the offer with its audit entry, in one transaction (null: no such row). */
export async function deleteOffer(id: string, actor: { id: string; email: string }) {
  return await deleteAudited(actor, "offer", offers, id);
}
