import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, Plus } from "lucide-react";
import type { Route } from "./+types/aide";
import { Field, PageHeader, selectClass } from "#app/components/admin/admin-ui";
import { CsvLinks } from "#app/components/admin/csv-links";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { ResourceFormDialog, useResourceScreen } from "#app/components/admin/resource-form";
import { ResourceTable, RowActions, Unbroken } from "#app/components/admin/resource-list";
import { RichTextField } from "#app/components/admin/rich-text-field";
import { SlugFields } from "#app/components/admin/slug-fields";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { isBlankHtml } from "#app/lib/html.server";
import { adminSeo } from "#app/lib/admin-seo";
import { deleteIntent, invalid, loadOrFail, saveIntent } from "#app/modules/admin/admin.server";
import type { ConflictField } from "#app/modules/admin/conflict-diff";
import { HELP_SECTION_LABELS, HELP_SECTIONS, helpArticlePath, type HelpSection } from "#app/modules/help/help.constants";
import { firstHelpError, HELP_MESSAGES, helpArticleFormSchema } from "#app/modules/help/help-form.schema";
import { deleteHelpArticle, listHelpArticlesAdmin, saveHelpArticle } from "#app/modules/help/help-admin.server";
import { formatParis } from "#app/modules/settings/paris-time";
import { BIN_NOTICE } from "#app/modules/admin/history";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Centre d'aide", matches);

/** The help centre's articles (issue #34 item 7), for those who edit the content ("catalogue"). */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const rows = await loadOrFail("Impossible de charger les articles d'aide.", listHelpArticlesAdmin());
  return { articles: rows.map((a) => ({ ...a, createdAt: a.createdAt.toISOString(), updatedAt: a.updatedAt.toISOString() })) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 200 * 1024);
  if (form.get("intent") === "delete") {
    return deleteIntent(form, (id) => deleteHelpArticle(id, actor), { error: HELP_MESSAGES.deleteFailed, missing: HELP_MESSAGES.missing, done: () => ["Article supprimé"] });
  }
  const submission = parseWithZod(form, { schema: helpArticleFormSchema });
  if (submission.status !== "success") {
    const first = firstHelpError(submission.error ?? undefined);
    return invalid("save", submission.reply(), first ? { title: "Champ requis", description: first } : undefined);
  }
  // the required check runs on what would be stored: markup alone is no content
  if (isBlankHtml(submission.value.body)) {
    return invalid("save", submission.reply({ fieldErrors: { body: [HELP_MESSAGES.body] } }), { title: "Champ requis", description: HELP_MESSAGES.body });
  }
  return saveIntent(form, actor, submission.value, saveHelpArticle, {
    error: HELP_MESSAGES.saveFailed,
    missing: HELP_MESSAGES.missing,
    done: (created) => [created ? "Article créé" : "Article mis à jour"],
  });
}

type Article = Route.ComponentProps["loaderData"]["articles"][number];

const HELP_CONFLICT_FIELDS: ConflictField[] = [
  { name: "title", label: "Titre" },
  { name: "slug", label: "Slug" },
  { name: "section", label: "Rubrique", show: (v) => HELP_SECTION_LABELS[v as HelpSection] ?? String(v) },
  { name: "summary", label: "Résumé" },
  { name: "status", label: "Statut", fromRow: (r) => (r.published ? "published" : "draft"), show: (v) => (v === "draft" ? "Brouillon" : "Publié") },
  { name: "body", label: "Contenu" },
];

export default function AdminHelp({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, editor, reload, errors, item, values } = useResourceScreen<Article>(loaderData.articles, actionData);
  return (
    <div>
      <PageHeader
        title="Centre d'aide"
        action={
          <CsvLinks path="/admin/aide">
            <Button onClick={editor.create}>
              <Plus aria-hidden="true" /> Ajouter un article
            </Button>
          </CsvLinks>
        }
      />
      {HELP_SECTIONS.map((section) => {
        const rows = loaderData.articles.filter((a) => a.section === section);
        return (
          <section key={section} aria-labelledby={`admin-help-${section}`} className="mb-8">
            <h2 id={`admin-help-${section}`} className="mb-3 text-lg font-bold">
              {HELP_SECTION_LABELS[section]}
            </h2>
            <ResourceTable
              label={`Articles : ${HELP_SECTION_LABELS[section]}`}
              rows={rows}
              rowId={(a) => a.id}
              rowLabel={(a) => a.title}
              empty="Aucun article dans cette rubrique."
              columns={[
                { key: "position", header: "Ordre", className: "w-16", cell: (a) => a.position },
                { key: "title", header: "Titre", className: "font-medium", cell: (a) => a.title },
                { key: "slug", header: "Slug", className: "font-mono text-xs", cell: (a) => <Unbroken>{a.slug}</Unbroken> },
                { key: "updated", header: "Mise à jour", cell: (a) => formatParis(a.updatedAt, "d MMM yyyy") },
                { key: "status", header: "Statut", cell: (a) => (a.published ? <Badge variant="success">Publié</Badge> : <Badge variant="neutral">Brouillon</Badge>) },
              ]}
              actions={(a) => (
                <RowActions label={a.title} onEdit={() => editor.edit(a)} remove={{ id: a.id, confirmText: `Supprimer l'article "${a.title}" ? ${BIN_NOTICE}` }}>
                  <Button asChild variant="ghost" size="icon">
                    <a href={helpArticlePath(a.slug)} target="_blank" rel="noreferrer" aria-label={`Voir ${a.title}`}>
                      <ExternalLink />
                    </a>
                  </Button>
                </RowActions>
              )}
            />
          </section>
        );
      })}
      <ResourceFormDialog
        editor={editor}
        item={item}
        title={{ edit: "Modifier l'article", create: "Ajouter un article" }}
        className="max-w-2xl"
        schema={helpArticleFormSchema}
        actionData={ad}
        conflictFields={HELP_CONFLICT_FIELDS}
        onReload={reload}
      >
        <SlugFields nameField="title" nameLabel="Titre*" defaultName={values?.title ?? ""} defaultSlug={values?.slug ?? ""} mode="always" errors={errors} />
        <Field label="Rubrique*" htmlFor="section" error={errors.section}>
          <select id="section" name="section" defaultValue={values?.section ?? ""} className={selectClass}>
            <option value="">Choisir une rubrique</option>
            {HELP_SECTIONS.map((s) => (
              <option key={s} value={s}>
                {HELP_SECTION_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Résumé*" htmlFor="summary" error={errors.summary} hint="Une phrase : la réponse en bref, montrée dans les listes et aux moteurs de recherche.">
          <Textarea id="summary" name="summary" defaultValue={values?.summary ?? ""} className="min-h-16!" maxLength={300} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Statut" htmlFor="status" hint="Un brouillon n'est visible que par l'équipe.">
            <select id="status" name="status" defaultValue={values && !values.published ? "draft" : "published"} className={selectClass}>
              <option value="published">Publié</option>
              <option value="draft">Brouillon</option>
            </select>
          </Field>
          <Field label="Ordre dans la rubrique" htmlFor="position" error={errors.position} hint="Le plus petit en premier.">
            <Input id="position" name="position" type="number" min={0} max={999} defaultValue={values?.position ?? 0} />
          </Field>
        </div>
        <Field label="Contenu*" htmlFor="body" error={errors.body} hint="HTML autorisé : paragraphes, titres, listes, liens. Il est nettoyé à l'enregistrement.">
          <RichTextField id="body" name="body" label="Contenu" defaultValue={values?.body ?? ""} invalid={Boolean(errors.body)} />
        </Field>
      </ResourceFormDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
