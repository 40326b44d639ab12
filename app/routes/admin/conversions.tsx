import { Eye, Search, Upload, X } from "lucide-react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/conversions";
import { Field, PageHeader, selectClass, useActionToast } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Pager } from "#app/components/admin/pager";
import { type Column, ResourceTable, Truncated, Unbroken } from "#app/components/admin/resource-list";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { Input } from "#app/components/ui/input";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { logger } from "#app/lib/logger.server";
import { adminSeo } from "#app/lib/admin-seo";
import { type AdminActionData, failure, guarded, loadOrFail, ok } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { requestedPage } from "#app/modules/admin/pagination.server";
import { approveConversionReview, attributeConversion, ConversionDecisionError, decideForeignCurrency } from "#app/modules/conversions/attribute.server";
import {
  attributeSchema,
  conversionFilters,
  CONVERSION_ADMIN_MESSAGES as M,
  fxSchema,
  MAX_IMPORT_BYTES,
  networkSchema,
  reviewSchema,
} from "#app/modules/conversions/conversions-admin.schema";
import { conversionDetail, conversionForAction, listConversionsAdmin, memberByEmail } from "#app/modules/conversions/conversions-admin.server";
import { formatNetworkAmount } from "#app/modules/conversions/format";
import { ImportFileError, importNetworkFile } from "#app/modules/conversions/import.server";
import { decodeImportText, importSummary, type ImportSummary } from "#app/modules/conversions/import-file";
import { CONVERSION_REVIEW_HINTS, CONVERSION_REVIEW_STATUSES, conversionReviewLabel } from "#app/modules/conversions/review";
import { conversionReviewStatus } from "#db/states/conversion-status";
import { formatEuros } from "#app/modules/ledger/ledger";
import { NETWORK_LABELS, NETWORKS, type NetworkName } from "#app/modules/networks/networks";
import { formatParis } from "#app/modules/settings/paris-time";
import { countOf } from "#app/lib/plural";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Conversions", matches);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "money");
  const url = new URL(request.url);
  const filters = conversionFilters(url);
  const { rows, pager } = await loadOrFail(ADMIN_LOAD_ERRORS.conversions, listConversionsAdmin(filters, requestedPage(url)));
  const id = url.searchParams.get("id")?.trim() ?? "";
  const detail = UUID.test(id) ? await loadOrFail(ADMIN_LOAD_ERRORS.conversions, conversionDetail(id)) : null;
  return {
    filters,
    pager,
    conversions: rows.map((r) => ({ ...r, transactionAt: r.transactionAt.toISOString() })),
    detailMissing: id !== "" && !detail,
    detail: detail
      ? {
          ...detail.conversion,
          memberEmail: detail.memberEmail,
          brandName: detail.brandName,
          transactionAt: detail.conversion.transactionAt.toISOString(),
          fxDecidedAt: detail.conversion.fxDecidedAt?.toISOString() ?? null,
          reviewDecidedAt: detail.conversion.reviewDecidedAt?.toISOString() ?? null,
          records: detail.records.map((r) => ({ id: r.id, recordId: r.recordId, source: r.source, firstSeenAt: r.firstSeenAt.toISOString(), json: JSON.stringify(r.raw, null, 2) })),
          changes: detail.changes.map((c) => ({ id: c.id, at: c.at.toISOString(), field: c.field, old: JSON.stringify(c.old), new: JSON.stringify(c.new), source: c.source })),
          cashback: detail.cashback ? { status: detail.cashback.status, amountCents: detail.cashback.amountCents, reasonTextFr: detail.cashback.reasonTextFr } : null,
          events: detail.events.map((e) => ({ id: e.id, at: e.at.toISOString(), fromStatus: e.fromStatus, toStatus: e.toStatus, amountCents: e.amountCents, cause: e.cause })),
        }
      : null,
  };
}

