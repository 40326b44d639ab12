import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { brands, crevardeDeals } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { enqueueAlertMatch } from "~/modules/alerts/alerts.server";
import { paginate } from "~/modules/admin/pagination.server";
import { bulkCatalogue } from "~/modules/admin/bulk.server";
import type { ListQuery } from "~/modules/admin/list-query";
import { expiryWhere, listOrder, scheduleWhere, searchWhere, yesNoWhere } from "~/modules/admin/list-query.server";
import type { DEAL_BULK_INTENTS, dealListSpec } from "./deal-list";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import type { dealFormSchema } from "./deal-form.schema";
import { dealCardColumns, NEWEST_FIRST } from "./deals.server";

/**
 * One page of deals with the brand's name and image: searched (title,
 * description, brand), filtered and sorted as the URL says; newest first by
 * default (crevarde_deals_created_idx).
 */
export async function listDealsAdmin(query: Pick<ListQuery<"created" | "title" | "temperature", (typeof dealListSpec)["filters"]>, "q" | "sort" | "dir" | "filters" | "page">, now = new Date()) {
  const db = await getDb();
  const f = query.filters;
  const where = and(
    searchWhere(query.q, [crevardeDeals.title, crevardeDeals.description, brands.name]),
    f.source ? eq(crevardeDeals.source, f.source) : undefined,
    f.status ? eq(crevardeDeals.status, f.status) : undefined,
    f.brand ? eq(crevardeDeals.brandId, f.brand) : undefined,
    f.expiry === "expired" ? or(expiryWhere(crevardeDeals.expiresAt, "expired", now), isNotNull(crevardeDeals.expiredAt)) : undefined,
    f.expiry && f.expiry !== "expired" ? and(expiryWhere(crevardeDeals.expiresAt, f.expiry, now), isNull(crevardeDeals.expiredAt)) : undefined,
    yesNoWhere(crevardeDeals.isFeatured, f.featured),
    scheduleWhere(crevardeDeals, f.schedule, now),
  );
  const count = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(crevardeDeals).leftJoin(brands, eq(brands.id, crevardeDeals.brandId)).where(where);
    return row?.n ?? 0;
  };
  const order =
    query.sort === "created" && query.dir === "desc"
      ? NEWEST_FIRST
      : listOrder(query.sort, query.dir, { created: crevardeDeals.createdAt, title: crevardeDeals.title, temperature: crevardeDeals.temperature }, crevardeDeals.id);
  return paginate(query.page, count, (limit, offset) =>
    db
      .select({ ...dealCardColumns, isFeatured: crevardeDeals.isFeatured, status: crevardeDeals.status, publishAt: crevardeDeals.publishAt, unpublishAt: crevardeDeals.unpublishAt })
      .from(crevardeDeals)
      .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
}

/** A bulk action on the ticked deals (delete, feature or not), each audited, in one transaction. */
export async function bulkDeals(actor: { id: string; email: string }, intent: (typeof DEAL_BULK_INTENTS)[number], ids: string[]) {
  const written = await bulkCatalogue(actor, "deal", crevardeDeals, crevardeDeals, intent, ids);
  if (intent === "bulk-delete") invalidateAllowedHosts();
  return written;
}

export async function saveDeal(input: z.output<typeof dealFormSchema>) {
  const db = await getDb();
  const { id, ...rest } = input;
  // plain-text fields arrive cleaned by the form schema (plainText): stored as typed, React escapes them
  const values = { ...rest, source: rest.source.toLowerCase() };
  const [row] = id
    ? await db.update(crevardeDeals).set({ ...values, updatedAt: new Date() }).where(eq(crevardeDeals.id, id)).returning({ id: crevardeDeals.id })
    : await db.transaction(async (tx) => {
        // a new admin deal is published at once (or at its « Publier le »): members' alerts are matched by a job queued with it
        const inserted = await tx.insert(crevardeDeals).values(values).returning({ id: crevardeDeals.id });
        await enqueueAlertMatch(tx, inserted[0].id, "published", values.publishAt);
        return inserted;
      });
  invalidateAllowedHosts();
  return row ?? null;
}

export async function deleteDeal(id: string) {
  const db = await getDb();
  const [row] = await db.delete(crevardeDeals).where(eq(crevardeDeals.id, id)).returning({ title: crevardeDeals.title });
  return row ?? null;
}
