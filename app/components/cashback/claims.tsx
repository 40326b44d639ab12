import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { claimStatusLabel, type MemberClaimView } from "~/modules/claims/claims.schema";
import { formatEuros } from "~/modules/ledger/ledger";
import { formatParis } from "~/modules/settings/paris-time";


const STEP_LABELS: Record<string, string> = {
  submitted: "Envoyée le",
  sent: "Transmise au marchand le",
  accepted: "Acceptée le",
  refused: "Refusée le",
  expired: "Sans réponse le",
  withdrawn: "Retirée le",
};

/** « Mes réclamations » on /mon-cashback: each missing-cashback claim with its timeline (design A.2). */
export function MemberClaims({ claims }: { claims: MemberClaimView[] }) {
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
                <Badge variant={c.status === "accepted" ? "success" : c.status === "refused" || c.status === "auto_rejected" ? "hot" : "neutral"}>
                  <span className="sr-only">Statut : </span>
                  {claimStatusLabel(c.status)}
                </Badge>
              </div>
              {c.reason ? <p className="mt-1 text-sm text-red-800">Raison : {c.reason}</p> : null}
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
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-neutral-600">Aucune réclamation pour l'instant.</p>
      )}
    </section>
  );
}