/** An action's answer, with the import's counts and rejected records when there was an import. */
export interface ConversionActionData extends AdminActionData {
  import?: ImportSummary;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "money");
  let form: FormData;
  try {
    form = await readBoundedForm(request, MAX_IMPORT_BYTES + 64 * 1024);
  } catch (error) {
    if (error instanceof Response && error.status === 413) return failure("import", M.tooBig, 413);
    throw error;
  }
  const intent = form.get("intent");
  if (intent === "import") return importFile(form, admin.email);
  if (intent === "attribute") return attribute(form, admin);
  if (intent === "fx") return decideFx(form, admin);
  if (intent === "approve-review") return approveReview(form, admin);
  return failure("unknown", M.unknownIntent);
}

async function importFile(form: FormData, actor: string) {
  const network = networkSchema.safeParse(form.get("network"));
  if (!network.success) return failure("import", M.network);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return failure("import", M.file);
  if (file.size > MAX_IMPORT_BYTES) return failure("import", M.tooBig, 413);
  const text = decodeImportText(new Uint8Array(await file.arrayBuffer()));
  if (text === null) return failure("import", M.notText, 415);
  let summary: ImportSummary;
  try {
    summary = importSummary(await importNetworkFile({ network: network.data, text, actor }));
  } catch (error) {
    if (error instanceof ImportFileError) return failure("import", error.message, 422);
    logger.error({ err: error, network: network.data }, "admin: network file import failed");
    return failure("import", M.importError, 503);
  }
  if (summary.refused) {
    return data<ConversionActionData>(
      { ok: false, intent: "import", toast: { title: "Fichier refusé", description: `${M.nothingValid} ${summary.rejected[0]}`, type: "error" }, import: summary },
      { status: 422 },
    );
  }
  const refusedLines = summary.rejected.length ? `, ${countOf(summary.rejected.length, { one: "ligne refusée", other: "lignes refusées" })}` : "";
  return data<ConversionActionData>({ ok: true, intent: "import", toast: { title: "Import terminé", description: `${summary.counts}${refusedLines}.`, type: "success" }, import: summary });
}

const DECISION_STATUS: Record<ConversionDecisionError["code"], number> = {
  not_found: 404,
  already_attributed: 409,
  unknown_member: 422,
  not_foreign_currency: 409,
  invalid_amount: 400,
  unknown_account: 409,
  not_held: 409,
};

/** A domain decision: its typed refusals become their French message and a 4xx, anything else goes through guarded. */
function decision(intent: string, fallback: string, fn: () => Promise<Response | ReturnType<typeof ok>>) {
  return guarded(intent, fallback, async () => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ConversionDecisionError) return failure(intent, error.message, DECISION_STATUS[error.code]);
      throw error;
    }
  });
}

function firstIssue(error: { issues: Array<{ message: string }> }) {
  return error.issues[0]?.message ?? M.unknownIntent;
}

async function attribute(form: FormData, admin: { id: string; email: string }) {
  const parsed = attributeSchema.safeParse({ conversionId: form.get("conversionId"), email: form.get("email") ?? undefined });
  if (!parsed.success) return failure("attribute", firstIssue(parsed.error));
  const { conversionId, email } = parsed.data;
  const conversion = await conversionForAction(conversionId);
  if (!conversion) return failure("attribute", M.missing, 404);
  if (conversion.userId) return failure("attribute", M.alreadyAttributed, 409);
  const member = await memberByEmail(email);
  if (!member) return failure("attribute", M.unknownMember(email), 422);
  return decision("attribute", M.attributeError, async () => {
    await attributeConversion({ conversionId, userId: member.id, actor: { id: admin.id, email: admin.email } });
    return ok("attribute", "Conversion attribuée", `La conversion est attribuée à ${member.email}.`);
  });
}

async function decideFx(form: FormData, admin: { id: string; email: string }) {
  const parsed = fxSchema.safeParse({ conversionId: form.get("conversionId"), commissionEur: form.get("commissionEur") ?? undefined });
  if (!parsed.success) return failure("fx", firstIssue(parsed.error));
  const { conversionId, commissionEur } = parsed.data;
  const conversion = await conversionForAction(conversionId);
  if (!conversion) return failure("fx", M.missing, 404);
  if (conversion.currency === "EUR") return failure("fx", M.alreadyEur, 409);
  if (conversion.fxCommissionEur !== null) return failure("fx", M.alreadyDecided, 409);
  return decision("fx", M.fxError, async () => {
    await decideForeignCurrency({ conversionId, commissionEur, actor: { id: admin.id, email: admin.email } });
    return ok("fx", "Commission en euros enregistrée", `${formatNetworkAmount(commissionEur)} retenus pour cette conversion.`);
  });
}

