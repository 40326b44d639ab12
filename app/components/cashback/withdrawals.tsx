import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { HelpLinks } from "#app/components/help-links";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { formatEuros } from "#app/modules/ledger/ledger";
import { PAYOUT_TO_FIX_LABEL, payoutBadge, payoutStatusLabel, withdrawSchema, type MemberPayoutView } from "#app/modules/payouts/payouts.schema";
import { formatParis } from "#app/modules/settings/paris-time";


/** "12,00" for the amount field (no currency sign: the label says euros). */
const euroInput = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

/** « Retirer mon cashback » and the member's withdrawals, on /mon-cashback (ADR 023). */
export function Withdrawals({
  availableCents,
  minimumCents,
  bank,
  payouts,
  withdrawKey,
  lastResult,
}: {
  availableCents: number;
  minimumCents: number;
  bank: { maskedIban: string; usable: boolean; usableFrom: string } | null;
  payouts: MemberPayoutView[];
  withdrawKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "withdraw",
    lastResult: lastResult?.initialValue?.intent === "withdraw" ? lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: withdrawSchema }),
    shouldValidate: "onSubmit",
    defaultValue: { amount: euroInput(availableCents) },
  });
  const cancelError = lastResult?.initialValue?.intent === "cancel-payout" ? lastResult.error?.[""] : undefined;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "withdraw";
  const open = payouts.some((p) => p.open);
  return (
    <section id="retraits" className="mt-10 scroll-mt-24" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className="text-2xl font-black">
        Retirer mon cashback
      </h2>
      <p className="mt-2 text-neutral-600">
        Ton cashback disponible est versé par virement sur ton compte bancaire, dès {formatEuros(minimumCents)}. Les virements partent chaque mardi.
      </p>
      <HelpLinks articles={["whenPaid"]} className="mt-2" />
      {!bank ? (
        <p className="mt-4">
          <Link to="/mon-cashback/coordonnees-bancaires" className="font-semibold text-brand-700 hover:underline">
            Ajoute l'IBAN qui recevra ton cashback
          </Link>
        </p>
      ) : !bank.usable ? (
        <p className="mt-4 rounded-2xl bg-amber-50 p-4 text-amber-900">
          Par sécurité, ton IBAN {bank.maskedIban} pourra recevoir un virement à partir du {formatParis(bank.usableFrom, "d MMMM yyyy 'à' HH'h'mm")}.
        </p>
      ) : open ? (
        <p className="mt-4">Tu as déjà un retrait en cours : tu pourras en demander un autre une fois le virement envoyé.</p>
      ) : availableCents < minimumCents ? (
        <p className="mt-4">
          Tu pourras retirer ton cashback dès {formatEuros(minimumCents)} disponibles (tu as {formatEuros(availableCents)}).
        </p>
      ) : (
        <Form method="post" className="mt-4 flex max-w-md flex-col gap-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="idempotencyKey" value={withdrawKey} />
          <div>
            <Label htmlFor={fields.amount.id}>Montant à retirer (en euros)</Label>
            <Input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" className="mt-1" />
            <FieldError id={fields.amount.errorId} errors={fields.amount.errors} />
          </div>
          <p className="text-sm text-neutral-600">Vers l'IBAN {bank.maskedIban}</p>
          <FieldError id={form.errorId} errors={form.errors} />
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? "Demande en cours..." : "Retirer mon cashback"}
            </Button>
          </div>
        </Form>
      )}

      {payouts.length ? (
        <>
          <h3 className="mt-8 text-xl font-bold">Mes retraits</h3>
          {cancelError?.length ? <FieldError errors={cancelError} /> : null}
          <ul className="mt-3 flex flex-col gap-4">
            {payouts.map((p) => (
              <li key={p.id} className="rounded-2xl border border-neutral-200 p-4" data-testid="payout" aria-labelledby={`payout-${p.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p id={`payout-${p.id}`} className="text-lg font-bold">
                    {formatEuros(p.amountCents)} <span className="text-sm font-normal text-neutral-600">vers {p.maskedIban}</span>
                  </p>
                  <Badge variant={payoutBadge(p)}>
                    <span className="sr-only">Statut : </span>
                    {p.toFix ? PAYOUT_TO_FIX_LABEL : payoutStatusLabel(p.status)}
                  </Badge>
                </div>
                {p.expectedAt ? <p className="mt-1 text-sm">Arrivée prévue vers le {formatParis(p.expectedAt, "EEEE d MMMM yyyy")}</p> : null}
                {p.reason ? <p className="mt-1 text-sm text-red-800">Raison : {p.reason}</p> : null}
                {p.toFix ? (
                  <p className="mt-1 text-sm text-red-800" data-testid="payout-to-fix">
                    {PAYOUT_TO_FIX_LABEL} : {p.toFix} Annule ce retrait, corrige le titulaire ou l'IBAN dans{" "}
                    <Link to="/mon-cashback/coordonnees-bancaires" className="font-semibold underline">
                      tes coordonnées bancaires
                    </Link>
                    , puis refais ta demande.
                  </p>
                ) : null}
                <ol className="mt-3 flex flex-wrap gap-x-2 gap-y-1 text-xs text-neutral-600" aria-label="Étapes">
                  {p.steps.map((s, i) => (
                    <li key={`${s.status}-${i}`} className="flex items-center gap-2">
                      {i > 0 ? <span aria-hidden="true">→</span> : null}
                      <span>
                        <span className="font-semibold text-neutral-800">{payoutStatusLabel(s.status)}</span> {formatParis(s.at, "d MMM HH:mm")}
                      </span>
                    </li>
                  ))}
                </ol>
                {p.cancellable ? (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="intent" value="cancel-payout" />
                    <input type="hidden" name="payoutId" value={p.id} />
                    <Button type="submit" variant="outline" size="sm">
                      Annuler ce retrait
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
