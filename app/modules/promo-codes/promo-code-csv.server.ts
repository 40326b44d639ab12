import { inArray, sql } from "drizzle-orm";
import { promoCodes } from "#db/schema";
import { onlyIds, parseListQuery } from "#app/modules/admin/list-query";
import { draftCsvColumn, scheduleCsvColumns, scheduleFormCells, type CsvEntity } from "#app/modules/admin/csv.server";
import { draftStatusCell } from "#app/modules/admin/publication";
import { dayCell, yesNoCell } from "#app/modules/admin/csv";
import { brandCell, brandLookup, type BrandRef } from "#app/modules/brands/brand-csv.server";
import { toParisDateInput } from "#app/modules/settings/paris-time";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { promoCodeListSpec } from "./promo-code-list";
import { promoCodeFormSchema } from "./promo-code-form.schema";
import { promoCodeAdminRows, writePromoCode } from "./promo-codes-admin.server";
import type { z } from "zod";

type Input = z.output<typeof promoCodeFormSchema>;

/** The list's rows for the export, filtered, searched and sorted as the URL says. */
const exportRows = (url: URL, limit: number) => promoCodeAdminRows(parseListQuery(url, promoCodeListSpec), limit);

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
    draftCsvColumn<Row>(),
    ...scheduleCsvColumns<Row>(),
  ],
  exportRows,
  currentRows: (ids) => promoCodeAdminRows(onlyIds(promoCodeListSpec, ids), ids.length),
  schema: promoCodeFormSchema,
  async context(tx, records) {
    const codes = [...new Set(records.map((r) => (r.code ?? "").trim().toLowerCase()).filter(Boolean))];
    const rows = codes.length
      ? await tx.select({ id: promoCodes.id, brandId: promoCodes.brandId, code: promoCodes.code }).from(promoCodes).where(inArray(sql`lower(${promoCodes.code})`, codes))
      : [];
    return { brands: await brandLookup(tx), existing: new Map(rows.map((r) => [codeKey(r.brandId, r.code), r.id])) };
  },
  toForm(cells, ctx) {
    const { brandId, issues } = brandCell(ctx.brands, cells.brandId);
    const status = draftStatusCell(cells.status);
    return {
      form: { ...cells, brandId, expiresAt: dayCell(cells.expiresAt), isFeatured: yesNoCell(cells.isFeatured), ...scheduleFormCells(cells), ...status.form },
      issues: [...issues, ...status.issues],
    };
  },
  key: (input) => codeKey(input.brandId, input.code),
  label: (input) => input.code,
  match: (input, ctx) => ({ id: ctx.existing.get(codeKey(input.brandId, input.code)) ?? null }),
  write: (tx, input, id) => writePromoCode(tx, { ...input, id: id ?? undefined }),
  afterImport: invalidateAllowedHosts,
};