async function approveReview(form: FormData, admin: { id: string; email: string }) {
  const parsed = reviewSchema.safeParse({ conversionId: form.get("conversionId") });
  if (!parsed.success) return failure("approve-review", firstIssue(parsed.error));
  const { conversionId } = parsed.data;
  const conversion = await conversionForAction(conversionId);
  if (!conversion) return failure("approve-review", M.missing, 404);
  if (conversion.reviewStatus !== conversionReviewStatus.is.held) return failure("approve-review", M.notHeld, 409);
  return decision("approve-review", M.reviewError, async () => {
    await approveConversionReview({ conversionId, actor: { id: admin.id, email: admin.email } });
    return ok("approve-review", "Commission approuvée", "La conversion suit désormais son cours : le cashback du membre est calculé sur cette commission.");
  });
}

const STATUS_LABELS: Record<string, string> = { pending: "En attente", approved: "Validée", declined: "Refusée" };
const CASHBACK_LABELS: Record<string, string> = {
  tracked: "Achat détecté",
  pending: "En attente de validation",
  validated: "Validé",
  refused: "Refusé",
  reversed: "Annulé après validation",
};
const networkLabel = (n: string) => NETWORK_LABELS[n as NetworkName] ?? n;
const when = (iso: string) => formatParis(iso, "dd/MM/yyyy HH:mm");

type Loader = Route.ComponentProps["loaderData"];
type ConversionRow = Loader["conversions"][number];

const CONVERSION_COLUMNS: Column<ConversionRow>[] = [
  // the day, then the time below it
  { key: "date", header: "Date", nowrap: true, cell: (c) => when(c.transactionAt) },
  // names, not identifiers: whole words (the engine's cells may otherwise break anywhere)
  { key: "network", header: "Réseau", cell: (c) => <Unbroken>{networkLabel(c.network)}</Unbroken> },
  { key: "brand", header: "Marque", cell: (c) => <Unbroken>{c.brandName ?? "—"}</Unbroken> },
  {
    key: "order",
    header: "Commande / clic",
    // identifiers: one line each, cut at the column's width, whole in their title
    cell: (c) => (
      <>
        <Truncated value={c.orderRef ?? "—"} className="max-w-32! font-mono text-xs" />
        <Truncated value={c.clickId ?? "sans clic"} className="max-w-32! font-mono text-xs text-neutral-500" />
      </>
    ),
  },
  { key: "member", header: "Membre", cell: (c) => (c.memberEmail ? <Truncated value={c.memberEmail} className="max-w-32!" /> : <Badge variant="outline">Non attribuée</Badge>) },
  {
    key: "status",
    header: "Statut",
    cell: (c) => (
      <>
        {STATUS_LABELS[c.status] ?? c.status}
        <p className="text-xs text-neutral-500">{c.networkStatusRaw}</p>
        {c.reviewStatus ? (
          <Badge variant="outline" className="mt-1">
            {conversionReviewLabel(c.reviewStatus)}
          </Badge>
        ) : null}
      </>
    ),
  },
  {
    key: "commission",
    header: "Commission",
    nowrap: true,
    cell: (c) => (
      <>
        {formatNetworkAmount(c.commissionAmount, c.currency)}
        {c.currency !== "EUR" ? <p className="text-xs text-neutral-500">{c.fxCommissionEur ? `= ${formatNetworkAmount(c.fxCommissionEur)}` : "Change à décider"}</p> : null}
      </>
    ),
  },
  {
    key: "cashback",
    header: "Cashback membre",
    cell: (c) =>
      c.cashbackStatus ? (
        <>
          {CASHBACK_LABELS[c.cashbackStatus] ?? c.cashbackStatus}
          <p className="whitespace-nowrap text-xs text-neutral-500">{formatEuros(Number(c.cashbackCents ?? 0))}</p>
        </>
      ) : (
        "—"
      ),
  },
];

