import { AlertTriangle } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/tresorerie";
import { errorsFor, Field, PageHeader, selectClass, useActionToast } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { Input } from "#app/components/ui/input";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { adminSeo } from "#app/lib/admin-seo";
import { guarded, invalid, loadOrFail, ok, type AdminActionData } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { formatEuros } from "#app/modules/ledger/ledger";
import { NETWORKS } from "#app/modules/networks/networks";
import { formatParis } from "#app/modules/settings/paris-time";
import { MONEY_LABELS, NETWORK_LABELS, networkPaymentSchema, solvencyAlertText } from "#app/modules/treasury/treasury.schema";
import { recordNetworkPayment, treasuryOverview } from "#app/modules/treasury/treasury.server";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Trésorerie", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "money");
  return loadOrFail(ADMIN_LOAD_ERRORS.treasury, treasuryOverview());
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "money");
  const form = await readBoundedForm(request, 4096);
  const submission = parseWithZod(form, { schema: networkPaymentSchema() });
  if (submission.status !== "success") {
    return invalid("network-payment", submission.reply(), { title: "Erreur", description: "Certaines informations du paiement ne sont pas valides." });
  }
  const { intent, ...payment } = submission.value;
  return guarded(intent, "Impossible d'enregistrer ce paiement.", async () => {
    await recordNetworkPayment(actor, payment);
    return ok(intent, "Paiement enregistré", `${formatEuros(payment.amount)} reçus de ${NETWORK_LABELS[payment.network]}.`);
  });
}

function Figure({ label, cents, hint, testId }: { label: string; cents: number; hint?: string; testId: string }) {
  return (
    <div className="rounded-2xl border border-neutral-200 bg-white p-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums" data-testid={testId}>
        {formatEuros(cents)}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-neutral-500">{hint}</dd> : null}
    </div>
  );
}

