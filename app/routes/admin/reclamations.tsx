import { Download, FileText } from "lucide-react";
import { Form } from "react-router";
import type { Route } from "./+types/reclamations";
import { PageHeader, useActionToast } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { Input } from "#app/components/ui/input";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { adminSeo } from "#app/lib/admin-seo";
import { type AdminActionData, intentAction, loadOrFail, ok } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { CLAIM_REFUSED, claimAdminActionSchema, claimAdminStatusLabel, claimStatus } from "#app/modules/claims/claims.schema";
import { claimsOverview, markNetworkSent, resolveClaim, sendClaimToImpact, type AdminClaimRow } from "#app/modules/claims/claims.server";
import { formatEuros } from "#app/modules/ledger/ledger";
import { countOf } from "#app/lib/plural";
import { NETWORK_LABELS, type NetworkName } from "#app/modules/networks/networks";
import { formatParis } from "#app/modules/settings/paris-time";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Réclamations", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "money");
  return loadOrFail(ADMIN_LOAD_ERRORS.claims, claimsOverview());
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "money");
  const form = await readBoundedForm(request, 4096);
  return intentAction(form, claimAdminActionSchema, "Impossible d'enregistrer cette action.", async (v) => {
    switch (v.intent) {
      case "mark-sent": {
        const n = await markNetworkSent(actor, v.network);
        return ok(v.intent, "Réclamations marquées transmises", `${countOf(n, { one: "réclamation", other: "réclamations" })} ${networkLabel(v.network)}.`);
      }
      case "send-impact": {
        const claim = await sendClaimToImpact(actor, v.claimId);
        return ok(v.intent, "Réclamation transmise à Impact", `Référence Impact : ${claim.networkInquiryId}.`);
      }
      case "accept":
        await resolveClaim(actor, v.claimId, { accepted: true });
        return ok(v.intent, "Réclamation acceptée");
      case "refuse":
        await resolveClaim(actor, v.claimId, { accepted: false, reason: v.reason });
        return ok(v.intent, "Réclamation refusée", "Le membre voit la raison indiquée.");
    }
  });
}

const networkLabel = (network: string) => NETWORK_LABELS[network as NetworkName] ?? network;
const when = (iso: string) => formatParis(iso, "dd/MM/yyyy HH:mm");
const day = (iso: string) => formatParis(iso, "dd/MM/yyyy");

