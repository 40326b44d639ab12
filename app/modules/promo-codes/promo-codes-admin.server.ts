import { asc, eq, sql } from "drizzle-orm";
import { brands, promoCodes } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { countRows, paginate } from "~/modules/admin/pagination.server";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import type { z } from "zod";
import type { promoCodeFormSchema } from "./promo-code-form.schema";

type Input = z.output<typeof promoCodeFormSchema>;

/** One page of promo codes with their brand's name, ordered by code (promo_codes_code_idx). */
export async function listPromoCodesAdmin(page: number) {
  const db = await getDb();
  return paginate(page, () => countRows(promoCodes), (limit, offset) =>
    db
      .select({
        id: promoCodes.id,
        brandId: promoCodes.brandId,
        brandName: brands.name,
        code: promoCodes.code,
        discountAmount: promoCodes.discountAmount,
        description: promoCodes.description,
        category: promoCodes.category,
        url: promoCodes.url,
        isFeatured: promoCodes.isFeatured,
        expiresAt: promoCodes.expiresAt,
      })
      .from(promoCodes)
      .innerJoin(brands, eq(brands.id, promoCodes.brandId))
      .orderBy(asc(promoCodes.code), asc(promoCodes.id))
      .limit(limit)
      .offset(offset),
  );
}

/** Distinct categories for the select; "Général" when there are none (admin.md §9). */
export async function promoCategoryChoices(): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ c: promoCodes.category })
    .from(promoCodes)
    .where(sql`${promoCodes.category} is not null`)
    .orderBy(asc(promoCodes.category));
  const list = rows.map((r) => r.c!).filter(Boolean);
  return list.length ? list : ["Général"];
}

export async function savePromoCode(input: Input) {
  const db = await getDb();
  const values = {
    brandId: input.brandId,
    code: input.code,
    discountAmount: input.discountAmount,
    description: input.description,
    category: input.category,
    url: input.url,
    expiresAt: input.expiresAt,
    isFeatured: input.isFeatured,
  };
  const [row] = input.id
    ? await db.update(promoCodes).set({ ...values, updatedAt: new Date() }).where(eq(promoCodes.id, input.id)).returning({ id: promoCodes.id })
    : await db.insert(promoCodes).values(values).returning({ id: promoCodes.id });
  invalidateAllowedHosts();
  return row ?? null;
}

export async function deletePromoCode(id: string) {
  const db = await getDb();
  const [row] = await db.delete(promoCodes).where(eq(promoCodes.id, id)).returning({ code: promoCodes.code });
  return row ?? null;
}
