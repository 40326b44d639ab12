import { parseWithZod } from "@conform-to/zod/v4";
import { formatParis } from "#app/modules/settings/paris-time";
import { ExternalLink, Plus } from "lucide-react";
import { useState } from "react";

import type { Route } from "./+types/pages";
import { adminSeo } from "#app/lib/admin-seo";
import { PageHeader, Field } from "#app/components/admin/admin-ui";
import { Pager } from "#app/components/admin/pager";
import { SlugFields } from "#app/components/admin/slug-fields";
import { RichTextField } from "#app/components/admin/rich-text-field";
import { CsvLinks } from "#app/components/admin/csv-links";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Button } from "#app/components/ui/button";
import { draftBulkActions, ListToolbar, ResourceTable, RowActions, scheduleFilter, Unbroken } from "#app/components/admin/resource-list";
import { Textarea } from "#app/components/ui/textarea";
import { requirePermission } from "#app/lib/auth.server";
import { submittedVersion } from "#app/modules/admin/conflict";
import { isEditConflict } from "#app/modules/admin/versioned.server";
import type { ConflictField } from "#app/modules/admin/conflict-diff";
import { ResourceFormDialog, useResourceScreen } from "#app/components/admin/resource-form";
import { duplicateRow } from "#app/modules/admin/duplicate";
import { readBoundedForm } from "#app/lib/body.server";
import { isBlankHtml } from "#app/lib/html.server";
import { logger } from "#app/lib/logger.server";
import { isNarrowed, parseListQuery } from "#app/modules/admin/list-query";
import { PAGE_BULK_INTENTS, PAGE_STATUS_OPTIONS, pageListSpec } from "#app/modules/pages/page-list";
import { bulkIntentAction, deleteIntent, failure, guarded, invalid, loadOrFail, ok } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { LEGAL_SLUGS } from "#app/modules/content/legal";
import { firstPageError, PAGE_MESSAGES, pageFormSchema } from "#app/modules/pages/page-form.schema";
import { bulkPages, deletePage, listPagesAdmin, savePage } from "#app/modules/pages/pages-admin.server";
import { isReservedPageSlug, RESERVED_SLUG_MESSAGE } from "#app/modules/pages/reserved-slugs.server";
import { PublicationBadge, StatusField } from "#app/components/admin/publication";
import { ScheduleBadge, ScheduleFields } from "#app/components/admin/schedule-fields";
import { requestNow } from "#app/lib/clock.server";
import { scheduleView } from "#app/modules/schedule/schedule";
import { BIN_NOTICE } from "#app/modules/admin/history";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Pages", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const query = parseListQuery(request.url, pageListSpec);
  const now = requestNow(request);
  const { rows, pager } = await loadOrFail(ADMIN_LOAD_ERRORS.pages, listPagesAdmin(query, now));
  return {
    pages: rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(), ...scheduleView(p, now) })),
    pager,
    query: { q: query.q, sort: query.sort, dir: query.dir, filters: query.filters },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 200 * 1024);
  const bulk = await bulkIntentAction(form, PAGE_BULK_INTENTS, PAGE_MESSAGES.bulk, (intent, ids) => bulkPages(admin, intent, ids));
  if (bulk) return bulk;
  if (form.get("intent") === "delete") {
    return deleteIntent(form, (id) => deletePage(id, admin), { error: "Impossible de supprimer la page.", missing: "Cette page n'existe plus.", done: () => ["Page supprimée avec succès"] });
  }
  const submission = parseWithZod(form, { schema: pageFormSchema });
  if (submission.status !== "success") {
    const first = firstPageError(submission.error ?? undefined);
    return invalid("save", submission.reply(), first ? { title: "Champ requis", description: first } : undefined);
  }
  const input = submission.value;
  if (isReservedPageSlug(input.slug)) {
    return invalid("save", submission.reply({ fieldErrors: { slug: [RESERVED_SLUG_MESSAGE] } }), { title: "Erreur", description: RESERVED_SLUG_MESSAGE });
  }
  // the required check runs on what would be stored: markup alone is no content
  if (isBlankHtml(input.content)) {
    return invalid("save", submission.reply({ fieldErrors: { content: [PAGE_MESSAGES.content] } }), { title: "Champ requis", description: PAGE_MESSAGES.content });
  }
  try {
    const row = await savePage(input, { actor: admin, version: submittedVersion(form) });
    if (!row) return failure("save", "Cette page n'existe plus.", 404);
    return ok("save", input.id ? "Page mise à jour avec succès" : "Page créée avec succès");
  } catch (error) {
    // the product spec: a page save failure is logged; we still tell the admin why it failed.
    if (!isEditConflict(error)) logger.error({ err: error }, "admin: page save failed");
    return guarded("save", "La page n'a pas pu être enregistrée.", async () => {
      throw error;
    });
  }
}

type Page = Route.ComponentProps["loaderData"]["pages"][number];