export default function AdminClaims({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData as AdminActionData | undefined);
  const { disputed, toSend, sent, closed, flagAt } = loaderData;
  return (
    <div className="grid gap-6">
      <PageHeader title="Réclamations" />

      <Card>
        <CardHeader>
          <CardTitle>Litiges ({disputed.length})</CardTitle>
          <CardDescription>
            Le réseau a refusé la commande que le membre réclame. Examinez le justificatif et la raison du refus de la conversion, puis acceptez ou refusez la
            réclamation ; le membre voit la raison indiquée.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {disputed.length ? (
            <ul className="grid gap-3" data-testid="claims-disputed">
              {disputed.map((c) => (
                <ClaimCard key={c.id} claim={c} flagAt={flagAt}>
                  <AcceptForm claimId={c.id} />
                  <RefuseForm claimId={c.id} />
                </ClaimCard>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-neutral-500">Aucun litige.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>À transmettre ({toSend.reduce((n, g) => n + g.claims.length, 0)})</CardTitle>
          <CardDescription>
            Réclamations vérifiées (clic du membre, fenêtre du cookie, commande unique). Exportez-les par réseau pour le formulaire du réseau, puis marquez-les
            transmises ; les programmes Impact peuvent être transmis directement par l'API.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {toSend.length ? (
            toSend.map((group) => (
              <section key={group.network} className="grid gap-3" aria-labelledby={`net-${group.network}`} data-testid="claims-network">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`net-${group.network}`} className="text-lg font-bold">
                    {networkLabel(group.network)} ({group.claims.length})
                  </h3>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild size="sm" variant="outline">
                      <a href={`/admin/reclamations/export/${group.network}`} download>
                        <Download className="size-4" aria-hidden="true" /> Exporter en CSV
                      </a>
                    </Button>
                    <Form method="post">
                      <input type="hidden" name="intent" value="mark-sent" />
                      <input type="hidden" name="network" value={group.network} />
                      <Button type="submit" size="sm">
                        Marquer transmises
                      </Button>
                    </Form>
                  </div>
                </div>
                <ul className="grid gap-3">
                  {group.claims.map((c) => (
                    <ClaimCard key={c.id} claim={c} flagAt={flagAt}>
                      {c.network === "impact" ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="send-impact" />
                          <input type="hidden" name="claimId" value={c.id} />
                          <Button type="submit" size="sm" variant="outline">
                            Transmettre via l'API Impact
                          </Button>
                        </Form>
                      ) : null}
                      <RefuseForm claimId={c.id} />
                    </ClaimCard>
                  ))}
                </ul>
              </section>
            ))
          ) : (
            <p className="text-sm text-neutral-500">Aucune réclamation à transmettre.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Transmises, en attente de réponse ({sent.length})</CardTitle>
          <CardDescription>Indiquez la réponse du réseau : acceptée, ou refusée avec la raison, que le membre verra.</CardDescription>
        </CardHeader>
        <CardContent>
          {sent.length ? (
            <ul className="grid gap-3">
              {sent.map((c) => (
                <ClaimCard key={c.id} claim={c} flagAt={flagAt}>
                  <AcceptForm claimId={c.id} />
                  <RefuseForm claimId={c.id} />
                </ClaimCard>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-neutral-500">Aucune réclamation en attente de réponse.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Dernières réclamations terminées</CardTitle>
        </CardHeader>
        <CardContent>
          {closed.length ? (
            <ul className="grid gap-3">
              {closed.map((c) => (
                <ClaimCard key={c.id} claim={c} flagAt={flagAt} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-neutral-500">Aucune réclamation terminée.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function ClaimCard({ claim: c, flagAt, children }: { claim: AdminClaimRow; flagAt: number; children?: React.ReactNode }) {
  return (
    <li className="grid gap-2 rounded-xl border border-neutral-200 p-3 text-sm" data-testid="admin-claim" aria-labelledby={`claim-${c.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`claim-${c.id}`} className="font-semibold">
          {c.merchant} · commande {c.orderRef} · {formatEuros(c.amountCents)}
        </p>
        <Badge variant={c.status === claimStatus.is.accepted ? "success" : (CLAIM_REFUSED as readonly string[]).includes(c.status) || c.status === claimStatus.is.disputed ? "hot" : "neutral"}>
          {claimAdminStatusLabel(c.status)}
        </Badge>
      </div>
      <p className="text-neutral-600">
        {c.memberEmail ?? "compte supprimé"} · commande du {day(c.orderAt)} · clic <span className="font-mono">{c.clickId}</span> du {when(c.clickedAt)}
      </p>
      <p className="text-neutral-600">
        {networkLabel(c.network)} · programme {c.networkProgramId} · reçue le {when(c.submittedAt)}
        {c.sentAt ? ` · transmise le ${when(c.sentAt)}` : ""}
        {c.resolvedAt ? ` · close le ${when(c.resolvedAt)}` : ""}
        {c.networkInquiryId ? ` · réf. réseau ${c.networkInquiryId}` : ""}
      </p>
      {c.memberNote ? <p className="break-words text-neutral-700">Précision du membre : {c.memberNote}</p> : null}
      {c.memberRefusals >= flagAt ? (
        <p className="font-semibold text-amber-900">Membre signalé : {c.memberRefusals} réclamations refusées en 90 jours.</p>
      ) : null}
      {c.refusalReason ? <p className="text-red-800">Raison : {c.refusalReason}</p> : null}
      {c.hasProof ? (
        <p>
          <a href={`/admin/reclamations/${c.id}/justificatif`} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
            <FileText className="size-4" aria-hidden="true" /> Télécharger le justificatif
          </a>
        </p>
      ) : null}
      {children ? <div className="flex flex-wrap items-end gap-3">{children}</div> : null}
    </li>
  );
}

function AcceptForm({ claimId }: { claimId: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="claimId" value={claimId} />
      <Button type="submit" size="sm">
        Accepter
      </Button>
    </Form>
  );
}

function RefuseForm({ claimId }: { claimId: string }) {
  const id = `refuse-${claimId}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="refuse" />
      <input type="hidden" name="claimId" value={claimId} />
      <div className="grid gap-1">
        <label htmlFor={id} className="text-xs font-medium text-neutral-700">
          Raison du refus
        </label>
        <Input id={id} name="reason" required maxLength={300} className="h-9! w-64! max-w-full" />
      </div>
      <Button type="submit" size="sm" variant="outline">
        Refuser
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
