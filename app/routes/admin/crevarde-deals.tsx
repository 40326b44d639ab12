import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "lucide-react";

import type { Route } from "./+types/crevarde-deals";
import { adminSeo } from "#app/lib/admin-seo";
import { PageHeader, Field, selectClass } from "#app/components/admin/admin-ui";
import { Pager } from "#app/components/admin/pager";
import { ImageUpload } from "#app/components/admin/image-upload";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { CsvLinks } from "#app/components/admin/csv-links";
import { Input } from "#app/components/ui/input";
import { brandFilter, catalogueBulkActions, featuredFilter, ListToolbar, ResourceTable, RowActions, scheduleFilter, publicationFilter, Thumbnail } from "#app/components/admin/resource-list";
import { Textarea } from "#app/components/ui/textarea";
import { requirePermission } from "#app/lib/auth.server";
import { choiceLabel, type ConflictField } from "#app/modules/admin/conflict-diff";
import { ResourceFormDialog, useResourceScreen } from "#app/components/admin/resource-form";
import { duplicateAsDraft } from "#app/modules/admin/duplicate";
import { DraftBadge, StatusField } from "#app/components/admin/publication";
import { DRAFT_CONFLICT_FIELD } from "#app/modules/admin/publication";
import { readBoundedForm } from "#app/lib/body.server";
import { expiryFilterOptions, isNarrowed, parseListQuery } from "#app/modules/admin/list-query";
import { DEAL_BULK_INTENTS, DEAL_STATUS_BULK_INTENTS, dealListSpec, type DealStatusBulkIntent } from "#app/modules/deals/deal-list";
import { bulkIdsSchema } from "#app/modules/admin/list-query";
import { countOf } from "#app/lib/plural";
import { DEAL_SOURCE_OPTIONS, dealSourceLabel } from "#app/modules/deals/deals.constants";
import { dealStatus, type DealStatus } from "#app/modules/deals/deal-rules";
import { POST_STATUS_LABELS } from "#app/modules/deals/posting.schema";
import { bulkIntentAction, deleteIntent, failure, guarded, invalid, loadOrFail, ok, saveIntent } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { brandChoices } from "#app/modules/brands/brands-admin.server";
import { BADGE_LABELS, BADGE_OPTIONS, DEAL_FORM_MESSAGES, dealFormSchema } from "#app/modules/deals/deal-form.schema";
import { bulkDealStatus, bulkDeals, deleteDeal, listDealsAdmin, saveDeal } from "#app/modules/deals/deals-admin.server";
import { ScheduleBadge, ScheduleFields } from "#app/components/admin/schedule-fields";
import { requestNow } from "#app/lib/clock.server";
import { scheduleView } from "#app/modules/schedule/schedule";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Coups de crevarde", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const query = parseListQuery(request.url, dealListSpec);
  const now = requestNow(request);
  const [deals, brands] = await Promise.all([
    loadOrFail(ADMIN_LOAD_ERRORS.deals, listDealsAdmin(query, now)),
    loadOrFail(ADMIN_LOAD_ERRORS.brands, brandChoices()),
  ]);
  return {
    deals: deals.rows.map((d) => ({ ...d, createdAt: d.createdAt.toISOString(), ...scheduleView(d, now) })),
    pager: deals.pager,
    query: { q: query.q, sort: query.sort, dir: query.dir, filters: query.filters },
    brands,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 32 * 1024);
  const bulk = await bulkIntentAction(form, DEAL_BULK_INTENTS, DEAL_FORM_MESSAGES.bulk, (intent, ids) => bulkDeals(admin, intent, ids));
  if (bulk) return bulk;
  const intent = form.get("intent");
  if (isStatusBulk(intent)) {
    const ids = bulkIdsSchema.safeParse(form.getAll("ids"));
    if (!ids.success) return failure(intent, ids.error.issues[0]?.message ?? DEAL_FORM_MESSAGES.bulk.error);
    const m = DEAL_FORM_MESSAGES.statusBulk;
    return guarded(intent, DEAL_FORM_MESSAGES.bulk.error, async () => {
      const { written, missing, skipped } = await bulkDealStatus(admin, intent, ids.data);
      const notes = [skipped ? m.skipped(skipped) : null, missing.length ? countOf(missing.length, { one: "deal n'existe plus.", other: "deals n'existent plus." }) : null].filter(Boolean).join(" ");
      if (written === 0) return failure(intent, [m.none, notes].filter(Boolean).join(" "), 409);
      return ok(intent, m.done[intent](written), notes || undefined);
    });
  }
  if (form.get("intent") === "delete") {
    return deleteIntent(form, (id) => deleteDeal(id, admin), { error: DEAL_FORM_MESSAGES.deleteError, missing: "Ce deal n'existe plus.", done: (row) => ["Deal supprimé", `Le deal "${row.title}" a été supprimé.`] });
  }
  const submission = parseWithZod(form, { schema: dealFormSchema });
  if (submission.status !== "success") return invalid("save", submission.reply());
  const input = submission.value;
  return saveIntent(form, admin, input, saveDeal, { error: DEAL_FORM_MESSAGES.saveError, missing: "Ce deal n'existe plus.", done: (created) => [created ? "Deal créé" : "Deal mis à jour", `Le deal "${input.title}" a été ${created ? "créé" : "mis à jour"}.`] });
}

