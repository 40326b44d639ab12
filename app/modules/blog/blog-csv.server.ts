import { blogArticles } from "#db/schema";
import { onlyIds, parseListQuery } from "#app/modules/admin/list-query";
import { scheduleCsvColumns, scheduleFormCells, type CsvEntity } from "#app/modules/admin/csv.server";
import { BLOG_CATEGORIES, blogFormSchema, type BlogFormInput } from "./blog-form.schema";
import { blogListSpec } from "./blog-list";
import { publicationCell } from "#app/modules/admin/publication";
import { blogAdminRows, writeArticle } from "./blog-admin.server";

/** The list's rows for the export, searched, filtered and sorted as the URL says. */
const exportRows = (url: URL, limit: number) => blogAdminRows(parseListQuery(url, blogListSpec), limit);

type Row = Awaited<ReturnType<typeof exportRows>>[number];

const categoryOf = new Map<string, string>(BLOG_CATEGORIES.map((c) => [c.toLowerCase(), c]));

/**
 * The blog's articles as CSV (ADR 029): matched on their slug (the article's
 * key and its address /blog/{slug}); the body is the article's HTML, sanitized
 * on import like a save from the form. A file can create and update articles,
 * never rename one (a new slug is a new article).
 */
export const blogCsv: CsvEntity<Row, BlogFormInput, { slugs: Set<string> }> = {
  entity: "blog_article",
  fileName: "blog",
  table: blogArticles,
  idColumn: blogArticles.id,
  columns: [
    { header: "Slug", field: "slug", value: (r) => r.id },
    { header: "Titre", field: "title", value: (r) => r.title },
    { header: "Catégorie", field: "category", value: (r) => r.category },
    { header: "Auteur", field: "author", value: (r) => r.author },
    { header: "Extrait", field: "excerpt", value: (r) => r.excerpt },
    { header: "Couverture", field: "imageUrl", value: (r) => r.imageUrl },
    { header: "Titre SEO", field: "seoTitle", value: (r) => r.seoTitle },
    { header: "Description SEO", field: "seoDescription", value: (r) => r.seoDescription },
    { header: "Statut", field: "status", value: (r) => (r.published ? "Publié" : "Brouillon") },
    ...scheduleCsvColumns<Row>(),
    { header: "Contenu", field: "body", value: (r) => r.body },
  ],
  exportRows,
  currentRows: (ids) => blogAdminRows(onlyIds(blogListSpec, ids), ids.length),
  schema: blogFormSchema,
  async context(tx) {
    const rows = await tx.select({ id: blogArticles.id }).from(blogArticles);
    return { slugs: new Set(rows.map((r) => r.id)) };
  },
  toForm: (cells) => ({
    form: {
      ...cells,
      category: categoryOf.get(cells.category.trim().toLowerCase()) ?? cells.category,
      status: publicationCell(cells.status) ?? cells.status,
      ...scheduleFormCells(cells),
    },
    issues: [],
  }),
  key: (input) => input.slug,
  label: (input) => input.title,
  match: (input, ctx) => ({ id: ctx.slugs.has(input.slug) ? input.slug : null }),
  write: (tx, input, id) => writeArticle(tx, input, id),
};
