import { eq, inArray, sql } from "drizzle-orm";
import { brands, categories, promoCodes } from "../../../db/schema";
import { getDb } from "~/lib/db.server";
import { parseListQuery } from "~/modules/admin/list-query";
import type { CsvEntity } from "~/modules/admin/csv.server";
import { dayCell, yesNoCell } from "~/modules/admin/csv";
import { brandLookup, findBrand, type BrandRef } from "~/modules/brands/brand-csv.server";
import { toParisDateInput } from "~/modules/settings/paris-time";
import { invalidateAllowedHosts } from "~/modules/tracking/tracking.server";
import { promoCodeListSpec } from "./promo-code-list";
import { promoCodeFormSchema } from "./promo-code-form.schema";
import { promoCodeListOrder, promoCodeListWhere, writePromoCode } from "./promo-codes-admin.server";
import type { z } from "zod";

type Input = z.output<typeof promoCodeFormSchema>;

/** The list's rows for the export, filtered, searched and sorted as the URL says. */
async function exportRows(url: URL, limit: number) {
  const db = await getDb();
  const query = parseListQuery(url, promoCodeListSpec);
  return db
    .select({
      brandName: brands.name,
      code: promoCodes.code,
      discountAmount: promoCodes.discountAmount,
      description: promoCodes.description,
      category: categories.name,
      url: promoCodes.url,
      expiresAt: promoCodes.expiresAt,
      isFeatured: promoCodes.isFeatured,
    })
    .from(promoCodes)
    .innerJoin(brands, eq(brands.id, promoCodes.brandId))
    .leftJoin(categories, eq(categories.id, promoCodes.categoryId))
    .where(promoCodeListWhere(query))
    .orderBy(...promoCodeListOrder(query))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof exportRows>>[number];
const codeKey = (brandId: string, code: string) => `${brandId}|${code.trim().toLowerCase()}`;

/**
 * Promo codes as CSV (ADR 029): matched on their brand (name or slug) and
 * their code in any case, the table's unique key (promo_codes_brand_code_idx).
 */
export const promoCodeCsv: CsvEntity<Row, Input, { brands: Map<string, BrandRef>; existing: Map<string, string> }> = {
  entity: "promo_code",
  fileName: "codes-promo",
  table: promoCodes,
  idColumn: promoCodes.id,
  columns: [
    { header: "Marque", field: "brandId", value: (r) => r.brandName },
    { header: "Code", field: "code", value: (r) => r.code },
    { header: "Réduction", field: "discountAmount", value: (r) => r.discountAmount },
    { header: "Description", field: "description", value: (r) => r.description },
    { header: "Catégorie", field: "category", value: (r) => r.category },
    { header: "Lien", field: "url", value: (r) => r.url },
    { header: "Expiration", field: "expiresAt", value: (r) => (r.expiresAt ? toParisDateInput(r.expiresAt) : "") },
    { header: "En avant", field: "isFeatured", value: (r) => (r.isFeatured ? "Oui" : "Non") },
  ],
  exportRows,
  schema: promoCodeFormSchema,
  async context(tx, records) {
    const codes = [...new Set(records.map((r) => (r.code ?? "").trim().toLowerCase()).filter(Boolean))];
    const rows = codes.length
      ? await tx.select({ id: promoCodes.id, brandId: promoCodes.brandId, code: promoCodes.code }).from(promoCodes).where(inArray(sql`lower(${promoCodes.code})`, codes))
      : [];
    return { brands: await brandLookup(tx), existing: new Map(rows.map((r) => [codeKey(r.brandId, r.code), r.id])) };
  },
  toForm(cells, ctx) {
    const brand = findBrand(ctx.brands, cells.brandId);
    return {
      form: { ...cells, brandId: brand?.id ?? "", expiresAt: dayCell(cells.expiresAt), isFeatured: yesNoCell(cells.isFeatured) },
      issues: cells.brandId.trim() && !brand ? [{ field: "brandId", message: `Marque inconnue : « ${cells.brandId.trim()} ».` }] : [],
    };
  },
  key: (input) => codeKey(input.brandId, input.code),
  label: (input) => input.code,
  match: (input, ctx) => ({ id: ctx.existing.get(codeKey(input.brandId, input.code)) ?? null }),
  async write(tx, input, id) {
    const saved = await writePromoCode(tx, { ...input, id: id ?? undefined });
    if (!saved) throw new Error("promo code import: row vanished");
    return saved.id;
  },
  afterImport: invalidateAllowedHosts,
};
