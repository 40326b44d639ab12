import { parseWithZod } from "@conform-to/zod/v4";
import { formatParis, toParisDateInput } from "#app/modules/settings/paris-time";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useNavigation } from "react-router";
import type { Route } from "./+types/promo-codes";
import { adminSeo } from "#app/lib/admin-seo";
import { BrandField, PageHeader, EditorDialog, Field, errorsFor, selectClass } from "#app/components/admin/admin-ui";
import { Pager } from "#app/components/admin/pager";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Button } from "#app/components/ui/button";
import { CsvLinks } from "#app/components/admin/csv-links";
import { Input } from "#app/components/ui/input";
import { DraftBadge, StatusField } from "#app/components/admin/publication";
import { DRAFT_CONFLICT_FIELD } from "#app/modules/admin/publication";
import { brandFilter, catalogueBulkActions, publicationBulkActions, categoryFilter, featuredFilter, ListToolbar, ResourceTable, RowActions, scheduleFilter, publicationFilter, Unbroken } from "#app/components/admin/resource-list";
import { requirePermission } from "#app/lib/auth.server";
import { choiceLabel, type ConflictField } from "#app/modules/admin/conflict-diff";
import { editorKey } from "#app/components/admin/edit-version";
import { ResourceForm, useResourceScreen } from "#app/components/admin/resource-form";
import { duplicateAsDraft } from "#app/modules/admin/duplicate";
import { readBoundedForm } from "#app/lib/body.server";
import { expiryFilterOptions, isNarrowed, parseListQuery } from "#app/modules/admin/list-query";
import { categoryChoices } from "#app/modules/categories/categories-admin.server";
import { PROMO_BULK_INTENTS, PROMO_EXTEND_DAYS, promoCodeListSpec } from "#app/modules/promo-codes/promo-code-list";
import { type AdminActionData, bulkIntentAction, deleteIntent, invalid, loadOrFail, saveIntent } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { brandChoices } from "#app/modules/brands/brands-admin.server";
import { PROMO_MESSAGES, promoCodeFormSchema } from "#app/modules/promo-codes/promo-code-form.schema";
import { bulkPromoCodes, deletePromoCode, listPromoCodesAdmin, promoCategoryChoices, savePromoCode } from "#app/modules/promo-codes/promo-codes-admin.server";
import { listFailingCodes } from "#app/modules/promo-codes/code-feedback.server";
import { FAILING_CONSECUTIVE_NO, FAILING_MAX_RATE, FAILING_MIN_ANSWERS, FEEDBACK_WINDOW_DAYS } from "#app/modules/promo-codes/code-feedback";
import { Badge } from "#app/components/ui/badge";
import { ScheduleBadge, ScheduleFields } from "#app/components/admin/schedule-fields";
import { requestNow } from "#app/lib/clock.server";
import { scheduleView } from "#app/modules/schedule/schedule";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Codes promo", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const query = parseListQuery(request.url, promoCodeListSpec);
  const now = requestNow(request);
  const [codes, brands, categories, categoryFilter, failing] = await Promise.all([
    loadOrFail(ADMIN_LOAD_ERRORS.promoCodes, listPromoCodesAdmin(query, now)),
    loadOrFail(ADMIN_LOAD_ERRORS.brands, brandChoices()),
    loadOrFail(ADMIN_LOAD_ERRORS.categories, promoCategoryChoices()),
    loadOrFail(ADMIN_LOAD_ERRORS.categories, categoryChoices()),
    loadOrFail(ADMIN_LOAD_ERRORS.promoCodes, listFailingCodes()),
  ]);
  return {
    codes: codes.rows.map((c) => ({ ...c, expiresAt: c.expiresAt?.toISOString() ?? null, ...scheduleView(c, now) })),
    pager: codes.pager,
    query: { q: query.q, sort: query.sort, dir: query.dir, filters: query.filters },
    brands,
    categories,
    categoryFilter,
    failing,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "catalogue");
  const form = await readBoundedForm(request, 32 * 1024);
  const bulk = await bulkIntentAction(form, PROMO_BULK_INTENTS, PROMO_MESSAGES.bulk, (intent, ids) => bulkPromoCodes(admin, intent, ids));
  if (bulk) return bulk;
  if (form.get("intent") === "delete") {
    return deleteIntent(form, (id) => deletePromoCode(id, admin), { error: PROMO_MESSAGES.deleteError, missing: "Ce code promo n'existe plus.", done: (row) => ["Code promo supprimé", `Le code promo "${row.code}" a été supprimé.`] });
  }
  const submission = parseWithZod(form, { schema: promoCodeFormSchema });
  if (submission.status !== "success") return invalid("save", submission.reply());
  const input = submission.value;
  return saveIntent(form, admin, input, savePromoCode, { error: PROMO_MESSAGES.saveError, missing: "Ce code promo n'existe plus.", done: (created) => [created ? "Code promo créé" : "Code promo mis à jour", `Le code promo "${input.code}" a été ${created ? "créé" : "mis à jour"}.`] });
}

type Code = Route.ComponentProps["loaderData"]["codes"][number];

