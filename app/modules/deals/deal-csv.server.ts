import { inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { crevardeDeals } from "#db/schema";
import { onlyIds, parseListQuery } from "#app/modules/admin/list-query";
import { draftCsvColumn, scheduleCsvColumns, scheduleFormCells, type CsvEntity } from "#app/modules/admin/csv.server";
import { draftStatusCell } from "#app/modules/admin/publication";
import { yesNoCell } from "#app/modules/admin/csv";
import { brandCell, brandLookup, type BrandRef } from "#app/modules/brands/brand-csv.server";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { dealFormSchema } from "./deal-form.schema";
import { dealListSpec } from "./deal-list";
import { dealAdminRows, writeDeal } from "./deals-admin.server";

/** The list's rows for the export, filtered, searched and sorted as the URL says. */
const exportRows = (url: URL, limit: number) => dealAdminRows(parseListQuery(url, dealListSpec), limit);

type Row = Awaited<ReturnType<typeof exportRows>>[number];
type Input = z.output<typeof dealFormSchema>;
const dealKey = (title: string, brandId: string | null) => `${brandId ?? ""}|${title.trim().toLowerCase()}`;

/**
 * Deals as CSV (ADR 029). Deals have no slug and no unique column: a row is
 * matched on its title (any case) and its brand (or none); when several
 * deals share them the row is refused (edit those in the list).
 */
export const dealCsv: CsvEntity<Row, Input, { brands: Map<string, BrandRef>; existing: Map<string, string[]> }> = {
  entity: "deal",
  fileName: "deals",
  table: crevardeDeals,
  idColumn: crevardeDeals.id,
  columns: [
    { header: "Titre", field: "title", value: (r) => r.title },
    { header: "Marque", field: "brandId", value: (r) => r.brandName },
    { header: "Description", field: "description", value: (r) => r.description },
    { header: "Prix", field: "price", value: (r) => r.price },
    { header: "Prix d'origine", field: "originalPrice", value: (r) => r.originalPrice },
    { header: "Image", field: "imageUrl", value: (r) => r.imageUrl },
    { header: "Source", field: "source", value: (r) => r.source },
    { header: "Badge", field: "badgeText", value: (r) => r.badgeText },
    { header: "Type de badge", field: "badgeType", value: (r) => r.badgeType },
    { header: "Bouton", field: "ctaText", value: (r) => r.ctaText },
    { header: "Lien", field: "url", value: (r) => r.url },
    { header: "En vedette", field: "isFeatured", value: (r) => (r.isFeatured ? "Oui" : "Non") },
    draftCsvColumn<Row>(),
    ...scheduleCsvColumns<Row>(),
  ],
  exportRows,
  currentRows: (ids) => dealAdminRows(onlyIds(dealListSpec, ids), ids.length),
  schema: dealFormSchema,
  async context(tx, records) {
    const titles = [...new Set(records.map((r) => (r.title ?? "").trim().toLowerCase()).filter(Boolean))];
    const rows = titles.length
      ? await tx
          .select({ id: crevardeDeals.id, title: crevardeDeals.title, brandId: crevardeDeals.brandId })
          .from(crevardeDeals)
          .where(inArray(sql`lower(${crevardeDeals.title})`, titles))
      : [];
    const existing = new Map<string, string[]>();
    for (const r of rows) existing.set(dealKey(r.title, r.brandId), [...(existing.get(dealKey(r.title, r.brandId)) ?? []), r.id]);
    return { brands: await brandLookup(tx), existing };
  },
  toForm(cells, ctx) {
    const { brandId, issues } = brandCell(ctx.brands, cells.brandId);
    const status = draftStatusCell(cells.status);
    return {
      form: { ...cells, brandId, isFeatured: yesNoCell(cells.isFeatured), ...scheduleFormCells(cells), ...status.form },
      issues: [...issues, ...status.issues],
    };
  },
  key: (input) => dealKey(input.title, input.brandId),
  label: (input) => input.title,
  match(input, ctx) {
    const ids = ctx.existing.get(dealKey(input.title, input.brandId)) ?? [];
    if (ids.length > 1) return { field: "title", message: `${ids.length} deals portent ce titre pour cette marque : modifiez-les dans la liste.` };
    return { id: ids[0] ?? null };
  },
  write: (tx, input, id) => writeDeal(tx, { ...input, id: id ?? undefined }),
  afterImport: invalidateAllowedHosts,
};
