import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/parrainages";
import { PageHeader, useActionToast } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { adminSeo } from "#app/lib/admin-seo";
import { failure, guarded, loadOrFail, ok, type AdminActionData } from "#app/modules/admin/admin.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { formatEuros } from "#app/modules/ledger/ledger";
import { decideHeldReferral, listHeldReferrals } from "#app/modules/referrals/referrals.server";
import { formatParis } from "#app/modules/settings/paris-time";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Parrainages à vérifier", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "money");
  return { held: await loadOrFail(ADMIN_LOAD_ERRORS.referrals, listHeldReferrals()) };
}

const decisionSchema = z.object({ intent: z.enum(["approve", "refuse"]), refereeId: z.string().min(1).max(100) });

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "money");
  const parsed = decisionSchema.safeParse(Object.fromEntries(await readBoundedForm(request, 1024)));
  if (!parsed.success) return failure("referral", "Décision inconnue.");
  const { intent, refereeId } = parsed.data;
  return guarded(intent, "Impossible d'enregistrer cette décision.", async () => {
    await decideHeldReferral(actor, refereeId, intent);
    return intent === "approve" ? ok(intent, "Parrainage validé", "Les bonus suivent leur cours normal.") : ok(intent, "Parrainage refusé", "Les deux bonus sont annulés.");
  });
}

const who = (m: { email: string; username: string | null } | null) => (m ? `${m.username ?? "Sans pseudo"} (${m.email})` : "Compte supprimé");

export default function AdminReferrals({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData as AdminActionData | undefined);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="grid gap-6">
      <PageHeader title="Parrainages à vérifier" />
      <Card>
        <CardHeader>
          <CardTitle>En attente d'une décision</CardTitle>
          <CardDescription>
            Parrainages dont les deux comptes partagent un réseau IP, un appareil, un IBAN ou une adresse e-mail normalisée. Aucun bonus n'est versé avant la décision.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.held.length === 0 ? (
            <p className="text-sm text-neutral-600">Aucun parrainage à vérifier.</p>
          ) : (
            <ul className="grid gap-4" aria-label="Parrainages à vérifier">
              {loaderData.held.map((h) => (
                <li key={h.refereeId} className="rounded-2xl border border-neutral-200 p-4" data-testid="held-referral">
                  <p className="font-semibold">
                    {who(h.referrer)} → {who(h.referee)}
                  </p>
                  <p className="mt-1 text-sm text-neutral-700">Signaux : {h.reason}</p>
                  <p className="mt-1 text-sm text-neutral-600">
                    Bonus en jeu : {formatEuros(h.totalCents)} · depuis le {formatParis(new Date(h.heldSince), "d MMMM yyyy")}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Form method="post">
                      <input type="hidden" name="refereeId" value={h.refereeId} />
                      <Button type="submit" name="intent" value="approve" disabled={busy}>
                        Valider le parrainage
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="refereeId" value={h.refereeId} />
                      <Button type="submit" name="intent" value="refuse" variant="outline" disabled={busy}>
                        Refuser le parrainage
                      </Button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
