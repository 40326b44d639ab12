import { eq } from "drizzle-orm";
import type { z } from "zod";
import { brands, crevardeDeals } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { enqueueAlertMatch } from "~/modules/alerts/alerts.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import type { dealFormSchema } from "./deal-form.schema";
import { dealCardColumns, NEWEST_FIRST } from "./deals.server";

/** One page of deals, newest first (crevarde_deals_created_idx), with the brand's name and image. */
export async function listDealsAdmin(page: number) {
  const db = await getDb();
  return paginate(page, () => countRows(crevardeDeals), (limit, offset) =>
    db
      .select({ ...dealCardColumns, isFeatured: crevardeDeals.isFeatured })
      .from(crevardeDeals)
      .leftJoin(brands, eq(brands.id, crevardeDeals.brandId))
      .orderBy(...NEWEST_FIRST)
      .limit(limit)
      .offset(offset),
  );
}

export async function saveDeal(input: z.output<typeof dealFormSchema>) {
  const db = await getDb();
  const { id, ...rest } = input;
  // plain-text fields arrive cleaned by the form schema (plainText): stored as typed, React escapes them
  const values = { ...rest, source: rest.source.toLowerCase() };
  const [row] = id
    ? await db.update(crevardeDeals).set({ ...values, updatedAt: new Date() }).where(eq(crevardeDeals.id, id)).returning({ id: crevardeDeals.id })
    : await db.transaction(async (tx) => {
        // a new admin deal is published at once: members' alerts are matched by a job queued with it
        const inserted = await tx.insert(crevardeDeals).values(values).returning({ id: crevardeDeals.id });
        await enqueueAlertMatch(tx, inserted[0].id, "published");
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