/** The fields compared when a save meets someone else's change. */
function promoConflictFields(brands: Array<{ id: string; name: string }>, categories: Array<{ id: string; name: string }>): ConflictField[] {
  return [
    { name: "brandId", label: "Marque", show: choiceLabel(brands) },
    { name: "code", label: "Code" },
    { name: "discountAmount", label: "Montant de réduction" },
    { name: "category", label: "Catégorie", fromRow: (r) => categories.find((c) => c.id === r.categoryId)?.name ?? "" },
    { name: "description", label: "Description" },
    { name: "expiresAt", label: "Date d'expiration", fromRow: (r) => (r.expiresAt ? toParisDateInput(r.expiresAt as Date) : "") },
    { name: "url", label: "Lien vers le site" },
    { name: "isFeatured", label: "En avant", checkbox: true },
    DRAFT_CONFLICT_FIELD,
  ];
}

function PromoForm({
  item,
  values,
  brands,
  categories,
  conflictFields,
  onReload,
  actionData,
  onCancel,
}: {
  item: Code | null;
  /** the values the form starts from: the row edited, or a copy (« Dupliquer ») */
  values: Code | null;
  brands: Array<{ id: string; name: string }>;
  categories: string[];
  conflictFields: ConflictField[];
  onReload: (id: string, staleVersion: string) => void;
  actionData: AdminActionData | undefined;
  onCancel: () => void;
}) {
  const errors = errorsFor(actionData);
  const initialCategory = values?.category ?? "";
  const [category, setCategory] = useState(initialCategory && !categories.includes(initialCategory) ? "__new" : initialCategory);
  const [date, setDate] = useState(values?.expiresAt ? toParisDateInput(values.expiresAt) : "");
  return (
    <ResourceForm item={item} schema={promoCodeFormSchema} actionData={actionData} conflictFields={conflictFields} onReload={onReload} onCancel={onCancel}>
      <BrandField brands={brands} defaultValue={values?.brandId} error={errors.brandId} />
      <Field label="Code*" htmlFor="code" error={errors.code}>
        <Input id="code" name="code" defaultValue={values?.code ?? ""} required maxLength={60} />
      </Field>
      <Field label="Montant de réduction*" htmlFor="discountAmount" error={errors.discountAmount} hint="Par exemple 15% ou 10€">
        <Input id="discountAmount" name="discountAmount" defaultValue={values?.discountAmount ?? ""} required maxLength={40} />
      </Field>
      <Field label="Catégorie" htmlFor="category-select" name="category" error={errors.category}>
        <select id="category-select" value={category} onChange={(e) => setCategory(e.target.value)} className={selectClass}>
          <option value="">Aucune catégorie</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
          <option value="__new">+ Ajouter une catégorie</option>
        </select>
        {category === "__new" ? (
          <Input name="category" aria-label="Nouvelle catégorie" defaultValue={initialCategory} placeholder="Nom de la nouvelle catégorie" maxLength={80} className="mt-2" />
        ) : (
          <input type="hidden" name="category" value={category} />
        )}
      </Field>
      <Field label="Description" htmlFor="description" error={errors.description}>
        <Input id="description" name="description" defaultValue={values?.description ?? ""} maxLength={500} />
      </Field>
      <Field
        label="Date d'expiration"
        htmlFor="expiresAt"
        error={errors.expiresAt}
        hint={date ? formatParis(`${date}T12:00:00`, "dd MMMM yyyy") : "Sans limite"}
      >
        <Input id="expiresAt" name="expiresAt" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Field>
      <StatusField defaultValue={values?.draft ? "draft" : "published"} />
      <ScheduleFields values={values} errors={errors} />
      <Field label="Lien vers le site" htmlFor="url" error={errors.url}>
        <Input id="url" name="url" type="url" defaultValue={values?.url ?? ""} placeholder="https://" />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isFeatured" defaultChecked={values?.isFeatured ?? false} className="size-4 accent-brand-600" /> En avant sur
        la page d'accueil
      </label>
    </ResourceForm>
  );
}

