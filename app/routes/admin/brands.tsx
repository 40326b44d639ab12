import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";

import type { Route } from "./+types/brands";
import { adminSeo } from "#app/lib/admin-seo";
import { PageHeader, Field } from "#app/components/admin/admin-ui";
import { ImageUpload } from "#app/components/admin/image-upload";
import { Pager } from "#app/components/admin/pager";
import { SlugFields } from "#app/components/admin/slug-fields";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Button } from "#app/components/ui/button";
import { CsvLinks } from "#app/components/admin/csv-links";
import { Input } from "#app/components/ui/input";
import { categoryFilter, ListToolbar, ResourceTable, RowActions, Thumbnail } from "#app/components/admin/resource-list";
import { Textarea } from "#app/components/ui/textarea";
import { requirePermission } from "#app/lib/auth.server";
import type { ConflictField } from "#app/modules/admin/conflict-diff";
import { ResourceFormDialog, useResourceScreen } from "#app/components/admin/resource-form";
import { duplicateRow } from "#app/modules/admin/duplicate";
import { readBoundedForm } from "#app/lib/body.server";
import { isNarrowed, parseListQuery } from "#app/modules/admin/list-query";
import { categoryChoices } from "#app/modules/categories/categories-admin.server";
import { BRAND_BULK_INTENTS, brandListSpec } from "#app/modules/brands/brand-list";
import { bulkIntentAction, deleteIntent, invalid, loadOrFail, saveIntent } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { BRAND_MESSAGES, CHECKOUT_SELECTOR_FIELDS, brandFormSchema } from "#app/modules/brands/brand-form.schema";
import { CheckoutSelectorFields } from "#app/components/admin/checkout-selector-fields";
import { bulkBrands, deleteBrand, listBrandsAdmin, saveBrand } from "#app/modules/brands/brands-admin.server";
import { listBrandCashback } from "#app/modules/cashback/programs.server";
import { requestNow } from "#app/lib/clock.server";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Marques", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const query = parseListQuery(request.url, brandListSpec);
  const [{ rows, pager }, categoryFilter] = await Promise.all([
    loadOrFail(ADMIN_LOAD_ERRORS.brands, listBrandsAdmin(query)),
    loadOrFail(ADMIN_LOAD_ERRORS.categories, categoryChoices()),
  ]);
  // read-only: the rate comes from the brand's programmes (issue #34 item 1), set on /admin/programmes
  const rates = await listBrandCashback(rows.map((b) => b.id), requestNow(request));
  return {
    brands: rows.map((b) => ({ ...b, createdAt: b.createdAt.toISOString(), updatedAt: b.updatedAt.toISOString(), cashbackLabel: rates.get(b.id)?.label ?? null })),
    pager,
    query: { q: query.q, sort: query.sort, dir: query.dir, filters: query.filters },
    categoryFilter,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 16 * 1024);
  const bulk = await bulkIntentAction(form, BRAND_BULK_INTENTS, BRAND_MESSAGES.bulk, (intent, ids) => bulkBrands(admin, intent, ids));
  if (bulk) return bulk;
  if (form.get("intent") === "delete") {
    return deleteIntent(form, (id) => deleteBrand(id, admin), { error: BRAND_MESSAGES.deleteError, missing: "Cette marque n'existe plus.", done: (row) => ["Marque supprimée", `La marque "${row.name}" a été supprimée.`] });
  }
  const submission = parseWithZod(form, { schema: brandFormSchema });
  if (submission.status !== "success") return invalid("save", submission.reply());
  const input = submission.value;
  return saveIntent(form, admin, input, saveBrand, { error: BRAND_MESSAGES.saveError, missing: "Cette marque n'existe plus.", done: (created) => [created ? "Marque créée" : "Marque mise à jour", `La marque "${input.name}" a été ${created ? "créée" : "mise à jour"}.`] });
}

type Brand = Route.ComponentProps["loaderData"]["brands"][number];

/** The fields compared when a save meets someone else's change. */
function brandConflictFields(categories: Array<{ id: string; name: string }>): ConflictField[] {
  return [
    { name: "name", label: "Nom" },
    { name: "slug", label: "Slug" },
    { name: "category", label: "Catégorie", fromRow: (r) => categories.find((c) => c.id === r.categoryId)?.name ?? "" },
    { name: "description", label: "Description" },
    { name: "imageUrl", label: "Image (URL)" },
    { name: "websiteUrl", label: "Site de la marque" },
    ...CHECKOUT_SELECTOR_FIELDS.map(({ key, label }) => ({
      name: `checkoutSelectors.${key}`,
      label: `${label} (extension)`,
      fromRow: (r: Record<string, unknown>) => (r.checkoutSelectors as Record<string, string> | null)?.[key] ?? "",
    })),
  ];
}

