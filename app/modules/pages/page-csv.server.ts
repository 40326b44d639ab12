import { pages } from "#db/schema";
import { isBlankHtml } from "#app/lib/html.server";
import { onlyIds, parseListQuery } from "#app/modules/admin/list-query";
import { scheduleCsvColumns, scheduleFormCells, type CsvEntity } from "#app/modules/admin/csv.server";
import { PUBLICATION_LABELS, publicationCell, UNKNOWN_PUBLICATION_STATUS } from "#app/modules/admin/publication";
import { PAGE_MESSAGES, pageFormSchema } from "./page-form.schema";
import { pageListSpec } from "./page-list";
import { pageAdminRows, writePage } from "./pages-admin.server";
import { isReservedPageSlug, RESERVED_SLUG_MESSAGE } from "./reserved-slugs.server";
import type { z } from "zod";

/** The list's rows for the export, searched, filtered and sorted as the URL says. */
const exportRows = (url: URL, limit: number) => pageAdminRows(parseListQuery(url, pageListSpec), limit);

type Row = Awaited<ReturnType<typeof exportRows>>[number];
type Input = z.output<typeof pageFormSchema>;

/**
 * The site's pages as CSV (ADR 029): matched on their slug (unique, their
 * address /{slug}); the content is the page's HTML, sanitized on import by the
 * form's own write (`pageValues`). A file creates and updates pages, never
 * renames one (a new slug is a new page). The form's other checks hold: a
 * slug a route of the site uses, or content that is markup alone, is the
 * line's error.
 */
export const pageCsv: CsvEntity<Row, Input, { bySlug: Map<string, string> }> = {
  entity: "page",
  fileName: "pages",
  table: pages,
  idColumn: pages.id,
  columns: [
    { header: "Slug", field: "slug", value: (r) => r.slug },
    { header: "Titre", field: "title", value: (r) => r.title },
    { header: "Meta description", field: "metaDescription", value: (r) => r.metaDescription },
    { header: "Statut", field: "status", value: (r) => PUBLICATION_LABELS[r.published ? "published" : "draft"] },
    ...scheduleCsvColumns<Row>(),
    { header: "Contenu", field: "content", value: (r) => r.content },
  ],
  exportRows,
  currentRows: (ids) => pageAdminRows(onlyIds(pageListSpec, ids), ids.length),
  schema: pageFormSchema,
  async context(tx) {
    const rows = await tx.select({ id: pages.id, slug: pages.slug }).from(pages);
    return { bySlug: new Map(rows.map((r) => [r.slug, r.id])) };
  },
  toForm(cells) {
    // the form reads an unknown status as « Publié »: a file's unknown word is its error instead
    const status = publicationCell(cells.status);
    return {
      form: { ...cells, status: status ?? "", ...scheduleFormCells(cells) },
      issues: status ? [] : [{ field: "status", message: UNKNOWN_PUBLICATION_STATUS }],
    };
  },
  key: (input) => input.slug,
  label: (input) => input.title,
  match(input, ctx) {
    if (isReservedPageSlug(input.slug)) return { field: "slug", message: RESERVED_SLUG_MESSAGE };
    if (isBlankHtml(input.content)) return { field: "content", message: PAGE_MESSAGES.content };
    return { id: ctx.bySlug.get(input.slug) ?? null };
  },
  write: (tx, input, id) => writePage(tx, input, id),
};