const isStatusBulk = (intent: unknown): intent is DealStatusBulkIntent => (DEAL_STATUS_BULK_INTENTS as readonly unknown[]).includes(intent);

type Deal = Route.ComponentProps["loaderData"]["deals"][number];

/** The fields compared when a save meets someone else's change. */
function dealConflictFields(brands: Array<{ id: string; name: string }>): ConflictField[] {
  return [
    { name: "title", label: "Titre" },
    { name: "description", label: "Description" },
    { name: "price", label: "Prix" },
    { name: "originalPrice", label: "Prix d'origine" },
    { name: "badgeText", label: "Texte du badge" },
    { name: "badgeType", label: "Type de badge", show: (v) => BADGE_LABELS[v as keyof typeof BADGE_LABELS] ?? v },
    { name: "source", label: "Source", show: dealSourceLabel },
    { name: "ctaText", label: "Texte du bouton / code" },
    { name: "url", label: "Lien" },
    { name: "brandId", label: "Marque", show: choiceLabel(brands) },
    { name: "imageUrl", label: "Image" },
    { name: "isFeatured", label: "En vedette", checkbox: true },
    DRAFT_CONFLICT_FIELD,
  ];
}
const BADGE_VARIANT = { hot: "hot", risky: "risky", fun: "fun" } as const;