export default function AdminBrands({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, editor, reload, errors, item, values } = useResourceScreen<Brand>(loaderData.brands, actionData);
  return (
    <div>
      <PageHeader
        title="Marques"
        action={
          <CsvLinks path="/admin/brands">
            <Button onClick={editor.create}>
              <Plus aria-hidden="true" /> Ajouter une marque
            </Button>
          </CsvLinks>
        }
      />
      <ListToolbar
        label="Filtrer les marques"
        searchLabel="Rechercher (nom, slug)"
        query={loaderData.query}
        filters={[categoryFilter(loaderData.categoryFilter, loaderData.query.filters.category)]}
      />
      <ResourceTable
        label="Marques"
        rows={loaderData.brands}
        rowId={(b) => b.id}
        rowLabel={(b) => b.name}
        sort={loaderData.query}
        empty={
          isNarrowed(loaderData.query)
            ? "Aucune marque ne correspond à ces critères."
            : "Aucune marque pour le moment. Cliquez sur « Ajouter une marque » pour commencer."
        }
        bulk={{ selected: { one: "marque sélectionnée", other: "marques sélectionnées" }, actions: [{ intent: "bulk-delete", label: "Supprimer", confirm: BRAND_MESSAGES.bulkConfirm, destructive: true }] }}
        columns={[
          {
            key: "name",
            header: "Marque",
            sort: "name",
            cell: (b) => (
              <>
                <p className="font-medium">{b.name}</p>
                <p className="font-mono text-xs text-neutral-500">{b.slug}</p>
              </>
            ),
          },
          { key: "category", header: "Catégorie", cell: (b) => b.category ?? "—" },
          { key: "discount", header: "Réduction max", sort: "discount", nowrap: true, cell: (b) => `${b.maxDiscountPercent}%` },
          { key: "cashback", header: "Cashback", cell: (b) => b.cashbackLabel ?? <span className="text-neutral-500">Aucun programme</span> },
          { key: "description", header: "Description", className: "md:max-w-64", cell: (b) => <span className="line-clamp-2">{b.description ?? ""}</span> },
          {
            key: "image",
            header: "Image",
            cell: (b) => <Thumbnail src={b.imageUrl} />,
          },
        ]}
        actions={(b) => (
          <RowActions
            label={b.name}
            onEdit={() => editor.edit(b)}
            onDuplicate={() => editor.duplicate(duplicateRow(b, { name: "name", nameMax: 120, suffixed: ["slug"] }))}
            remove={{ id: b.id, confirmText: BRAND_MESSAGES.confirmDelete(b.name) }}
          />
        )}
      />
      <Pager {...loaderData.pager} />
      <ResourceFormDialog
        editor={editor}
        item={item}
        title={{ edit: "Modifier la marque", create: "Ajouter une marque" }}
        className="max-w-xl"
        schema={brandFormSchema}
        actionData={ad}
        conflictFields={brandConflictFields(loaderData.categoryFilter)}
        onReload={reload}
      >
        <SlugFields nameField="name" nameLabel="Nom*" defaultName={values?.name ?? ""} defaultSlug={values?.slug ?? ""} mode="follow" errors={errors} />
        <Field label="Catégorie" htmlFor="category" error={errors.category}>
          <Input id="category" name="category" defaultValue={values?.category ?? ""} />
        </Field>
        <Field label="Description" htmlFor="description" error={errors.description}>
          <Textarea id="description" name="description" defaultValue={values?.description ?? ""} />
        </Field>
        <p className="text-sm text-neutral-600">
          Le cashback affiché vient des programmes actifs de la marque (page Programmes) ; la réduction « Jusqu'à -X % » se calcule seule, d'après les codes promo valides et les deals de la
          marque.
        </p>
        <Field label="Image" htmlFor="imageUrl" error={errors.imageUrl}>
          <ImageUpload name="imageUrl" defaultValue={values?.imageUrl ?? null} />
        </Field>
        <Field label="Site de la marque" htmlFor="websiteUrl" error={errors.websiteUrl}>
          <Input id="websiteUrl" name="websiteUrl" defaultValue={values?.websiteUrl ?? ""} placeholder="https://" />
        </Field>
        <CheckoutSelectorFields values={values?.checkoutSelectors} errors={errors} />
      </ResourceFormDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