export default function AdminPromoCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { ad, editor, reload } = useResourceScreen<Code>(loaderData.codes, actionData);
  const navigation = useNavigation();
  const now = Date.now();
  const failing = new Map(loaderData.failing.map((f) => [f.id, f]));
  const f = loaderData.query.filters;
  return (
    <div>
      <PageHeader
        title="Gestion des codes promo"
        action={
          <CsvLinks path="/admin/promo-codes">
            <Button onClick={editor.create}>
              <Plus aria-hidden="true" /> Ajouter un code promo
            </Button>
          </CsvLinks>
        }
      />
      <FailingCodes codes={loaderData.failing} />
      <ListToolbar
        label="Filtrer les codes promo"
        searchLabel="Rechercher (code, marque, description)"
        query={loaderData.query}
        filters={[
          brandFilter(loaderData.brands, f.brand),
          categoryFilter(loaderData.categoryFilter, f.category),
          { name: "expiry", label: "Expiration", all: "Toutes", value: f.expiry, options: expiryFilterOptions },
          featuredFilter(f.featured),
          scheduleFilter(f.schedule),
          publicationFilter(f.publication),
        ]}
      />
      <ResourceTable
        label="Codes promo"
        rows={loaderData.codes}
        rowId={(c) => c.id}
        rowLabel={(c) => c.code}
        sort={loaderData.query}
        rowClassName={(c) => c.expiresAt !== null && Date.parse(c.expiresAt) < now && "bg-neutral-100 text-neutral-500 md:bg-neutral-100"}
        empty={
          navigation.state === "loading" && navigation.location.pathname === "/admin/promo-codes"
            ? "Chargement des données..."
            : isNarrowed(loaderData.query)
              ? "Aucun code promo ne correspond à ces critères."
              : "Aucun code promo trouvé..."
        }
        bulk={{
          selected: { one: "code promo sélectionné", other: "codes promo sélectionnés" },
          actions: [
            { intent: "bulk-extend", label: `Prolonger de ${PROMO_EXTEND_DAYS} jours`, confirm: PROMO_MESSAGES.bulkConfirm["bulk-extend"] },
            ...publicationBulkActions(PROMO_MESSAGES.bulkConfirm),
            ...catalogueBulkActions(PROMO_MESSAGES.bulkConfirm),
          ],
        }}
        columns={[
          {
            key: "code",
            header: "Code",
            sort: "code",
            className: "font-mono font-semibold",
            cell: (c) => (
              <>
                <Unbroken>{c.code}</Unbroken>
                {c.draft ? <DraftBadge className="ml-2 font-sans" /> : null}
                <ScheduleBadge state={c.schedule} publishAt={c.publishAt} unpublishAt={c.unpublishAt} />
                {failing.has(c.id) ? (
                  <Badge variant="risky" className="ml-2 font-sans">
                    Échoue
                  </Badge>
                ) : null}
              </>
            ),
          },
          { key: "brand", header: "Marque", sort: "brand", cell: (c) => c.brandName },
          { key: "discount", header: "Réduction", nowrap: true, cell: (c) => c.discountAmount },
          { key: "category", header: "Catégorie", cell: (c) => c.category ?? "—" },
          { key: "description", header: "Description", className: "md:max-w-56", cell: (c) => <span className="line-clamp-2">{c.description ?? ""}</span> },
          {
            key: "expires",
            header: "Expiration",
            sort: "expires",
            nowrap: true,
            cell: (c) => {
              const expired = c.expiresAt !== null && Date.parse(c.expiresAt) < now;
              return c.expiresAt ? (
                <span className={expired ? "text-red-600" : "text-green-700"}>
                  {formatParis(c.expiresAt, "dd/MM/yyyy")}
                  {expired ? " (Expiré)" : ""}
                </span>
              ) : (
                "Sans limite"
              );
            },
          },
          { key: "featured", header: "En avant", cell: (c) => (c.isFeatured ? "Oui" : "Non") },
        ]}
        actions={(c) => (
          <RowActions
            label={c.code}
            onEdit={() => editor.edit(c)}
            // a promo code is what shoppers type: the copy's code is left empty, to be typed; the copy is a draft
            onDuplicate={() => editor.duplicate(duplicateAsDraft(c, { cleared: ["code"] }))}
            remove={{ id: c.id, confirmText: PROMO_MESSAGES.confirmDelete(c.code) }}
          />
        )}
      />
      <Pager {...loaderData.pager} />
      <EditorDialog editor={editor} title={editor.editing ? "Modifier un code promo" : "Ajouter un code promo"}>
          {editor.open ? (
            <PromoForm
              key={editorKey(editor.editing)}
              item={editor.editing ?? null}
              values={editor.values}
              brands={loaderData.brands}
              categories={loaderData.categories}
              conflictFields={promoConflictFields(loaderData.brands, loaderData.categoryFilter)}
              onReload={reload}
              actionData={ad}
              onCancel={editor.requestClose}
            />
          ) : null}
      </EditorDialog>
    </div>
  );
}

/** « Codes qui échouent »: every code the « Ça a marché ? » flag rule catches, worst first (not only this page's). */
function FailingCodes({ codes }: { codes: Route.ComponentProps["loaderData"]["failing"] }) {
  if (codes.length === 0) return null;
  return (
    <section aria-labelledby="failing-codes" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="failing-codes">
      <h2 id="failing-codes" className="font-bold text-amber-900">
        Codes qui échouent ({codes.length})
      </h2>
      <p className="text-sm text-amber-900">
        Les {FAILING_CONSECUTIVE_NO} derniers avis des membres sont « Non », ou moins de {Math.round(FAILING_MAX_RATE * 100)} % de réussite sur au moins{" "}
        {FAILING_MIN_ANSWERS} avis ({FEEDBACK_WINDOW_DAYS} derniers jours). Ces codes passent en fin de liste sur le site : à vérifier auprès de la marque, à corriger ou à supprimer.
      </p>
      <ul className="mt-2 grid gap-1 text-sm">
        {codes.map((c) => (
          <li key={c.id}>
            <span className="font-mono font-semibold">{c.code}</span> ({c.brandName}) : {c.rate} sur {c.answers} avis
            {c.reasons.length > 0 ? <span className="text-amber-900"> · Raisons : {c.reasons.join(", ")}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
