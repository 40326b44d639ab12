import { Download } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/paiements";
import { PageHeader, useActionToast } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { Input } from "#app/components/ui/input";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { countOf } from "#app/lib/plural";
import { adminSeo } from "#app/lib/admin-seo";
import { type AdminActionData, intentAction, loadOrFail, ok } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { formatEuros } from "#app/modules/ledger/ledger";
import { MONEY_LABELS } from "#app/modules/treasury/treasury.schema";
import {
  financeActionSchema,
  PAYOUT_TO_FIX_CODE,
  PAYOUT_TO_FIX_LABEL,
  payoutBadge,
  payoutBatchStatus,
  payoutStatus,
  payoutStatusLabel,
} from "#app/modules/payouts/payouts.schema";
import {
  approvePayout,
  completePayout,
  exportApprovedPayouts,
  failPayout,
  financeOverview,
  markBatchSent,
  refusePayout,
  type FinancePayoutRow,
} from "#app/modules/payouts/payouts.server";
import { formatParis } from "#app/modules/settings/paris-time";
import { allowSharedIban } from "#app/modules/payouts/bank-details.server";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Paiements", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "money");
  return loadOrFail(ADMIN_LOAD_ERRORS.payouts, financeOverview());
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "money");
  const form = await readBoundedForm(request, 4096);
  return intentAction(form, financeActionSchema, "Impossible d'enregistrer cette action.", async (v) => {
    switch (v.intent) {
      case "approve":
        await approvePayout(actor, v.payoutId);
        return ok(v.intent, "Paiement validé", "Il partira dans le prochain fichier SEPA.");
      case "refuse":
        await refusePayout(actor, v.payoutId, v.reason);
        return ok(v.intent, "Paiement refusé", "Le montant est de nouveau disponible pour le membre.");
      case "export": {
        const batch = await exportApprovedPayouts(actor);
        const n = batch.toFix.length;
        const toFix = n ? ` ${countOf(n, { one: "paiement laissé", other: "paiements laissés" })} hors du fichier, « À corriger » : voir « À vérifier ».` : "";
        return ok(v.intent, "Fichier SEPA créé", `${countOf(batch.txCount, { one: "virement", other: "virements" })}, ${formatEuros(batch.controlSumCents)} — lot ${batch.msgId}.${toFix}`);
      }
      case "mark-sent": {
        const batch = await markBatchSent(actor, v.batchId);
        return ok(v.intent, "Lot marqué envoyé", `${countOf(batch.sent, { one: "membre prévenu", other: "membres prévenus" })} par e-mail.`);
      }
      case "complete":
        await completePayout(actor, v.payoutId);
        return ok(v.intent, "Paiement versé");
      case "fail":
        await failPayout(actor, v.payoutId, v.reason);
        return ok(v.intent, "Paiement en échec", "Le montant est de nouveau disponible pour le membre.");
      case "allow-shared-iban": {
        const allowed = await allowSharedIban(actor, v);
        return ok(v.intent, "IBAN partagé autorisé", `${allowed.email} peut maintenant enregistrer cet IBAN ; ses retraits passeront en vérification.`);
      }
    }
  });
}

const when = (iso: string) => formatParis(iso, "dd/MM/yyyy HH:mm");

