import type { z } from "zod";
import { brands } from "#db/schema";
import { onlyIds, parseListQuery } from "#app/modules/admin/list-query";
import type { CsvEntity, Tx } from "#app/modules/admin/csv.server";
import { invalidateAllowedHosts } from "#app/modules/tracking/tracking.server";
import { brandFormSchema } from "./brand-form.schema";
import { brandListSpec } from "./brand-list";
import { brandAdminRows, writeBrand } from "./brands-admin.server";

export interface BrandRef {
  id: string;
  name: string;
  slug: string;
}

/** Every brand, found by its name or its slug in any case (a CSV names brands either way). */
export async function brandLookup(tx: Tx): Promise<Map<string, BrandRef>> {
  const rows = await tx.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands);
  const map = new Map<string, BrandRef>();
  for (const r of rows) map.set(r.slug.toLowerCase(), r);
  // a name wins over another brand's slug
  for (const r of rows) map.set(r.name.trim().toLowerCase(), r);
  return map;
}

/** A « Marque » cell (a brand's name or slug): the form's brandId, and an issue when it names no brand. */
export function brandCell(lookup: Map<string, BrandRef>, cell: string) {
  const typed = cell.trim();
  const brand = typed ? lookup.get(typed.toLowerCase()) : undefined;
  return { brandId: brand?.id ?? "", issues: typed && !brand ? [{ field: "brandId", message: `Marque inconnue : « ${typed} ».` }] : [] };
}

/** The list's rows for the export, filtered, searched and sorted as the URL says. */
const exportRows = (url: URL, limit: number) => brandAdminRows(parseListQuery(url, brandListSpec), limit);

type Row = Awaited<ReturnType<typeof exportRows>>[number];
type Input = z.output<typeof brandFormSchema>;

/** Brands as CSV (ADR 029): matched on their slug (unique, and what their public address is made of). */
export const brandCsv: CsvEntity<Row, Input, { bySlug: Map<string, BrandRef>; byName: Map<string, BrandRef> }> = {
  entity: "brand",
  fileName: "marques",
  table: brands,
  idColumn: brands.id,
  columns: [
    { header: "Nom", field: "name", value: (r) => r.name },
    { header: "Slug", field: "slug", value: (r) => r.slug },
    { header: "Catégorie", field: "category", value: (r) => r.category },
    { header: "Description", field: "description", value: (r) => r.description },
    { header: "Image", field: "imageUrl", value: (r) => r.imageUrl },
    { header: "Site web", field: "websiteUrl", value: (r) => r.websiteUrl },
  ],
  exportRows,
  currentRows: (ids) => brandAdminRows(onlyIds(brandListSpec, ids), ids.length),
  schema: brandFormSchema,
  async context(tx) {
    const rows = await tx.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands);
    return { bySlug: new Map(rows.map((r) => [r.slug, r])), byName: new Map(rows.map((r) => [r.name, r])) };
  },
  toForm: (cells) => ({ form: cells, issues: [] }),
  key: (input) => input.slug,
  label: (input) => input.name,
  match(input, ctx) {
    const id = ctx.bySlug.get(input.slug)?.id ?? null;
    const named = ctx.byName.get(input.name);
    if (named && named.id !== id) return { field: "name", message: `Ce nom est déjà celui de la marque « ${named.slug} ».` };
    return { id };
  },
  // no checkout selectors in the file (set in the brand form): a line leaves the brand's own as they are
  write: (tx, { checkoutSelectors: _notInCsv, ...input }, id) => writeBrand(tx, { ...input, id: id ?? undefined }),
  afterImport: invalidateAllowedHosts,
};