export default function AdminConversions({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as ConversionActionData | undefined;
  useActionToast(ad);
  const { filters, conversions, pager, detail, detailMissing } = loaderData;
  const location = useLocation();
  const withId = (id: string | null) => {
    const params = new URLSearchParams(location.search);
    if (id) params.set("id", id);
    else params.delete("id");
    const q = params.toString();
    return q ? `${location.pathname}?${q}` : location.pathname;
  };
  return (
    <div>
      <PageHeader title="Conversions" />
      <ImportCard actionData={ad} />
      {detailMissing ? (
        <p role="alert" className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {M.missing}
        </p>
      ) : null}
      {detail ? <Detail detail={detail} closeHref={withId(null)} actionData={ad} /> : null}
      <FiltersForm filters={filters} />
      {/* cards on a phone, a table from md up (the list engine's table) */}
      <ResourceTable
        label="Conversions"
        columns={CONVERSION_COLUMNS}
        rows={conversions}
        rowId={(c) => c.id}
        rowLabel={(c) => c.orderRef ?? c.id.slice(0, 8)}
        empty="Aucune conversion trouvée."
        actions={(c) => (
          <Button asChild variant="ghost" size="icon">
            <Link to={withId(c.id)} aria-label={`Voir la conversion ${c.orderRef ?? c.id.slice(0, 8)}`} preventScrollReset={false}>
              <Eye />
            </Link>
          </Button>
        )}
      />
      <Pager {...pager} />
    </div>
  );
}

function FiltersForm({ filters }: { filters: Loader["filters"] }) {
  return (
    <Form method="get" role="search" aria-label="Filtrer les conversions" className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Field label="Réseau" htmlFor="f-network">
        <select id="f-network" name="network" defaultValue={filters.network ?? ""} className={selectClass}>
          <option value="">Tous</option>
          {NETWORKS.map((n) => (
            <option key={n} value={n}>
              {NETWORK_LABELS[n]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Statut" htmlFor="f-status">
        <select id="f-status" name="status" defaultValue={filters.status ?? ""} className={selectClass}>
          <option value="">Tous</option>
          <option value="pending">En attente</option>
          <option value="approved">Validée</option>
          <option value="declined">Refusée</option>
        </select>
      </Field>
      <Field label="Attribution" htmlFor="f-attribution">
        <select id="f-attribution" name="attribution" defaultValue={filters.attribution ?? ""} className={selectClass}>
          <option value="">Toutes</option>
          <option value="attributed">Attribuées</option>
          <option value="unattributed">Non attribuées</option>
        </select>
      </Field>
      <Field label="Devise" htmlFor="f-currency">
        <select id="f-currency" name="currency" defaultValue={filters.currency ?? ""} className={selectClass}>
          <option value="">Toutes</option>
          <option value="eur">EUR</option>
          <option value="other">Autre (change à décider)</option>
        </select>
      </Field>
      <Field label="Vérification" htmlFor="f-review">
        <select id="f-review" name="review" defaultValue={filters.review ?? ""} className={selectClass}>
          <option value="">Toutes</option>
          {CONVERSION_REVIEW_STATUSES.map((r) => (
            <option key={r} value={r}>
              {conversionReviewLabel(r)}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Du" htmlFor="f-from">
        <Input id="f-from" name="from" type="date" className="min-w-0" defaultValue={filters.from ?? ""} />
      </Field>
      <Field label="Au" htmlFor="f-to">
        <Input id="f-to" name="to" type="date" className="min-w-0" defaultValue={filters.to ?? ""} />
      </Field>
      <div className="col-span-2 lg:col-span-1">
        <Field label="Commande ou clic" htmlFor="f-q">
          <Input id="f-q" name="q" type="search" defaultValue={filters.q ?? ""} placeholder="Référence ou identifiant de clic" />
        </Field>
      </div>
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <Button type="submit">
          <Search aria-hidden="true" /> Filtrer
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/conversions">Effacer</Link>
        </Button>
      </div>
    </Form>
  );
}

function ImportCard({ actionData }: { actionData: ConversionActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const result = actionData?.intent === "import" ? actionData : undefined;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Importer un fichier de réseau</CardTitle>
        <CardDescription>L'export CSV, JSON ou XML du réseau, 5 Mo au plus. Un import rejoué ne crée rien en double.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" aria-label="Importer un fichier de réseau" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="import" />
          <Field label="Réseau" htmlFor="import-network">
            <select id="import-network" name="network" required defaultValue="" className={selectClass}>
              <option value="" disabled>
                Choisir…
              </option>
              {NETWORKS.map((n) => (
                <option key={n} value={n}>
                  {NETWORK_LABELS[n]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Fichier" htmlFor="import-file">
            <Input id="import-file" name="file" type="file" required accept=".csv,.json,.xml,.txt,text/csv,application/json,text/xml,text/plain" />
          </Field>
          <Button type="submit" disabled={busy}>
            <Upload aria-hidden="true" /> Importer
          </Button>
        </Form>
        {result?.import || (result && !result.ok) ? (
          <div role="status" className="mt-4 text-sm" data-testid="import-result">
            {result.import ? <p className="font-medium">{result.import.counts}</p> : <p className="text-red-700">{result.toast?.description}</p>}
            {result.import?.rejected.length ? (
              <ul className="mt-2 list-disc pl-5 text-red-700" aria-label="Lignes refusées">
                {result.import.rejected.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Detail({ detail, closeHref, actionData }: { detail: NonNullable<Loader["detail"]>; closeHref: string; actionData: ConversionActionData | undefined }) {
  const navigation = useNavigation();
  const failed = (intent: string) => (actionData && !actionData.ok && actionData.intent === intent ? actionData.toast?.description : null);
  return (
    <Card className="mb-6" aria-labelledby="conversion-detail-title">
      <CardHeader className="flex flex-row! items-start justify-between gap-3!">
        <div>
          <CardTitle id="conversion-detail-title">
            Conversion {detail.orderRef ?? detail.conversionKey} · {networkLabel(detail.network)}
          </CardTitle>
          <CardDescription>
            {when(detail.transactionAt)} · {detail.brandName ?? "programme inconnu"} · {STATUS_LABELS[detail.status] ?? detail.status} ({detail.networkStatusRaw}) ·
            commission {formatNetworkAmount(detail.commissionAmount, detail.currency)} · vente {formatNetworkAmount(detail.saleAmount, detail.currency)}
          </CardDescription>
        </div>
        <Button asChild variant="ghost" size="icon">
          <Link to={closeHref} aria-label="Fermer le détail">
            <X />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Clé : </dt>
            <dd className="inline font-mono">{detail.conversionKey}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Clic : </dt>
            <dd className="inline font-mono">{detail.clickId ?? "—"}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Membre : </dt>
            <dd className="inline">{detail.memberEmail ?? "non attribuée"}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Cashback membre : </dt>
            <dd className="inline">
              {detail.cashback ? `${CASHBACK_LABELS[detail.cashback.status] ?? detail.cashback.status}, ${formatEuros(Number(detail.cashback.amountCents))}` : "—"}
              {detail.cashback?.reasonTextFr ? ` (${detail.cashback.reasonTextFr})` : ""}
            </dd>
          </div>
          {detail.reviewStatus ? (
            <div className="sm:col-span-2" data-testid="conversion-review">
              <dt className="inline font-medium">Vérification : </dt>
              <dd className="inline">
                {conversionReviewLabel(detail.reviewStatus)}
                {detail.reviewStatus === conversionReviewStatus.is.approved && detail.reviewDecidedBy ? ` (par ${detail.reviewDecidedBy})` : ""} — {CONVERSION_REVIEW_HINTS[detail.reviewStatus]}
                {detail.reviewReason ? <span className="block text-neutral-600">{detail.reviewReason}</span> : null}
              </dd>
            </div>
          ) : null}
          {detail.currency !== "EUR" ? (
            <div>
              <dt className="inline font-medium">Commission en euros : </dt>
              <dd className="inline">{detail.fxCommissionEur ? `${formatNetworkAmount(detail.fxCommissionEur)} (décidée par ${detail.fxDecidedBy ?? "?"})` : "à décider"}</dd>
            </div>
          ) : null}
        </dl>

        {detail.reviewStatus === conversionReviewStatus.is.held ? (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="approve-review" />
            <input type="hidden" name="conversionId" value={detail.id} />
            <Button type="submit" disabled={navigation.state !== "idle"}>
              Approuver la commission de {formatNetworkAmount(detail.commissionAmount, detail.currency)}
            </Button>
            {failed("approve-review") ? <p className="text-sm text-red-700">{failed("approve-review")}</p> : null}
          </Form>
        ) : null}

        {!detail.userId && detail.reviewStatus !== conversionReviewStatus.is.unknown_account ? (
          <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="attribute" />
            <input type="hidden" name="conversionId" value={detail.id} />
            <Field label="Attribuer à un membre (adresse e-mail)" htmlFor="attribute-email" error={failed("attribute") ? [failed("attribute")!] : null}>
              <Input id="attribute-email" name="email" type="email" required autoComplete="off" />
            </Field>
            <Button type="submit" disabled={navigation.state !== "idle"}>
              Attribuer
            </Button>
          </Form>
        ) : null}

        {detail.currency !== "EUR" && !detail.fxCommissionEur ? (
          <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="fx" />
            <input type="hidden" name="conversionId" value={detail.id} />
            <Field label={`Commission en euros (reçue : ${formatNetworkAmount(detail.commissionAmount, detail.currency)})`} htmlFor="fx-eur" error={failed("fx") ? [failed("fx")!] : null}>
              <Input id="fx-eur" name="commissionEur" inputMode="decimal" required placeholder="12,34" />
            </Field>
            <Button type="submit" disabled={navigation.state !== "idle"}>
              Enregistrer
            </Button>
          </Form>
        ) : null}

        <section aria-labelledby="raw-records-title">
          <h2 id="raw-records-title" className="mb-2 font-bold">
            Enregistrements bruts du réseau ({detail.records.length})
          </h2>
          {detail.records.length === 0 ? <p className="text-sm text-neutral-600">Aucun enregistrement brut.</p> : null}
          <ol className="grid gap-3">
            {detail.records.map((r, i) => (
              <li key={r.id}>
                <p className="text-xs text-neutral-600">
                  Version {i + 1} · {r.recordId} · {r.source} · reçue le {when(r.firstSeenAt)}
                </p>
                <pre className="mt-1 max-h-80 overflow-auto rounded-xl bg-neutral-900 p-3 text-xs text-neutral-50" data-testid="raw-record">
                  {r.json}
                </pre>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="changes-title">
          <h2 id="changes-title" className="mb-2 font-bold">
            Historique des changements
          </h2>
          {detail.changes.length === 0 ? (
            <p className="text-sm text-neutral-600">Aucun changement depuis la première réception.</p>
          ) : (
            <ul className="grid gap-1 text-sm" aria-label="Historique des changements">
              {detail.changes.map((c) => (
                <li key={c.id}>
                  <time dateTime={c.at} className="text-neutral-500">
                    {when(c.at)}
                  </time>{" "}
                  <span className="font-medium">{c.field}</span> : <span className="font-mono">{c.old}</span> → <span className="font-mono">{c.new}</span>{" "}
                  <span className="text-neutral-500">({c.source})</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="cashback-events-title">
          <h2 id="cashback-events-title" className="mb-2 font-bold">
            Cashback du membre
          </h2>
          {detail.events.length === 0 ? (
            <p className="text-sm text-neutral-600">Aucun événement.</p>
          ) : (
            <ul className="grid gap-1 text-sm" aria-label="Événements du cashback membre">
              {detail.events.map((e) => (
                <li key={e.id}>
                  <time dateTime={e.at} className="text-neutral-500">
                    {when(e.at)}
                  </time>{" "}
                  {e.fromStatus ? `${CASHBACK_LABELS[e.fromStatus] ?? e.fromStatus} → ` : ""}
                  {CASHBACK_LABELS[e.toStatus] ?? e.toStatus}, {formatEuros(Number(e.amountCents))} <span className="text-neutral-500">({e.cause})</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
