import { parseWithZod } from "@conform-to/zod/v4";
import { formatParis } from "#app/modules/settings/paris-time";
import { Plus } from "lucide-react";

import type { Route } from "./+types/categories";
import { adminSeo } from "#app/lib/admin-seo";
import { PageHeader, Field } from "#app/components/admin/admin-ui";
import { ImageUpload } from "#app/components/admin/image-upload";
import { ListToolbar, ResourceTable, RowActions, Unbroken } from "#app/components/admin/resource-list";
import { Pager } from "#app/components/admin/pager";
import { SlugFields } from "#app/components/admin/slug-fields";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Button } from "#app/components/ui/button";
import { CsvLinks } from "#app/components/admin/csv-links";
import { Textarea } from "#app/components/ui/textarea";
import { requirePermission } from "#app/lib/auth.server";
import type { ConflictField } from "#app/modules/admin/conflict-diff";
import { ResourceFormDialog, useResourceScreen } from "#app/components/admin/resource-form";
import { duplicateRow } from "#app/modules/admin/duplicate";
import { readBoundedForm } from "#app/lib/body.server";
import { bulkIntentAction, deleteIntent, invalid, loadOrFail, saveIntent } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { bulkCategories, deleteCategory, listCategoriesAdmin, saveCategory } from "#app/modules/categories/categories-admin.server";
import { CATEGORY_BULK_INTENTS, categoryListSpec } from "#app/modules/categories/category-list";
import { isNarrowed, parseListQuery } from "#app/modules/admin/list-query";
import { CATEGORY_MESSAGES, categoryFormSchema } from "#app/modules/categories/category-form.schema";
import { BIN_NOTICE } from "#app/modules/admin/history";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Catégories", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const query = parseListQuery(request.url, categoryListSpec);
  const { rows, pager } = await loadOrFail(ADMIN_LOAD_ERRORS.categories, listCategoriesAdmin(query));
  return {
    categories: rows.map((c) => ({ ...c, updatedAt: c.updatedAt?.toISOString() ?? null, createdAt: c.createdAt.toISOString() })),
    pager,
    query: { q: query.q, sort: query.sort, dir: query.dir, filters: query.filters },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 16 * 1024);
  const bulk = await bulkIntentAction(form, CATEGORY_BULK_INTENTS, CATEGORY_MESSAGES.bulk, (intent, ids) => bulkCategories(admin, intent, ids));
  if (bulk) return bulk;
  if (form.get("intent") === "delete") {
    return deleteIntent(form, (id) => deleteCategory(id, admin), { error: "Impossible de supprimer la catégorie.", done: () => ["Catégorie supprimée avec succès"] });
  }
  const submission = parseWithZod(form, { schema: categoryFormSchema });
  if (submission.status !== "success") {
    const first = submission.error?.name?.[0] ?? submission.error?.slug?.[0];
    return invalid("save", submission.reply(), first ? { title: CATEGORY_MESSAGES.required, description: first } : undefined);
  }
  const input = submission.value;
  return saveIntent(form, admin, input, saveCategory, { error: "Impossible de sauvegarder la catégorie.", done: (created) => [created ? "Catégorie créée avec succès" : "Catégorie mise à jour avec succès"] });
}

type Category = Route.ComponentProps["loaderData"]["categories"][number];

/** The fields compared when a save meets someone else's change. */
const CATEGORY_CONFLICT_FIELDS: ConflictField[] = [
  { name: "name", label: "Nom" },
  { name: "slug", label: "Slug" },
  { name: "description", label: "Description" },
  { name: "imageUrl", label: "Image (URL)" },
];

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, editor, reload, errors, item, values } = useResourceScreen<Category>(loaderData.categories, actionData);
  return (
    <div>
      <PageHeader
        title="Catégories"
        action={
          <CsvLinks path="/admin/categories">
            <Button onClick={editor.create}>
              <Plus aria-hidden="true" /> Ajouter une catégorie
            </Button>
          </CsvLinks>
        }
      />
      <ListToolbar label="Filtrer les catégories" searchLabel="Rechercher (nom, slug, description)" query={loaderData.query} filters={[]} />
      <ResourceTable
        label="Catégories"
        rows={loaderData.categories}
        rowId={(c) => c.id}
        rowLabel={(c) => c.name}
        sort={loaderData.query}
        empty={isNarrowed(loaderData.query) ? "Aucune catégorie ne correspond à ces critères." : "Aucune catégorie trouvée"}
        bulk={{ selected: { one: "catégorie sélectionnée", other: "catégories sélectionnées" }, actions: [{ intent: "bulk-delete", label: "Supprimer", confirm: CATEGORY_MESSAGES.bulkConfirm, destructive: true }] }}
        columns={[
          { key: "name", header: "Nom", sort: "name", className: "font-medium", cell: (c) => c.name },
          { key: "slug", header: "Slug", sort: "slug", className: "font-mono text-xs", cell: (c) => <Unbroken>{c.slug}</Unbroken> },
          { key: "description", header: "Description", className: "md:max-w-xs", cell: (c) => <span className="line-clamp-2">{c.description ?? ""}</span> },
          { key: "updated", header: "Dernière modification", sort: "updated", nowrap: true, cell: (c) => (c.updatedAt ? formatParis(c.updatedAt, "d MMM yyyy") : "N/A") },
        ]}
        actions={(c) => (
          <RowActions
            label={c.name}
            onEdit={() => editor.edit(c)}
            onDuplicate={() => editor.duplicate(duplicateRow(c, { name: "name", nameMax: 80, suffixed: ["slug"] }))}
            remove={{ id: c.id, confirmText: `Supprimer la catégorie "${c.name}" ? ${BIN_NOTICE}` }}
          />
        )}
      />
      <Pager {...loaderData.pager} />
      <ResourceFormDialog
        editor={editor}
        item={item}
        title={{ edit: "Modifier la catégorie", create: "Ajouter une catégorie" }}
        schema={categoryFormSchema}
        actionData={ad}
        conflictFields={CATEGORY_CONFLICT_FIELDS}
        onReload={reload}
      >
        <SlugFields nameField="name" nameLabel="Nom*" defaultName={values?.name ?? ""} defaultSlug={values?.slug ?? ""} mode="always" errors={errors} />
        <Field label="Description" htmlFor="description" error={errors.description}>
          <Textarea id="description" name="description" defaultValue={values?.description ?? ""} />
        </Field>
        <Field label="Image" htmlFor="imageUrl" error={errors.imageUrl}>
          <ImageUpload name="imageUrl" defaultValue={values?.imageUrl ?? null} />
        </Field>
      </ResourceFormDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
