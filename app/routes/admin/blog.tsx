import { parseWithZod } from "@conform-to/zod/v4";
import { Eye, Plus } from "lucide-react";
import { useState } from "react";
import { z } from "zod";

import type { Route } from "./+types/blog";
import { adminSeo } from "#app/lib/admin-seo";
import { Field, PageHeader, selectClass } from "#app/components/admin/admin-ui";
import { CsvLinks } from "#app/components/admin/csv-links";
import { ImageUpload } from "#app/components/admin/image-upload";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Pager } from "#app/components/admin/pager";
import { ResourceFormDialog, useResourceScreen } from "#app/components/admin/resource-form";
import { draftBulkActions, ListToolbar, ResourceTable, RowActions, scheduleFilter, Thumbnail, Unbroken } from "#app/components/admin/resource-list";
import { BIN_NOTICE } from "#app/modules/admin/history";
import { RichTextField } from "#app/components/admin/rich-text-field";
import { PublicationBadge, StatusField } from "#app/components/admin/publication";
import { ScheduleBadge, ScheduleFields } from "#app/components/admin/schedule-fields";
import { SlugFields } from "#app/components/admin/slug-fields";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { requestNow } from "#app/lib/clock.server";
import { isBlankHtml } from "#app/lib/html.server";
import { bulkIntentAction, deleteIntent, invalid, loadOrFail, saveIntent } from "#app/modules/admin/admin.server";
import type { ConflictField } from "#app/modules/admin/conflict-diff";
import { duplicateRow } from "#app/modules/admin/duplicate";
import { bulkKeysSchema, isNarrowed, parseListQuery } from "#app/modules/admin/list-query";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { bulkArticles, deleteArticle, listBlogAdmin, saveArticle } from "#app/modules/blog/blog-admin.server";
import { articleKey, BLOG_CATEGORIES, BLOG_MESSAGES, blogFormSchema } from "#app/modules/blog/blog-form.schema";
import { BLOG_BULK_INTENTS, BLOG_STATUS_OPTIONS, blogListSpec } from "#app/modules/blog/blog-list";
import { scheduleView } from "#app/modules/schedule/schedule";
import { formatParis } from "#app/modules/settings/paris-time";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Blog", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const query = parseListQuery(request.url, blogListSpec);
  const now = requestNow(request);
  const { rows, pager } = await loadOrFail(ADMIN_LOAD_ERRORS.blog, listBlogAdmin(query, now));
  return {
    articles: rows.map((a) => ({
      ...a,
      slug: a.id,
      status: a.published ? "published" : "draft",
      publishedAt: a.publishedAt.toISOString(),
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
      ...scheduleView(a, now),
    })),
    pager,
    query: { q: query.q, sort: query.sort, dir: query.dir, filters: query.filters },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 400 * 1024);
  const bulk = await bulkIntentAction(form, BLOG_BULK_INTENTS, BLOG_MESSAGES.bulk, (intent, ids) => bulkArticles(admin, intent, ids, requestNow(request)), bulkKeysSchema(articleKey));
  if (bulk) return bulk;
  if (form.get("intent") === "delete") {
    return deleteIntent(
      form,
      (id) => deleteArticle(id, admin),
      { error: "Impossible de supprimer l'article.", missing: "Cet article n'existe plus.", done: () => ["Article supprimé"] },
      blogKeyForm,
    );
  }
  const submission = parseWithZod(form, { schema: blogFormSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).find((e) => e?.length)?.[0];
    return invalid("save", submission.reply(), first ? { title: "Champ requis", description: first } : undefined);
  }
  const input = submission.value;
  // the required check runs on what would be stored: markup alone is no content
  if (isBlankHtml(input.body)) {
    return invalid("save", submission.reply({ fieldErrors: { body: [BLOG_MESSAGES.body] } }), { title: "Champ requis", description: BLOG_MESSAGES.body });
  }
  return saveIntent(form, admin, input, (values, edit) => saveArticle(values, edit, requestNow(request)), {
    error: "L'article n'a pas pu être enregistré.",
    missing: "Cet article n'existe plus.",
    done: (created) => [created ? "Article créé" : "Article mis à jour"],
  });
}

/** A row's « Supprimer »: the article's key, its slug. */
const blogKeyForm = z.object({ id: articleKey });

type Article = Route.ComponentProps["loaderData"]["articles"][number];

/** The fields compared when a save meets someone else's change. */
const BLOG_CONFLICT_FIELDS: ConflictField[] = [
  { name: "title", label: "Titre" },
  { name: "slug", label: "Slug", fromRow: (r) => String(r.id) },
  { name: "category", label: "Catégorie" },
  { name: "author", label: "Auteur" },
  { name: "excerpt", label: "Extrait" },
  { name: "imageUrl", label: "Couverture" },
  { name: "seoTitle", label: "Titre SEO" },
  { name: "seoDescription", label: "Description SEO" },
  { name: "status", label: "Statut", fromRow: (r) => (r.published ? "published" : "draft"), show: (v) => (v === "draft" ? "Brouillon" : "Publié") },
  { name: "body", label: "Contenu" },
];

