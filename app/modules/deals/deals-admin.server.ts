import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { dealStatus } from "./deal-rules";
import type { z } from "zod";
import { draftValues } from "#app/modules/admin/publication";
import { brands, crevardeDeals } from "#db/schema";
import { getDb } from "#app/lib/db.server";
import type { Tx } from "#app/modules/admin/csv.server";
import { deleteAudited, saveAuditedIn, type AdminEdit } from "#app/modules/admin/versioned.server";
import { enqueueAlertMatch } from "#app/modules/alerts/alerts.server";
import { recordPriceObservation } from "#app/modules/prices/observations.server";
import { paginate } from "#app/modules/admin/pagination.server";
import { bulkCatalogue } from "#app/modules/admin/bulk.server";
import type { ListQuery, OnlyIds } from "#app/modules/admin/list-query";
import { expiryWhere, listOrder, draftWhere, scheduleWhere, searchWhere, yesNoWhere } from "#app/modules/admin/list-query.server";
import type { DEAL_BULK_INTENTS, dealListSpec, DealStatusBulkIntent } from "./deal-list";
import { auditable, recordAuditIn } from "#app/modules/admin/audit.server";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import type { dealFormSchema } from "./deal-form.schema";
import { dealCardColumns, NEWEST_FIRST } from "./deals.server";

/**
 * One page of deals with the brand's name and image: searched (title,
 * description, brand), filtered and sorted as the URL says; newest first by
 * default (crevarde_deals_created_idx).
 */
type DealListQuery = ListQuery<"created" | "title" | "temperature", (typeof dealListSpec)["filters"]>;

/** The deals the list shows for its search and filters, from crevarde_deals left-joined with brands . */
function dealListWhere(query: Pick<DealListQuery, "q" | "filters"> & OnlyIds, now = new Date()) {
  const f = query.filters;
  return and(
    query.ids ? inArray(crevardeDeals.id, query.ids) : undefined,
    searchWhere(query.q, [crevardeDeals.title, crevardeDeals.description, brands.name]),
    f.source ? eq(crevardeDeals.source, f.source) : undefined,
    f.status ? eq(crevardeDeals.status, f.status) : undefined,
    f.brand ? eq(crevardeDeals.brandId, f.brand) : undefined,
    f.expiry === "expired" ? or(expiryWhere(crevardeDeals.expiresAt, "expired", now), isNotNull(crevardeDeals.expiredAt)) : undefined,
    f.expiry && f.expiry !== "expired" ? and(expiryWhere(crevardeDeals.expiresAt, f.expiry, now), isNull(crevardeDeals.expiredAt)) : undefined,
    yesNoWhere(crevardeDeals.isFeatured, f.featured),
    scheduleWhere(crevardeDeals, f.schedule, now),
    draftWhere(crevardeDeals.draft, f.publication),
  );
}

/** The list's order: newest first by default (crevarde_deals_created_idx), the id as tie-breaker. */
function dealListOrder(query: Pick<DealListQuery, "sort" | "dir">) {
  return query.sort === "created" && query.dir === "desc"
    ? NEWEST_FIRST
    : listOrder(query.sort, query.dir, { created: crevardeDeals.createdAt, title: crevardeDeals.title, temperature: crevardeDeals.temperature }, crevardeDeals.id);
}

export async function listDealsAdmin(query: Pick<DealListQuery, "q" | "sort" | "dir" | "filters" | "page">, now = new Date()) {
  const db = await getDb();
  const where = dealListWhere(query, now);
  const count = async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(crevardeDeals).leftJoin(brands, eq(brands.id, crevardeDeals.brandId)).where(where);
    return row?.n ?? 0;
  };
  return paginate(query.page, count, (limit, offset) => dealAdminRows(query, limit, offset, now));
}

/** The list's rows from `offset` on, at most `limit` (a page, or the whole CSV export). */
export async function dealAdminRows(query: Pick<DealListQuery, "q" | "sort" | "dir" | "filters"> & OnlyIds, limit: number, offset = 0, now = new Date()) {
  const db = await getDb();
  return db
    .select({ ...dealCardColumns, isFeatured: crevardeDeals.isFeatured, status: crevardeDeals.status, draft: crevardeDeals.draft, updatedAt: crevardeDeals.updatedAt, publishAt: crevardeDeals.publishAt, unpublishAt: crevardeDeals.unpublishAt })
    .from(crevardeDeals)
    .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
    .where(dealListWhere(query, now))
    .orderBy(...dealListOrder(query))
    .limit(limit)
    .offset(offset);
}

/**
 * « Publier » / « Retirer » on the ticked deals, in one transaction: only the
 * team's deals (no author) whose status allows it move, through the deal
 * machine's `transition()` (removed → published, published → removed), each
 * audited; « Publier » also publishes a draft (ADR 047), which then follows its
 * schedule: its « Nouveau » window starts when it goes live, and members'
 * alerts are matched then. Members' deals and deals already there are counted
 * as skipped (their status is a moderation decision, DSA art. 17).
 */
