import type { z } from "zod";
import { categories } from "#db/schema";
import { onlyIds, parseListQuery } from "#app/modules/admin/list-query";
import type { CsvEntity } from "#app/modules/admin/csv.server";
import { categoryFormSchema } from "./category-form.schema";
import { categoryListSpec } from "./category-list";
import { categoryAdminRows, writeCategory } from "./categories-admin.server";

/** The list's rows for the export, searched and sorted as the URL says. */
const exportRows = (url: URL, limit: number) => categoryAdminRows(parseListQuery(url, categoryListSpec), limit);

type Row = Awaited<ReturnType<typeof exportRows>>[number];
type Input = z.output<typeof categoryFormSchema>;
type Ref = { id: string; slug: string };

/** Categories as CSV (ADR 029, issue #37 item 4): matched on their slug (unique, their public address /categories/{slug}); a name is unique too. */
export const categoryCsv: CsvEntity<Row, Input, { bySlug: Map<string, Ref>; byName: Map<string, Ref> }> = {
  entity: "category",
  fileName: "categories",
  table: categories,
  idColumn: categories.id,
  columns: [
    { header: "Nom", field: "name", value: (r) => r.name },
    { header: "Slug", field: "slug", value: (r) => r.slug },
    { header: "Description", field: "description", value: (r) => r.description },
    { header: "Image", field: "imageUrl", value: (r) => r.imageUrl },
  ],
  exportRows,
  currentRows: (ids) => categoryAdminRows(onlyIds(categoryListSpec, ids), ids.length),
  schema: categoryFormSchema,
  async context(tx) {
    const rows = await tx.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories);
    return { bySlug: new Map(rows.map((r) => [r.slug, r])), byName: new Map(rows.map((r) => [r.name.trim().toLowerCase(), r])) };
  },
  toForm: (cells) => ({ form: cells, issues: [] }),
  key: (input) => input.slug,
  label: (input) => input.name,
  match(input, ctx) {
    const id = ctx.bySlug.get(input.slug)?.id ?? null;
    const named = ctx.byName.get(input.name.trim().toLowerCase());
    if (named && named.id !== id) return { field: "name", message: `Ce nom est déjà celui de la catégorie « ${named.slug} ».` };
    return { id };
  },
  write: (tx, input, id) => writeCategory(tx, { ...input, id: id ?? undefined }),
};