/** The fields compared when a save meets someone else's change. */
const PAGE_CONFLICT_FIELDS: ConflictField[] = [
  { name: "title", label: "Titre" },
  { name: "slug", label: "Slug" },
  { name: "metaDescription", label: "Meta description" },
  { name: "status", label: "Statut", fromRow: (r) => (r.published ? "published" : "draft"), show: (v) => (v === "draft" ? "Brouillon" : "Publié") },
  { name: "content", label: "Contenu" },
];

function MetaField({ defaultValue, error }: { defaultValue: string; error?: string[] }) {
  const [value, setValue] = useState(defaultValue);
  return (
    <Field label="Meta description" htmlFor="metaDescription" error={error} hint={`${PAGE_MESSAGES.metaHint} (${value.length} caractères)`}>
      <Textarea id="metaDescription" name="metaDescription" value={value} onChange={(e) => setValue(e.target.value)} className="min-h-16!" />
    </Field>
  );
}

export default function AdminPages({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, editor, reload, errors, item, values } = useResourceScreen<Page>(loaderData.pages, actionData);
  const legal = new Set<string>(LEGAL_SLUGS);
  return (
    <div>
      <PageHeader
        title="Pages"
        action={
          <CsvLinks path="/admin/pages">
            <Button onClick={editor.create}>
              <Plus aria-hidden="true" /> Ajouter une page
            </Button>
          </CsvLinks>
        }
      />
      <ListToolbar
        label="Filtrer les pages"
        searchLabel="Rechercher (titre, slug)"
        query={loaderData.query}
        filters={[
          { name: "published", label: "Statut", all: "Tous", value: loaderData.query.filters.published, options: PAGE_STATUS_OPTIONS },
          scheduleFilter(loaderData.query.filters.schedule),
        ]}
      />
      <ResourceTable
        label="Pages"
        rows={loaderData.pages}
        rowId={(p) => p.id}
        rowLabel={(p) => p.title}
        sort={loaderData.query}
        empty={isNarrowed(loaderData.query) ? "Aucune page ne correspond à ces critères." : "Aucune page trouvée"}
        bulk={{
          selected: { one: "page sélectionnée", other: "pages sélectionnées" },
          actions: draftBulkActions(PAGE_MESSAGES.bulkConfirm),
        }}
        columns={[
          { key: "title", header: "Titre", sort: "title", className: "font-medium", cell: (p) => p.title },
          { key: "slug", header: "Slug", sort: "slug", className: "font-mono text-xs", cell: (p) => <Unbroken>{p.slug}</Unbroken> },
          { key: "updated", header: "Mise à jour", sort: "updated", nowrap: true, cell: (p) => formatParis(p.updatedAt, "d MMM yyyy") },
          { key: "status", header: "Statut", cell: (p) => (
              <>
                <PublicationBadge published={p.published} />
                <ScheduleBadge state={p.schedule} publishAt={p.publishAt} unpublishAt={p.unpublishAt} />
              </>
            ),
          },
        ]}
        actions={(p) => (
          <RowActions
            label={p.title}
            onEdit={() => editor.edit(p)}
            onDuplicate={() => editor.duplicate(duplicateRow(p, { name: "title", suffixed: ["slug"], set: { published: false } }))}
            remove={{ id: p.id, confirmText: `Supprimer la page "${p.title}" ? ${BIN_NOTICE}` }}
          >
            <Button asChild variant="ghost" size="icon">
              <a href={legal.has(p.slug) ? `/legal/${p.slug}` : `/${p.slug}`} target="_blank" rel="noreferrer" aria-label={`Voir ${p.title}`}>
                <ExternalLink />
              </a>
            </Button>
          </RowActions>
        )}
      />
      <Pager {...loaderData.pager} />
      <ResourceFormDialog
        editor={editor}
        item={item}
        title={{ edit: "Modifier la page", create: "Ajouter une page" }}
        className="max-w-2xl"
        schema={pageFormSchema}
        actionData={ad}
        conflictFields={PAGE_CONFLICT_FIELDS}
        onReload={reload}
      >
        <SlugFields nameField="title" nameLabel="Titre*" defaultName={values?.title ?? ""} defaultSlug={values?.slug ?? ""} mode="always" errors={errors} />
        <MetaField defaultValue={values?.metaDescription ?? ""} error={errors.metaDescription} />
        <StatusField defaultValue={values && !values.published ? "draft" : "published"} hint="Un brouillon n'est visible que par les administrateurs." />
        <ScheduleFields values={values} errors={errors} />
        <Field label="Contenu*" htmlFor="content" error={errors.content} hint="HTML autorisé : paragraphes, titres, listes, liens. Il est nettoyé à l'enregistrement.">
          <RichTextField id="content" name="content" label="Contenu" defaultValue={values?.content ?? ""} invalid={Boolean(errors.content)} />
        </Field>
      </ResourceFormDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
