import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle, AlertDialogTrigger } from "#app/components/ui/alert-dialog";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { claimBadge, claimStatusLabel, claimStatusNote, MEMBER_CLAIM_INTENTS, type MemberClaimView } from "#app/modules/claims/claims.schema";
import { formatEuros } from "#app/modules/ledger/ledger";
import { formatParis } from "#app/modules/settings/paris-time";


const STEP_LABELS: Record<string, string> = {
  submitted: "Envoyée le",
  sent: "Transmise au marchand le",
  reopened: "Relancée le",
  disputed: "En litige le",
  accepted: "Acceptée le",
  refused: "Refusée le",
  expired: "Sans réponse le",
  withdrawn: "Retirée le",
};

/** « Mes réclamations » on /mon-cashback: each missing-cashback claim with its timeline (ADR 037 §Missing-cashback claims). */
export function MemberClaims({ claims, lastResult }: { claims: MemberClaimView[]; lastResult?: SubmissionResult<string[]> }) {
  const intent = lastResult?.initialValue?.intent;
  const isClaimResult = typeof intent === "string" && (MEMBER_CLAIM_INTENTS as readonly string[]).includes(intent);
  const errors = isClaimResult ? (lastResult?.error?.[""] ?? lastResult?.error?.claimId ?? undefined) : undefined;
  const errorClaimId = isClaimResult ? lastResult?.initialValue?.claimId : undefined;
  const onCard = typeof errorClaimId === "string" && claims.some((c) => c.id === errorClaimId);
  return (
    <section id="reclamations" className="mt-10 scroll-mt-24" aria-labelledby="claims-title">
      <h2 id="claims-title" className="text-2xl font-black">
        Mes réclamations
      </h2>
      <p className="mt-2 text-neutral-600">
        Un achat n'apparaît pas dans « Mes achats » 3 jours après ton clic ?{" "}
        <Link to="/mon-cashback/reclamation" className="font-semibold text-brand-700 hover:underline">
          Signaler un achat manquant
        </Link>
      </p>
      {errors?.length && !onCard ? (
        <p role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 text-sm text-red-800">
          {errors.join(" ")}
        </p>
      ) : null}
      {claims.length ? (
        <ul className="mt-4 flex flex-col gap-4">
          {claims.map((c) => (
            <li key={c.id} className="rounded-2xl border border-neutral-200 p-4" data-testid="claim" aria-labelledby={`claim-${c.id}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 id={`claim-${c.id}`} className="break-words text-lg font-bold">
                    {c.merchant}
                  </h3>
                  <p className="break-words text-sm text-neutral-600">
                    Commande {c.orderRef} du {formatParis(c.orderAt, "d MMMM yyyy")} · {formatEuros(c.amountCents)}
                  </p>
                </div>
                <Badge variant={claimBadge(c.status)}>
                  <span className="sr-only">Statut : </span>
                  {claimStatusLabel(c.status)}
                </Badge>
              </div>
              {c.reason ? <p className="mt-1 text-sm text-red-800">Raison : {c.reason}</p> : null}
              {claimStatusNote(c.status) ? <p className="mt-1 text-sm text-neutral-700">{claimStatusNote(c.status)}</p> : null}
              <ol className="mt-3 flex flex-wrap gap-x-2 gap-y-1 text-xs text-neutral-600" aria-label="Étapes">
                {c.steps.map((s, i) => (
                  <li key={`${s.step}-${i}`} className="flex items-center gap-2">
                    {i > 0 ? <span aria-hidden="true">→</span> : null}
                    <span>
                      <span className="font-semibold text-neutral-800">{STEP_LABELS[s.step] ?? s.step}</span> {formatParis(s.at, "d MMMM yyyy")}
                    </span>
                  </li>
                ))}
              </ol>
              {errors?.length && onCard && errorClaimId === c.id ? (
                <p role="alert" className="mt-2 text-sm text-red-800">
                  {errors.join(" ")}
                </p>
              ) : null}
              {c.canWithdraw ? <WithdrawClaim claim={c} /> : null}
              {c.canReopen ? <ReopenClaim claim={c} /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-neutral-600">Aucune réclamation pour l'instant.</p>
      )}
    </section>
  );
}

function useClaimBusy(intent: string, claimId: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent && navigation.formData?.get("claimId") === claimId;
}

/** « Retirer ma réclamation », after a confirmation (only before the claim is sent to the merchant). */
function WithdrawClaim({ claim }: { claim: MemberClaimView }) {
  const busy = useClaimBusy("claim-withdraw", claim.id);
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="mt-3">
          Retirer ma réclamation
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Retirer cette réclamation ?</AlertDialogTitle>
        <AlertDialogDescription>
          Ta réclamation pour la commande {claim.orderRef} chez {claim.merchant} ne sera pas transmise au marchand. Tu pourras en envoyer une nouvelle pour
          cette commande si besoin.
        </AlertDialogDescription>
        <div className="flex flex-wrap justify-end gap-2">
          <AlertDialogCancel>Garder ma réclamation</AlertDialogCancel>
          <Form method="post" action="/mon-cashback">
            <input type="hidden" name="intent" value="claim-withdraw" />
            <input type="hidden" name="claimId" value={claim.id} />
            <Button type="submit" variant="destructive" disabled={busy}>
              Oui, retirer ma réclamation
            </Button>
          </Form>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** « Relancer ma réclamation »: an expired claim goes back to the merchant, once. */
function ReopenClaim({ claim }: { claim: MemberClaimView }) {
  const busy = useClaimBusy("claim-reopen", claim.id);
  return (
    <Form method="post" action="/mon-cashback" className="mt-3">
      <p className="text-sm text-neutral-600">Le marchand n'a pas répondu : tu peux relancer ta réclamation une fois.</p>
      <input type="hidden" name="intent" value="claim-reopen" />
      <input type="hidden" name="claimId" value={claim.id} />
      <Button type="submit" variant="outline" size="sm" className="mt-2" disabled={busy}>
        Relancer ma réclamation
      </Button>
    </Form>
  );
}
