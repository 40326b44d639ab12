import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { draftValues } from "#app/modules/admin/publication";
import { brands, categories, offers } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "#app/modules/admin/versioned.server";
import { resolveCategoryId } from "#app/modules/categories/category-refs.server";
import { paginate } from "#app/modules/admin/pagination.server";
import { bulkCatalogue, bulkPublication } from "#app/modules/admin/bulk.server";
import type { ListQuery, OnlyIds } from "#app/modules/admin/list-query";
import { listOrder, draftWhere, scheduleWhere, searchWhere, yesNoWhere } from "#app/modules/admin/list-query.server";
import type { OFFER_BULK_INTENTS, offerListSpec } from "./offer-list";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import type { offerFormSchema } from "./offer-form.schema";
import type { Tx } from "#app/modules/admin/csv.server";
import { recordPriceObservation } from "#app/modules/prices/observations.server";

type Input = z.output<typeof offerFormSchema>;

type OfferListQuery = ListQuery<"name" | "brand", (typeof offerListSpec)["filters"]>;

/** The offers the list shows for its search and filters, from offers joined with brands. */
function offerListWhere(query: Pick<OfferListQuery, "q" | "filters"> & OnlyIds, now = new Date()) {
  const f = query.filters;
  return and(
    query.ids ? inArray(offers.id, query.ids) : undefined,
    searchWhere(query.q, [offers.name, brands.name]),
    f.brand ? eq(offers.brandId, f.brand) : undefined,
    f.category ? eq(offers.categoryId, f.category) : undefined,
    yesNoWhere(offers.isFeatured, f.featured),
    scheduleWhere(offers, f.schedule, now),
    draftWhere(offers.draft, f.publication),
  );
}

/**
 * One page of offers with their brand's name: searched (name, brand),
 * filtered and sorted as the URL says; name order by default (offers_name_idx).
 */
export async function listOffersAdmin(query: Pick<OfferListQuery, "q" | "sort" | "dir" | "filters" | "page">, now = new Date()) {
  const db = await getDb();
  const where = offerListWhere(query, now);
  const count = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(offers).innerJoin(brands, eq(brands.id, offers.brandId)).where(where);
    return row?.n ?? 0;
  };
  return paginate(query.page, count, (limit, offset) => offerAdminRows(query, limit, offset, now));
}

/** The list's rows from `offset` on, at most `limit` (a page, or the whole CSV export). */
export async function offerAdminRows(query: Pick<OfferListQuery, "q" | "sort" | "dir" | "filters"> & OnlyIds, limit: number, offset = 0, now = new Date()) {
  const db = await getDb();
  return db
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
      draft: offers.draft,
    })
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .leftJoin(categories, eq(categories.id, offers.categoryId))
    .where(offerListWhere(query, now))
    .orderBy(...listOrder(query.sort, query.dir, { name: offers.name, brand: brands.name }, offers.name, offers.id))
    .limit(limit)
    .offset(offset);
}

/** A bulk action on the ticked offers (delete, put forward or not, publish or back to draft), each audited, in one transaction. */
export async function bulkOffers(actor: { id: string; email: string }, intent: (typeof OFFER_BULK_INTENTS)[number], ids: string[]) {
  // « Publier »: a draft's regular price enters the price history then, as a save from its form records it (ADR 049)
  if (intent === "bulk-publish") {
    return bulkPublication(actor, "offer", offers, offers, true, ids, { draft: false }, new Date(), async (tx, found) => {
      for (const offer of await tx.select(writtenOffer).from(offers).where(inArray(offers.id, found))) await recordOfferPrice(tx, offer);
    });
  }
  const written = await bulkCatalogue(actor, "offer", offers, offers, intent, ids);
  if (intent === "bulk-delete") invalidateAllowedHosts();
  return written;
}

/** The row an offer form or CSV line writes: the typed category name creates or reuses a category, the offer stores its id. */
async function offerValues(tx: Tx, input: Input) {
  const { id: _id, category, status, ...rest } = input;
  return { ...rest, ...draftValues(status), categoryId: await resolveCategoryId(tx, category) };
}

/** A saved offer's regular price in the price history (ADR 049), in the save's transaction; a draft's is no observation yet. */
async function recordOfferPrice(tx: Tx, offer: { id: string; url: string | null; regularPrice: string; draft: boolean }) {
  if (!offer.draft) await recordPriceObservation(tx, { url: offer.url, price: offer.regularPrice, source: "offer", sourceId: offer.id });
}

/** What recordOfferPrice reads of the written row. */
const writtenOffer = { id: offers.id, url: offers.url, regularPrice: offers.regularPrice, draft: offers.draft };

/** Save an offer from its form, audited, refused (409) when it changed since `edit.version` (saveAuditedIn). */
export async function saveOffer(input: Input, edit: AdminEdit) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const values = await offerValues(tx, input);
    const saved = await saveAuditedIn(tx, edit, "offer", offers, input.id, values);
    if (saved) await recordOfferPrice(tx, saved as { id: string; url: string | null; regularPrice: string; draft: boolean });
    return saved;
  });
  invalidateAllowedHosts();
  return row;
}

/** Create (no id) or update an offer inside the caller's transaction (the CSV import, ADR 029); null when the row is gone. */
export async function writeOffer(tx: Tx, input: Input) {
  const values = await offerValues(tx, input);
  const [saved] = input.id
    ? await tx.update(offers).set({ ...values, updatedAt: new Date() }).where(eq(offers.id, input.id)).returning(writtenOffer)
    : await tx.insert(offers).values(values).returning(writtenOffer);
  if (saved) await recordOfferPrice(tx, saved);
  return saved ? { id: saved.id } : null;
}

/** Delete the offer with its audit entry, in one transaction (null: no such row). */
export async function deleteOffer(id: string, actor: { id: string; email: string }) {
  return await deleteAudited(actor, "offer", offers, id);
}
