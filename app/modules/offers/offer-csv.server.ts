import { inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { offers } from "#db/schema";
import { onlyIds, parseListQuery } from "#app/modules/admin/list-query";
import { draftCsvColumn, scheduleCsvColumns, scheduleFormCells, type CsvEntity } from "#app/modules/admin/csv.server";
import { draftStatusCell } from "#app/modules/admin/publication";
import { yesNoCell } from "#app/modules/admin/csv";
import { brandCell, brandLookup, type BrandRef } from "#app/modules/brands/brand-csv.server";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { offerFormSchema } from "./offer-form.schema";
import { offerListSpec } from "./offer-list";
import { offerAdminRows, writeOffer } from "./offers-admin.server";

/** The list's rows for the export, filtered, searched and sorted as the URL says. */
const exportRows = (url: URL, limit: number) => offerAdminRows(parseListQuery(url, offerListSpec), limit);

type Row = Awaited<ReturnType<typeof exportRows>>[number];
type Input = z.output<typeof offerFormSchema>;
const offerKey = (brandId: string, name: string) => `${brandId}|${name.trim().toLowerCase()}`;

/**
 * Cashback offers as CSV (ADR 029, issue #37 item 4). Offers have no unique
 * column: a row is matched on its brand (name or slug) and its product name
 * in any case; when several offers share them the row is refused (edit those
 * in the list).
 */
export const offerCsv: CsvEntity<Row, Input, { brands: Map<string, BrandRef>; existing: Map<string, string[]> }> = {
  entity: "offer",
  fileName: "offres",
  table: offers,
  idColumn: offers.id,
  columns: [
    { header: "Marque", field: "brandId", value: (r) => r.brandName },
    { header: "Produit", field: "name", value: (r) => r.name },
    { header: "Prix", field: "regularPrice", value: (r) => r.regularPrice },
    { header: "Catégorie", field: "category", value: (r) => r.category },
    { header: "Tag", field: "tag", value: (r) => r.tag },
    { header: "Image", field: "imageUrl", value: (r) => r.imageUrl },
    { header: "Lien", field: "url", value: (r) => r.url },
    { header: "En avant", field: "isFeatured", value: (r) => (r.isFeatured ? "Oui" : "Non") },
    draftCsvColumn<Row>(),
    ...scheduleCsvColumns<Row>(),
  ],
  exportRows,
  currentRows: (ids) => offerAdminRows(onlyIds(offerListSpec, ids), ids.length),
  schema: offerFormSchema,
  async context(tx, records) {
    const names = [...new Set(records.map((r) => (r.name ?? "").trim().toLowerCase()).filter(Boolean))];
    const rows = names.length
      ? await tx
          .select({ id: offers.id, name: offers.name, brandId: offers.brandId })
          .from(offers)
          .where(inArray(sql`lower(${offers.name})`, names))
      : [];
    const existing = new Map<string, string[]>();
    for (const r of rows) existing.set(offerKey(r.brandId, r.name), [...(existing.get(offerKey(r.brandId, r.name)) ?? []), r.id]);
    return { brands: await brandLookup(tx), existing };
  },
  toForm(cells, ctx) {
    const { brandId, issues } = brandCell(ctx.brands, cells.brandId);
    const status = draftStatusCell(cells.status);
    return { form: { ...cells, brandId, isFeatured: yesNoCell(cells.isFeatured), ...scheduleFormCells(cells), ...status.form }, issues: [...issues, ...status.issues] };
  },
  key: (input) => offerKey(input.brandId, input.name),
  label: (input) => input.name,
  match(input, ctx) {
    const ids = ctx.existing.get(offerKey(input.brandId, input.name)) ?? [];
    if (ids.length > 1) return { field: "name", message: `${ids.length} offres portent ce nom pour cette marque : modifiez-les dans la liste.` };
    return { id: ids[0] ?? null };
  },
  write: (tx, input, id) => writeOffer(tx, { ...input, id: id ?? undefined }),
  afterImport: invalidateAllowedHosts,
};