export default function AdminPayouts({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData as AdminActionData | undefined);
  const { open, closed, batches, nextExport } = loaderData;
  const review = open.filter((p) => payoutStatus.canMove(p.status, "approved"));
  const approved = open.filter((p) => p.status === payoutStatus.is.approved);
  const inFlight = open.filter((p) => payoutStatus.canMove(p.status, "failed"));
  const navigation = useNavigation();
  const exporting = navigation.state !== "idle" && navigation.formData?.get("intent") === "export";
  return (
    <div className="grid gap-6">
      <PageHeader title="Paiements" />

      <Card>
        <CardHeader>
          <CardTitle>À vérifier ({review.length})</CardTitle>
          <CardDescription>Demandes retenues par les contrôles anti-fraude : validez-les ou refusez-les avec une raison.</CardDescription>
        </CardHeader>
        <CardContent>
          {review.length ? (
            <ul className="grid gap-4">
              {review.map((p) => (
                <PayoutCard key={p.id} payout={p}>
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="payoutId" value={p.id} />
                    <Button type="submit" size="sm">
                      Valider
                    </Button>
                  </Form>
                  <ReasonForm payoutId={p.id} intent="refuse" label="Raison du refus" submit="Refuser" />
                </PayoutCard>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-neutral-500">Aucune demande à vérifier.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Validés, à exporter ({approved.length})</CardTitle>
          <CardDescription>
            Prochain lot prévu le {formatParis(nextExport, "EEEE d MMMM 'à' HH'h'mm")}. Le fichier pain.001.001.09 contient tous les paiements validés ; un
            paiement n'est jamais exporté deux fois.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {approved.length ? (
            <>
              <ul className="grid gap-4">
                {approved.map((p) => (
                  <PayoutCard key={p.id} payout={p}>
                    <ReasonForm payoutId={p.id} intent="refuse" label="Raison du refus" submit="Refuser" />
                  </PayoutCard>
                ))}
              </ul>
              <Form method="post">
                <input type="hidden" name="intent" value="export" />
                <Button type="submit" disabled={exporting}>
                  {exporting ? "Création du fichier..." : `Exporter le fichier SEPA (${formatEuros(approved.reduce((s, p) => s + p.amountCents, 0))})`}
                </Button>
              </Form>
            </>
          ) : (
            <p className="text-sm text-neutral-500">Aucun paiement validé en attente d'export.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Lots SEPA</CardTitle>
          <CardDescription>Téléchargez le fichier, déposez-le à la banque, puis marquez le lot comme envoyé : chaque membre est prévenu par e-mail.</CardDescription>
        </CardHeader>
        <CardContent>
          {batches.length ? (
            <ul className="grid gap-3">
              {batches.map((b) => (
                <li key={b.id} className="grid gap-2 rounded-xl border border-neutral-200 p-3 text-sm" data-testid="payout-batch">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-mono font-semibold">{b.msgId}</span>
                    <Badge variant={b.status === payoutBatchStatus.is.sent ? "success" : "neutral"}>{b.status === payoutBatchStatus.is.sent ? "Envoyé" : "À envoyer"}</Badge>
                  </div>
                  <p>
                    {countOf(b.txCount, { one: "virement", other: "virements" })} · {formatEuros(b.controlSumCents)} · créé le {when(b.createdAt)}
                    {b.sentAt ? ` · envoyé le ${when(b.sentAt)}` : ""}
                  </p>
                  <p className="break-all font-mono text-xs text-neutral-500">SHA-256 {b.fileSha256}</p>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild size="sm" variant="outline">
                      <a href={`/admin/paiements/lots/${b.id}`} download>
                        <Download className="size-4" aria-hidden="true" /> Télécharger le fichier
                      </a>
                    </Button>
                    {b.status === payoutBatchStatus.is.exported ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="mark-sent" />
                        <input type="hidden" name="batchId" value={b.id} />
                        <Button type="submit" size="sm">
                          Marquer le lot envoyé
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-neutral-500">Aucun lot pour l'instant.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{MONEY_LABELS.inPayout} ({inFlight.length})</CardTitle>
          <CardDescription>Une fois le virement reçu, marquez-le versé ; s'il revient (rejet ou retour), indiquez la raison donnée par la banque.</CardDescription>
        </CardHeader>
        <CardContent>
          {inFlight.length ? (
            <ul className="grid gap-4">
              {inFlight.map((p) => (
                <PayoutCard key={p.id} payout={p}>
                  {p.status === payoutStatus.is.sent ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="complete" />
                      <input type="hidden" name="payoutId" value={p.id} />
                      <Button type="submit" size="sm">
                        Marquer versé
                      </Button>
                    </Form>
                  ) : null}
                  <ReasonForm payoutId={p.id} intent="fail" label="Raison donnée par la banque" submit="Marquer en échec" />
                </PayoutCard>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-neutral-500">Aucun virement en cours.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>IBAN partagé</CardTitle>
          <CardDescription>
            Un IBAN ne sert qu'à un compte. Pour un compte joint, autorisez un membre à enregistrer un IBAN déjà utilisé par un autre compte : la raison est
            conservée dans le journal d'audit.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid max-w-xl gap-3">
            <input type="hidden" name="intent" value="allow-shared-iban" />
            <div className="grid gap-1">
              <label htmlFor="share-email" className="text-sm font-medium text-neutral-800">
                E-mail du membre
              </label>
              <Input id="share-email" name="email" type="email" required autoComplete="off" />
            </div>
            <div className="grid gap-1">
              <label htmlFor="share-iban" className="text-sm font-medium text-neutral-800">
                IBAN
              </label>
              <Input id="share-iban" name="iban" required autoComplete="off" />
            </div>
            <div className="grid gap-1">
              <label htmlFor="share-reason" className="text-sm font-medium text-neutral-800">
                Raison
              </label>
              <Input id="share-reason" name="reason" required maxLength={300} />
            </div>
            <div>
              <Button type="submit" variant="outline">
                Autoriser cet IBAN
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Derniers paiements terminés</CardTitle>
        </CardHeader>
        <CardContent>
          {closed.length ? (
            <ul className="grid gap-3">
              {closed.map((p) => (
                <PayoutCard key={p.id} payout={p} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-neutral-500">Aucun paiement terminé.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function PayoutCard({ payout: p, children }: { payout: FinancePayoutRow; children?: React.ReactNode }) {
  const signals = p.reviewReasons.filter((r) => r.code !== PAYOUT_TO_FIX_CODE);
  return (
    <li className="grid gap-2 rounded-xl border border-neutral-200 p-3 text-sm" data-testid="finance-payout" aria-labelledby={`fp-${p.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`fp-${p.id}`} className="font-semibold">
          {formatEuros(p.amountCents)} · {p.memberEmail ?? "compte supprimé"}
        </p>
        <Badge variant={payoutBadge(p)}>
          {p.toFix ? PAYOUT_TO_FIX_LABEL : payoutStatusLabel(p.status)}
        </Badge>
      </div>
      <p className="text-neutral-600">
        {p.holderName} · {p.maskedIban} · demandé le {when(p.requestedAt)}
        {p.batchMsgId ? ` · lot ${p.batchMsgId}` : ""}
      </p>
      <p className="break-all font-mono text-xs text-neutral-500">{p.endToEndId}</p>
      {p.toFix ? (
        <p className="font-medium text-red-800" data-testid="payout-to-fix">
          {PAYOUT_TO_FIX_LABEL} : {p.toFix} Le membre le voit sur son espace cashback ; refusez ce paiement pour lui rendre le montant, ou validez-le
          une fois corrigé.
        </p>
      ) : null}
      {signals.length ? (
        <ul className="list-inside list-disc text-amber-900" aria-label="Signaux de fraude">
          {signals.map((r) => (
            <li key={r.code}>{r.reason}</li>
          ))}
        </ul>
      ) : null}
      {p.reason ? <p className="text-red-800">Raison : {p.reason}</p> : null}
      {children ? <div className="flex flex-wrap items-end gap-3">{children}</div> : null}
    </li>
  );
}

function ReasonForm({ payoutId, intent, label, submit }: { payoutId: string; intent: "refuse" | "fail"; label: string; submit: string }) {
  const id = `${intent}-${payoutId}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="payoutId" value={payoutId} />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-xs font-medium text-neutral-700">
          {label}
        </label>
        <Input id={id} name="reason" required maxLength={300} className="h-9! w-64! max-w-full" />
      </div>
      <Button type="submit" size="sm" variant="outline">
        {submit}
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
