import { helpArticles } from "#db/schema";
import { isBlankHtml } from "#app/lib/html.server";
import type { CsvEntity } from "#app/modules/admin/csv.server";
import { PUBLICATION_LABELS, publicationCell, UNKNOWN_PUBLICATION_STATUS } from "#app/modules/admin/publication";
import { HELP_SECTION_LABELS, HELP_SECTIONS, type HelpSection } from "./help.constants";
import { HELP_MESSAGES, helpArticleFormSchema, type HelpArticleInput } from "./help-form.schema";
import { listHelpArticlesAdmin, writeHelpArticle } from "./help-admin.server";

/** /admin/aide has no search nor filter: the export holds every article, in the screen's order. */
const exportRows = async (_url: URL, limit: number) => (await listHelpArticlesAdmin()).slice(0, limit);

type Row = Awaited<ReturnType<typeof exportRows>>[number];

/** A « Rubrique » cell, by its label (« Mon compte ») or its key (« compte »), in any case. */
const sectionOf = new Map<string, HelpSection>(HELP_SECTIONS.flatMap((s) => [[s, s], [HELP_SECTION_LABELS[s].toLowerCase(), s]] as Array<[string, HelpSection]>));

/**
 * The help centre's articles as CSV (ADR 029): matched on their slug (unique,
 * their address /aide/{slug}); the body is the article's HTML, sanitized on
 * import by the form's own write (`helpValues`). A file creates and updates
 * articles, never renames one (a new slug is a new article).
 */
export const helpCsv: CsvEntity<Row, HelpArticleInput, { bySlug: Map<string, string> }> = {
  entity: "help_article",
  fileName: "aide",
  table: helpArticles,
  idColumn: helpArticles.id,
  columns: [
    { header: "Slug", field: "slug", value: (r) => r.slug },
    { header: "Titre", field: "title", value: (r) => r.title },
    { header: "Rubrique", field: "section", value: (r) => HELP_SECTION_LABELS[r.section as HelpSection] ?? r.section },
    { header: "Résumé", field: "summary", value: (r) => r.summary },
    { header: "Ordre", field: "position", value: (r) => r.position },
    { header: "Statut", field: "status", value: (r) => PUBLICATION_LABELS[r.published ? "published" : "draft"] },
    { header: "Contenu", field: "body", value: (r) => r.body },
  ],
  exportRows,
  currentRows: (ids) => listHelpArticlesAdmin(ids),
  schema: helpArticleFormSchema,
  async context(tx) {
    const rows = await tx.select({ id: helpArticles.id, slug: helpArticles.slug }).from(helpArticles);
    return { bySlug: new Map(rows.map((r) => [r.slug, r.id])) };
  },
  toForm(cells) {
    // the form reads an unknown status as « Publié »: a file's unknown word is its error instead
    const status = publicationCell(cells.status);
    return {
      form: { ...cells, section: sectionOf.get(cells.section.trim().toLowerCase()) ?? cells.section, status: status ?? "" },
      issues: status ? [] : [{ field: "status", message: UNKNOWN_PUBLICATION_STATUS }],
    };
  },
  key: (input) => input.slug,
  label: (input) => input.title,
  match(input, ctx) {
    if (isBlankHtml(input.body)) return { field: "body", message: HELP_MESSAGES.body };
    return { id: ctx.bySlug.get(input.slug) ?? null };
  },
  write: (tx, input, id) => writeHelpArticle(tx, input, id),
};
