import { asc, eq } from "drizzle-orm";
import { brands, categories, promoCodes } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { categoryNames } from "~/modules/categories/categories-admin.server";
import { resolveCategoryId } from "~/modules/categories/category-refs.server";
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
        category: categories.name,
        url: promoCodes.url,
        isFeatured: promoCodes.isFeatured,
        expiresAt: promoCodes.expiresAt,
      })
      .from(promoCodes)
      .innerJoin(brands, eq(brands.id, promoCodes.brandId))
      .leftJoin(categories, eq(categories.id, promoCodes.categoryId))
      .orderBy(asc(promoCodes.code), asc(promoCodes.id))
      .limit(limit)
      .offset(offset),
  );
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
