import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";

import type { Route } from "./+types/offers";
import { adminSeo } from "#app/lib/admin-seo";
import { BrandField, PageHeader, Field } from "#app/components/admin/admin-ui";
import { ImageUpload } from "#app/components/admin/image-upload";
import { Pager } from "#app/components/admin/pager";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { CsvLinks } from "#app/components/admin/csv-links";
import { Input } from "#app/components/ui/input";
import { DraftBadge, StatusField } from "#app/components/admin/publication";
import { DRAFT_CONFLICT_FIELD } from "#app/modules/admin/publication";
import { brandFilter, catalogueBulkActions, publicationBulkActions, categoryFilter, featuredFilter, ListToolbar, ResourceTable, RowActions, scheduleFilter, publicationFilter, Thumbnail } from "#app/components/admin/resource-list";
import { requirePermission } from "#app/lib/auth.server";
import { choiceLabel, type ConflictField } from "#app/modules/admin/conflict-diff";
import { ResourceFormDialog, useResourceScreen } from "#app/components/admin/resource-form";
import { duplicateAsDraft } from "#app/modules/admin/duplicate";
import { readBoundedForm } from "#app/lib/body.server";
import { isNarrowed, parseListQuery } from "#app/modules/admin/list-query";
import { categoryChoices } from "#app/modules/categories/categories-admin.server";
import { OFFER_BULK_INTENTS, offerListSpec } from "#app/modules/offers/offer-list";
import { bulkIntentAction, deleteIntent, invalid, loadOrFail, saveIntent } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { brandChoices } from "#app/modules/brands/brands-admin.server";
import { OFFER_MESSAGES, offerFormSchema } from "#app/modules/offers/offer-form.schema";
import { bulkOffers, deleteOffer, listOffersAdmin, saveOffer } from "#app/modules/offers/offers-admin.server";
import { ScheduleBadge, ScheduleFields } from "#app/components/admin/schedule-fields";
import { requestNow } from "#app/lib/clock.server";
import { listBrandCashback } from "#app/modules/cashback/programs.server";
import { scheduleView } from "#app/modules/schedule/schedule";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Offres cashback", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const query = parseListQuery(request.url, offerListSpec);
  const now = requestNow(request);
  const [offers, brands, categoryFilter] = await Promise.all([
    loadOrFail(ADMIN_LOAD_ERRORS.offers, listOffersAdmin(query, now)),
    loadOrFail(ADMIN_LOAD_ERRORS.brands, brandChoices()),
    loadOrFail(ADMIN_LOAD_ERRORS.categories, categoryChoices()),
  ]);
  // read-only: the rate comes from the brand's programmes (issue #34 item 1), set on /admin/programmes
  const rates = await listBrandCashback(offers.rows.map((o) => o.brandId), now);
  return { offers: offers.rows.map((o) => ({ ...o, ...scheduleView(o, now), cashbackLabel: rates.get(o.brandId)?.label ?? null })), pager: offers.pager, query: { q: query.q, sort: query.sort, dir: query.dir, filters: query.filters }, brands, categoryFilter };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 32 * 1024);
  const bulk = await bulkIntentAction(form, OFFER_BULK_INTENTS, OFFER_MESSAGES.bulk, (intent, ids) => bulkOffers(admin, intent, ids));
  if (bulk) return bulk;
  if (form.get("intent") === "delete") {
    return deleteIntent(form, (id) => deleteOffer(id, admin), { error: OFFER_MESSAGES.deleteError, missing: "Cette offre n'existe plus.", done: (row) => ["Offre supprimée", `L'offre "${row.name}" a été supprimée.`] });
  }
  const submission = parseWithZod(form, { schema: offerFormSchema });
  if (submission.status !== "success") return invalid("save", submission.reply());
  const input = submission.value;
  return saveIntent(form, admin, input, saveOffer, { error: OFFER_MESSAGES.saveError, missing: "Cette offre n'existe plus.", done: (created) => [created ? "Offre créée" : "Offre mise à jour", `L'offre "${input.name}" a été ${created ? "créée" : "mise à jour"}.`] });
}

type Offer = Route.ComponentProps["loaderData"]["offers"][number];

/** The fields compared when a save meets someone else's change. */
function offerConflictFields(brands: Array<{ id: string; name: string }>, categories: Array<{ id: string; name: string }>): ConflictField[] {
  return [
    { name: "brandId", label: "Marque", show: choiceLabel(brands) },
    { name: "name", label: "Nom du produit" },
    { name: "regularPrice", label: "Prix" },
    { name: "category", label: "Catégorie", fromRow: (r) => categories.find((c) => c.id === r.categoryId)?.name ?? "" },
    { name: "tag", label: "Tag" },
    { name: "imageUrl", label: "Image (URL)" },
    { name: "url", label: "Lien vers le produit" },
    { name: "isFeatured", label: "En avant", checkbox: true },
    DRAFT_CONFLICT_FIELD,
  ];
}