export default function AdminDeals({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, editor, reload, errors, item, values } = useResourceScreen<Deal>(loaderData.deals, actionData);
  const f = loaderData.query.filters;
  return (
    <div>
      <PageHeader
        title="Coups de crevarde"
        action={
          <CsvLinks path="/admin/crevarde-deals">
            <Button onClick={editor.create}>
              <Plus aria-hidden="true" /> Ajouter un deal
            </Button>
          </CsvLinks>
        }
      />
      <ListToolbar
        label="Filtrer les deals"
        searchLabel="Rechercher (titre, description, marque)"
        query={loaderData.query}
        filters={[
          { name: "source", label: "Source", all: "Toutes", value: f.source, options: DEAL_SOURCE_OPTIONS },
          { name: "status", label: "Statut", all: "Tous", value: f.status, options: dealStatus.states.map((v) => ({ value: v, label: POST_STATUS_LABELS[v] })) },
          brandFilter(loaderData.brands, f.brand),
          { name: "expiry", label: "Expiration", all: "Toutes", value: f.expiry, options: expiryFilterOptions },
          { ...featuredFilter(f.featured), label: "En vedette" },
          scheduleFilter(f.schedule),
          publicationFilter(f.publication),
        ]}
      />
      <ResourceTable
        label="Deals"
        rows={loaderData.deals}
        rowId={(d) => d.id}
        rowLabel={(d) => d.title}
        sort={loaderData.query}
        empty={isNarrowed(loaderData.query) ? "Aucun deal ne correspond à ces critères." : "Aucun deal trouvé..."}
        bulk={{
          selected: { one: "deal sélectionné", other: "deals sélectionnés" },
          actions: [
            { intent: "bulk-publish", label: "Publier", confirm: DEAL_FORM_MESSAGES.statusBulk.confirm["bulk-publish"] },
            { intent: "bulk-unpublish", label: "Retirer du site", confirm: DEAL_FORM_MESSAGES.statusBulk.confirm["bulk-unpublish"] },
            ...catalogueBulkActions(DEAL_FORM_MESSAGES.bulkConfirm),
          ],
        }}
        columns={[
          {
            key: "title",
            header: "Titre",
            sort: "title",
            cell: (d) => (
              <div className="flex items-center gap-2">
                <Thumbnail src={d.imageUrl} wide />
                <span className="line-clamp-2 font-medium">{d.title}</span>
                <ScheduleBadge state={d.schedule} publishAt={d.publishAt} unpublishAt={d.unpublishAt} />
              </div>
            ),
          },
          {
            key: "price",
            header: "Prix",
            // each amount whole, the original price under the price when the column is narrow
            cell: (d) => (
              <>
                <span className="font-semibold whitespace-nowrap">{d.price}</span>{" "}
                {d.originalPrice ? <s className="whitespace-nowrap text-neutral-500">{d.originalPrice}</s> : null}
              </>
            ),
          },
          { key: "badge", header: "Badge", cell: (d) => <Badge variant={BADGE_VARIANT[(d.badgeType as keyof typeof BADGE_VARIANT) ?? "hot"] ?? "hot"}>{d.badgeText}</Badge> },
          { key: "source", header: "Source", cell: (d) => dealSourceLabel(d.source) },
          { key: "brand", header: "Marque", cell: (d) => d.brandName ?? "—" },
          // a draft (ADR 047) reads « Brouillon » instead of its « Publié », which it is not yet
          { key: "status", header: "Statut", cell: (d) => (d.draft && d.status === dealStatus.is.published ? <DraftBadge /> : POST_STATUS_LABELS[d.status as DealStatus] ?? d.status) },
          { key: "temperature", header: "Température", sort: "temperature", nowrap: true, cell: (d) => `${d.temperature}°` },
          { key: "featured", header: "En vedette", cell: (d) => (d.isFeatured ? "Oui" : "Non") },
        ]}
        actions={(d) => (
          <RowActions
            label={d.title}
            onEdit={() => editor.edit(d)}
            onDuplicate={() => editor.duplicate(duplicateAsDraft(d, { name: "title" }))}
            remove={{ id: d.id, confirmText: DEAL_FORM_MESSAGES.confirmDelete(d.title) }}
          />
        )}
      />
      <Pager {...loaderData.pager} />
      <ResourceFormDialog
        editor={editor}
        item={item}
        title={{ edit: "Modifier un deal", create: "Ajouter un deal" }}
        className="max-w-2xl"
        schema={dealFormSchema}
        actionData={ad}
        conflictFields={dealConflictFields(loaderData.brands)}
        onReload={reload}
      >
        <Field label="Titre*" htmlFor="title" error={errors.title}>
          <Input id="title" name="title" defaultValue={values?.title ?? ""} required />
        </Field>
        <Field label="Description*" htmlFor="description" error={errors.description}>
          <Textarea id="description" name="description" defaultValue={values?.description ?? ""} required />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Prix*" htmlFor="price" error={errors.price} hint="Par exemple 29,99€">
            <Input id="price" name="price" defaultValue={values?.price ?? ""} required />
          </Field>
          <Field label="Prix d'origine" htmlFor="originalPrice" error={errors.originalPrice}>
            <Input id="originalPrice" name="originalPrice" defaultValue={values?.originalPrice ?? ""} />
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Texte du badge*" htmlFor="badgeText" error={errors.badgeText}>
            <Input id="badgeText" name="badgeText" defaultValue={values?.badgeText ?? ""} required />
          </Field>
          <Field label="Type de badge*" htmlFor="badgeType" error={errors.badgeType}>
            <select id="badgeType" name="badgeType" defaultValue={values?.badgeType ?? "hot"} className={selectClass}>
              {BADGE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Source*" htmlFor="source" error={errors.source} hint="temu, shein, aliexpress…">
            <Input id="source" name="source" defaultValue={values?.source ?? ""} required />
          </Field>
          <Field label="Texte du bouton / code*" htmlFor="ctaText" error={errors.ctaText}>
            <Input id="ctaText" name="ctaText" defaultValue={values?.ctaText ?? "Voir le deal"} required />
          </Field>
        </div>
        <Field label="Lien*" htmlFor="url" error={errors.url}>
          <Input id="url" name="url" type="url" defaultValue={values?.url ?? ""} required placeholder="https://" />
        </Field>
        <Field label="Marque" htmlFor="brandId" error={errors.brandId}>
          <select id="brandId" name="brandId" defaultValue={values?.brandId ?? ""} className={selectClass}>
            <option value="">Aucune marque</option>
            {loaderData.brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Image" htmlFor="imageUrl" error={errors.imageUrl}>
          <ImageUpload name="imageUrl" defaultValue={values?.imageUrl ?? null} />
        </Field>
        <StatusField defaultValue={values?.draft ? "draft" : "published"} />
        <ScheduleFields values={values} errors={errors} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isFeatured" defaultChecked={values?.isFeatured ?? false} className="size-4 accent-brand-600" /> En vedette
        </label>
      </ResourceFormDialog>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