export default function AdminTreasury({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as AdminActionData | undefined;
  useActionToast(ad);
  const errors = errorsFor(ad, "network-payment");
  const navigation = useNavigation();
  const t = loaderData;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="grid gap-6">
      <PageHeader title="Trésorerie" />

      {t.alert ? (
        <div role="alert" className="flex gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p data-testid="treasury-alert">{solvencyAlertText({ ...t.alert, availableCents: t.members.availableCents, inPayoutCents: t.members.inPayoutCents })}</p>
        </div>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle>Ce que nous devons aux membres</CardTitle>
          <CardDescription>Soldes du grand livre, tous membres confondus.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Figure label={MONEY_LABELS.pending} cents={t.members.pendingCents} hint="Cashback signalé par les réseaux et bonus de parrainage promis" testId="treasury-pending" />
            <Figure label={MONEY_LABELS.available} cents={t.members.availableCents} hint="Validé, que les membres peuvent retirer" testId="treasury-available" />
            <Figure label={MONEY_LABELS.inPayout} cents={t.members.inPayoutCents} hint="Retraits demandés, virement pas encore reçu" testId="treasury-in-payout" />
            <Figure label={MONEY_LABELS.paid} cents={t.members.paidCents} hint="Virements reçus par les membres, depuis le début" testId="treasury-paid" />
            <Figure
              label={MONEY_LABELS.owed}
              cents={t.members.owedCents}
              hint={`Cashback versé puis annulé par le marchand, à récupérer${t.deletedDebts.totalCents > 0 ? ` (dont ${formatEuros(t.deletedDebts.totalCents)} de comptes supprimés)` : ""}`}
              testId="treasury-owed"
            />
            <Figure label={MONEY_LABELS.toPay} cents={t.toPayCents} hint={`${MONEY_LABELS.available} + ${MONEY_LABELS.inPayout}`} testId="treasury-to-pay" />
          </dl>
          <p className="mt-3 text-sm text-neutral-600">
            Cashback validé, net des annulations : <strong data-testid="treasury-liabilities">{formatEuros(t.liabilitiesCents)}</strong> ({MONEY_LABELS.available} + {MONEY_LABELS.inPayout} + {MONEY_LABELS.paid} − {MONEY_LABELS.owed}).
          </p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Dettes de comptes supprimés</CardTitle>
          <CardDescription>
            Montants encore dus par des membres qui ont supprimé leur compte (cashback versé puis annulé par le marchand). Le compte du grand livre est conservé sous une référence anonyme, sans donnée personnelle.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {t.deletedDebts.rows.length ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="treasury-deleted-debts">
                <thead>
                  <tr className="border-b border-neutral-200 text-left text-neutral-600">
                    <th scope="col" className="py-2 pr-4 font-medium">Référence anonyme</th>
                    <th scope="col" className="py-2 pr-4 font-medium">Supprimé le</th>
                    <th scope="col" className="py-2 text-right font-medium">Montant dû</th>
                  </tr>
                </thead>
                <tbody>
                  {t.deletedDebts.rows.map((d) => (
                    <tr key={d.ref} className="border-b border-neutral-100">
                      <td className="py-2 pr-4 font-mono">{d.ref}</td>
                      <td className="py-2 pr-4">{d.deletedAt ? formatParis(d.deletedAt, "dd/MM/yyyy") : "Date inconnue"}</td>
                      <td className="py-2 text-right tabular-nums">{formatEuros(d.owedCents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2} className="py-2 pr-4 text-left">
                      Total{t.deletedDebts.count > t.deletedDebts.rows.length ? ` (${t.deletedDebts.count} comptes, ${t.deletedDebts.rows.length} affichés)` : ""}
                    </th>
                    <td className="py-2 text-right font-bold tabular-nums" data-testid="treasury-deleted-debts-total">
                      {formatEuros(t.deletedDebts.totalCents)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          ) : (
            <p className="text-sm text-neutral-500">Aucune dette de compte supprimé.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Ce que les réseaux nous doivent et ce qu'ils ont payé</CardTitle>
          <CardDescription>À recevoir : commissions des conversions validées par le réseau et pas encore payées.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Figure label="Commissions à recevoir" cents={t.receivableCents} testId="treasury-receivable" />
            <Figure label="Paiements reçus des réseaux" cents={t.cashReceivedCents} testId="treasury-cash" />
            <Figure label={MONEY_LABELS.cashLeft} cents={t.cashLeftCents} hint={`Paiements reçus des réseaux moins ${MONEY_LABELS.paid}`} testId="treasury-cash-left" />
          </dl>
          {t.networks.length ? (
            <ul className="mt-4 grid gap-2">
              {t.networks.map((n) => (
                <li key={n.network} className="flex flex-wrap justify-between gap-x-4 rounded-xl border border-neutral-200 p-3 text-sm">
                  <span className="font-medium">{NETWORK_LABELS[n.network as keyof typeof NETWORK_LABELS] ?? n.network}</span>
                  <span>
                    À recevoir {formatEuros(n.receivableCents)} · Reçu {formatEuros(n.cashReceivedCents)}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Enregistrer un paiement reçu</CardTitle>
          <CardDescription>Un virement d'un réseau sur notre compte, d'après le relevé bancaire.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid max-w-xl gap-4">
            <input type="hidden" name="intent" value="network-payment" />
            <Field label="Réseau" htmlFor="np-network" error={errors.network}>
              <select id="np-network" name="network" className={selectClass} defaultValue="" required>
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
            <Field label="Montant reçu (€)" htmlFor="np-amount" error={errors.amount}>
              <Input id="np-amount" name="amount" inputMode="decimal" placeholder="1 234,56" required maxLength={20} />
            </Field>
            <Field label="Date de réception" htmlFor="np-received" error={errors.receivedAt}>
              <Input id="np-received" name="receivedAt" type="date" max={today} defaultValue={today} required />
            </Field>
            <Field label="Référence bancaire" htmlFor="np-reference" error={errors.reference}>
              <Input id="np-reference" name="reference" required maxLength={100} />
            </Field>
            <Field label="Note (facultatif)" htmlFor="np-note" error={errors.note}>
              <Input id="np-note" name="note" maxLength={500} />
            </Field>
            <Button type="submit" className="justify-self-start" disabled={navigation.state !== "idle"}>
              Enregistrer le paiement
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Derniers paiements reçus</CardTitle>
        </CardHeader>
        <CardContent>
          {t.payments.length ? (
            <ul className="grid gap-2">
              {t.payments.map((p) => (
                <li key={p.id} className="grid gap-1 rounded-xl border border-neutral-200 p-3 text-sm">
                  <div className="flex flex-wrap justify-between gap-x-4">
                    <span className="font-medium">{NETWORK_LABELS[p.network as keyof typeof NETWORK_LABELS] ?? p.network}</span>
                    <span className="font-bold tabular-nums">{formatEuros(p.amountCents)}</span>
                  </div>
                  <span className="break-all text-neutral-600">
                    Reçu le {formatParis(p.receivedAt, "dd/MM/yyyy")} · Réf. {p.reference}
                  </span>
                  {p.note ? <span className="text-neutral-600">{p.note}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-neutral-500">Aucun paiement enregistré.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