export default function AdminOffers({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, editor, reload, errors, item, values } = useResourceScreen<Offer>(loaderData.offers, actionData);
  const f = loaderData.query.filters;
  return (
    <div>
      <PageHeader
        title="Gestion des offres"
        action={
          <CsvLinks path="/admin/offers">
            <Button onClick={editor.create}>
              <Plus aria-hidden="true" /> Ajouter une offre
            </Button>
          </CsvLinks>
        }
      />
      <ListToolbar
        label="Filtrer les offres"
        searchLabel="Rechercher (produit, marque)"
        query={loaderData.query}
        filters={[brandFilter(loaderData.brands, f.brand), categoryFilter(loaderData.categoryFilter, f.category), featuredFilter(f.featured), scheduleFilter(f.schedule), publicationFilter(f.publication)]}
      />
      <ResourceTable
        label="Offres"
        rows={loaderData.offers}
        rowId={(o) => o.id}
        rowLabel={(o) => o.name}
        sort={loaderData.query}
        empty={isNarrowed(loaderData.query) ? "Aucune offre ne correspond à ces critères." : "Aucune offre trouvée..."}
        bulk={{
          selected: { one: "offre sélectionnée", other: "offres sélectionnées" },
          actions: [...publicationBulkActions(OFFER_MESSAGES.bulkConfirm), ...catalogueBulkActions(OFFER_MESSAGES.bulkConfirm)],
        }}
        columns={[
          {
            key: "name",
            header: "Produit",
            sort: "name",
            cell: (o) => (
              <div className="flex items-center gap-2">
                <Thumbnail src={o.imageUrl} />
                <span className="font-medium">{o.name}</span>
                {o.draft ? <DraftBadge /> : null}
                <ScheduleBadge state={o.schedule} publishAt={o.publishAt} unpublishAt={o.unpublishAt} />
              </div>
            ),
          },
          { key: "brand", header: "Marque", sort: "brand", cell: (o) => o.brandName },
          { key: "price", header: "Prix", nowrap: true, cell: (o) => o.regularPrice },
          { key: "cashback", header: "Cashback", cell: (o) => o.cashbackLabel ?? <span className="text-neutral-500">Aucun programme</span> },
          { key: "category", header: "Catégorie", cell: (o) => o.category ?? "—" },
          { key: "tag", header: "Tag", cell: (o) => (o.tag ? <Badge>{o.tag}</Badge> : null) },
          { key: "featured", header: "En avant", cell: (o) => (o.isFeatured ? "Oui" : "Non") },
        ]}
        actions={(o) => (
          <RowActions
            label={o.name}
            onEdit={() => editor.edit(o)}
            onDuplicate={() => editor.duplicate(duplicateAsDraft(o, { name: "name" }))}
            remove={{ id: o.id, confirmText: OFFER_MESSAGES.confirmDelete(o.name) }}
          />
        )}
      />
      <Pager {...loaderData.pager} />
      <ResourceFormDialog
        editor={editor}
        item={item}
        title={{ edit: "Modifier une offre", create: "Ajouter une offre" }}
        schema={offerFormSchema}
        actionData={ad}
        conflictFields={offerConflictFields(loaderData.brands, loaderData.categoryFilter)}
        onReload={reload}
      >
        <BrandField brands={loaderData.brands} defaultValue={values?.brandId} error={errors.brandId} />
        <Field label="Nom du produit*" htmlFor="name" error={errors.name}>
          <Input id="name" name="name" defaultValue={values?.name ?? ""} required />
        </Field>
        <Field label="Prix*" htmlFor="regularPrice" error={errors.regularPrice} hint="Par exemple 89,00€. Le cashback vient des programmes de la marque (Programmes).">
          <Input id="regularPrice" name="regularPrice" defaultValue={values?.regularPrice ?? ""} required />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Catégorie" htmlFor="category" error={errors.category}>
            <Input id="category" name="category" defaultValue={values?.category ?? ""} />
          </Field>
          <Field label="Tag" htmlFor="tag" error={errors.tag} hint="Par exemple CULTE">
            <Input id="tag" name="tag" defaultValue={values?.tag ?? ""} />
          </Field>
        </div>
        <Field label="Image" htmlFor="imageUrl" error={errors.imageUrl}>
          <ImageUpload name="imageUrl" defaultValue={values?.imageUrl ?? null} />
        </Field>
        <Field label="Lien vers le produit" htmlFor="url" error={errors.url}>
          <Input id="url" name="url" defaultValue={values?.url ?? ""} placeholder="https://" />
        </Field>
        <StatusField defaultValue={values?.draft ? "draft" : "published"} />
        <ScheduleFields values={values} errors={errors} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isFeatured" defaultChecked={values?.isFeatured ?? false} className="size-4 accent-brand-600" /> En avant
          sur la page d'accueil
        </label>
      </ResourceFormDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