/** A plain-text field that counts its characters (SEO title and description). */
function CountedField({ name, label, hint, defaultValue, error, multiline = false }: { name: string; label: string; hint: string; defaultValue: string; error?: string[]; multiline?: boolean }) {
  const [value, setValue] = useState(defaultValue);
  const props = { id: name, name, value, onChange: (e: React.ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => setValue(e.target.value) };
  return (
    <Field label={label} htmlFor={name} error={error} hint={`${hint} (${value.length} caractères)`}>
      {multiline ? <Textarea {...props} className="min-h-16!" /> : <Input {...props} />}
    </Field>
  );
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, editor, reload, errors, item, values } = useResourceScreen<Article>(loaderData.articles, actionData);
  return (
    <div>
      <PageHeader
        title="Blog"
        action={
          <CsvLinks path="/admin/blog">
            <Button onClick={editor.create}>
              <Plus aria-hidden="true" /> Ajouter un article
            </Button>
          </CsvLinks>
        }
      />
      <ListToolbar
        label="Filtrer les articles"
        searchLabel="Rechercher (titre, slug, auteur, extrait)"
        query={loaderData.query}
        filters={[
          { name: "category", label: "Catégorie", all: "Toutes", value: loaderData.query.filters.category, options: BLOG_CATEGORIES.map((c) => ({ value: c, label: c })) },
          { name: "published", label: "Statut", all: "Tous", value: loaderData.query.filters.published, options: BLOG_STATUS_OPTIONS },
          scheduleFilter(loaderData.query.filters.schedule),
        ]}
      />
      <ResourceTable
        label="Articles"
        rows={loaderData.articles}
        rowId={(a) => a.id}
        rowLabel={(a) => a.title}
        sort={loaderData.query}
        empty={isNarrowed(loaderData.query) ? "Aucun article ne correspond à ces critères." : "Aucun article pour le moment."}
        bulk={{
          selected: { one: "article sélectionné", other: "articles sélectionnés" },
          actions: draftBulkActions(BLOG_MESSAGES.bulkConfirm),
        }}
        columns={[
          { key: "cover", header: "Couverture", cell: (a) => <Thumbnail src={a.imageUrl} wide /> },
          { key: "title", header: "Titre", sort: "title", className: "font-medium", cell: (a) => a.title },
          { key: "slug", header: "Slug", className: "font-mono text-xs", cell: (a) => <Unbroken>{a.id}</Unbroken> },
          { key: "category", header: "Catégorie", nowrap: true, cell: (a) => a.category },
          { key: "date", header: "Date", sort: "date", nowrap: true, cell: (a) => formatParis(a.publishedAt, "d MMM yyyy") },
          {
            key: "status",
            header: "Statut",
            cell: (a) => (
              <>
                <PublicationBadge published={a.published} />
                <ScheduleBadge state={a.schedule} publishAt={a.publishAt} unpublishAt={a.unpublishAt} />
              </>
            ),
          },
        ]}
        actions={(a) => (
          <RowActions
            label={a.title}
            onEdit={() => editor.edit(a)}
            onDuplicate={() => editor.duplicate(duplicateRow(a, { name: "title", suffixed: ["slug"], set: { published: false, status: "draft" } }))}
            remove={{ id: a.id, confirmText: `Supprimer l'article "${a.title}" ? ${BIN_NOTICE}` }}
          >
            <Button asChild variant="ghost" size="icon">
              <a href={`/blog/${a.id}`} target="_blank" rel="noreferrer" aria-label={a.published && a.schedule === "live" ? `Voir ${a.title}` : `Aperçu de ${a.title}`}>
                <Eye />
              </a>
            </Button>
          </RowActions>
        )}
      />
      <Pager {...loaderData.pager} />
      <ResourceFormDialog
        editor={editor}
        item={item}
        title={{ edit: "Modifier l'article", create: "Ajouter un article" }}
        className="max-w-3xl"
        schema={blogFormSchema}
        actionData={ad}
        conflictFields={BLOG_CONFLICT_FIELDS}
        onReload={reload}
      >
        <SlugFields nameField="title" nameLabel="Titre*" defaultName={values?.title ?? ""} defaultSlug={values?.slug ?? ""} mode="always" errors={errors} />
        <p className="-mt-2 text-xs text-neutral-500">L'adresse de l'article est /blog/slug. Changer le slug redirige l'ancienne adresse vers la nouvelle.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Catégorie*" htmlFor="category" error={errors.category}>
            <select id="category" name="category" defaultValue={values?.category ?? ""} className={selectClass} required>
              <option value="" disabled>
                Choisir une catégorie
              </option>
              {BLOG_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Auteur*" htmlFor="author" error={errors.author}>
            <Input id="author" name="author" defaultValue={values?.author ?? ""} required />
          </Field>
        </div>
        <Field label="Extrait*" htmlFor="excerpt" error={errors.excerpt} hint="Affiché dans la liste du blog et en tête de l'article.">
          <Textarea id="excerpt" name="excerpt" defaultValue={values?.excerpt ?? ""} className="min-h-16!" required />
        </Field>
        <Field label="Couverture*" htmlFor="imageUrl" error={errors.imageUrl}>
          <ImageUpload name="imageUrl" defaultValue={values?.imageUrl ?? null} />
        </Field>
        <StatusField defaultValue={values?.status === "published" ? "published" : "draft"} hint="Un brouillon n'est visible que par l'équipe, par son lien d'aperçu." />
        <ScheduleFields values={values} errors={errors} />
        <Field label="Contenu*" htmlFor="body" error={errors.body} hint="Paragraphes, titres, listes, liens et images téléchargées. Le contenu est nettoyé à l'enregistrement.">
          <RichTextField id="body" name="body" label="Contenu" defaultValue={values?.body ?? ""} invalid={Boolean(errors.body)} />
        </Field>
        <CountedField name="seoTitle" label="Titre SEO" hint={BLOG_MESSAGES.seoHint} defaultValue={values?.seoTitle ?? ""} error={errors.seoTitle} />
        <CountedField name="seoDescription" label="Description SEO" hint={BLOG_MESSAGES.seoDescriptionHint} defaultValue={values?.seoDescription ?? ""} error={errors.seoDescription} multiline />
      </ResourceFormDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