export async function bulkDealStatus(actor: { id: string; email: string }, intent: DealStatusBulkIntent, ids: string[], now = new Date()) {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const rows = await tx.select().from(crevardeDeals).where(inArray(crevardeDeals.id, ids)).for("update");
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    const publish = intent === "bulk-publish";
    const published = dealStatus.is.published;
    const eligible = rows.filter(
      (r) => r.authorId === null && (publish ? (r.status === published ? r.draft : dealStatus.canMove(r.status, published)) : dealStatus.canMove(r.status, dealStatus.is.removed)),
    );
    let written = 0;
    for (const before of eligible) {
      // a draft goes live now, or at its « Publier le » when that is still to come
      const liveFrom = before.publishAt && before.publishAt > now ? before.publishAt : now;
      const set = publish
        ? {
            status: before.status === published ? published : dealStatus.transition(before.status, published),
            draft: false,
            publishedAt: before.draft ? liveFrom : (before.publishedAt ?? now),
            updatedAt: now,
          }
        : { status: dealStatus.transition(before.status, dealStatus.is.removed), updatedAt: now };
      const [after] = await tx.update(crevardeDeals).set(set).where(eq(crevardeDeals.id, before.id)).returning();
      if (publish && before.draft) await enqueueAlertMatch(tx, before.id, "published", liveFrom > now ? liveFrom : null);
      // a draft's price enters the price history when it is published (ADR 049)
      if (publish && before.draft) await recordDealPrice(tx, after);
      await recordAuditIn(tx, actor, { action: "update", entity: "deal", entityId: before.id, before: auditable(before), after: auditable(after) });
      written += 1;
    }
    return { written, missing, skipped: rows.length - eligible.length };
  });
  invalidateAllowedHosts();
  return result;
}

/** A bulk action on the ticked deals (delete, feature or not), each audited, in one transaction. */
export async function bulkDeals(actor: { id: string; email: string }, intent: (typeof DEAL_BULK_INTENTS)[number], ids: string[]) {
  const written = await bulkCatalogue(actor, "deal", crevardeDeals, crevardeDeals, intent, ids);
  if (intent === "bulk-delete") invalidateAllowedHosts();
  return written;
}

export async function saveDeal(input: z.output<typeof dealFormSchema>, edit: AdminEdit) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [was] = input.id ? await tx.select({ draft: crevardeDeals.draft }).from(crevardeDeals).where(eq(crevardeDeals.id, input.id)) : [];
    const values = dealValues(input);
    // a draft published from its form goes live now, or at its « Publier le » (ADR 047)
    const goesLive = was?.draft === true && values.draft === false;
    const liveFrom = input.publishAt && input.publishAt > new Date() ? input.publishAt : new Date();
    const saved = await saveAuditedIn(tx, edit, "deal", crevardeDeals, input.id, goesLive ? { ...values, publishedAt: liveFrom } : values);
    // a new admin deal is published at once (or at its « Publier le »), a draft when it is published: members' alerts are matched by a job queued then
    if (saved && ((!input.id && !values.draft) || goesLive)) await enqueueAlertMatch(tx, saved.id as string, "published", input.publishAt);
    if (saved) await recordDealPrice(tx, saved as { id: string; url: string; price: string; draft: boolean });
    return saved;
  });
  invalidateAllowedHosts();
  return row;
}

/** A saved deal's price in the price history (ADR 049), in the save's transaction; a draft's price is no observation yet. */
async function recordDealPrice(tx: Tx, deal: { id: string; url: string; price: string; draft: boolean }) {
  if (!deal.draft) await recordPriceObservation(tx, { url: deal.url, price: deal.price, source: "deal", sourceId: deal.id });
}

/** What recordDealPrice reads of the written row. */
const writtenDeal = { id: crevardeDeals.id, url: crevardeDeals.url, price: crevardeDeals.price, draft: crevardeDeals.draft };

/** The row a deal form or CSV line writes; plain-text fields arrive cleaned by the form schema (plainText), stored as typed, React escapes them. */
function dealValues(input: z.output<typeof dealFormSchema>) {
  // `status` is the form's « Statut » (draft or not), never the deal's moderation status
  const { id: _id, status, ...rest } = input;
  return { ...rest, ...draftValues(status), source: rest.source.toLowerCase() };
}

/** Create (no id) or update a deal inside the caller's transaction (the CSV import, which audits each row itself). */
export async function writeDeal(tx: Tx, input: z.output<typeof dealFormSchema>) {
  const { id } = input;
  const values = dealValues(input);
  if (id) {
    const [row] = await tx.update(crevardeDeals).set({ ...values, updatedAt: new Date() }).where(eq(crevardeDeals.id, id)).returning(writtenDeal);
    if (row) await recordDealPrice(tx, row);
    return row ? { id: row.id } : null;
  }
  // a new admin deal is published at once (or at its « Publier le »): members' alerts are matched by a job queued with it
  const [row] = await tx.insert(crevardeDeals).values(values).returning(writtenDeal);
  if (!values.draft) await enqueueAlertMatch(tx, row.id, "published", values.publishAt);
  await recordDealPrice(tx, row);
  return { id: row.id };
}

/** Delete the deal with its audit entry, in one transaction (null: no such row). */
export async function deleteDeal(id: string, actor: { id: string; email: string }) {
  return await deleteAudited(actor, "deal", crevardeDeals, id);
}
