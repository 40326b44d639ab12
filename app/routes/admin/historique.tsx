import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/historique";
import { PageHeader, useActionToast } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Pager } from "#app/components/admin/pager";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { adminSeo } from "#app/lib/admin-seo";
import { intentAction, loadOrFail, ok, type AdminActionData } from "#app/modules/admin/admin.server";
import { restoreFromBin } from "#app/modules/admin/bin.server";
import { BIN_DAYS } from "#app/modules/admin/history";
import { historyFilterOptions, listBin, listHistory, readHistoryFilters, restoreVersion } from "#app/modules/admin/history.server";
import { ADMIN_LOAD_ERRORS } from "#app/modules/admin/load-errors";
import { requestedPage } from "#app/modules/admin/pagination.server";
import { formatParis } from "#app/modules/settings/paris-time";
import { countOf } from "#app/lib/plural";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Historique", matches);

/** Every member of the team reads the history of the kinds its role may read (auditEntitiesFor), and restores those it may edit. */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requirePermission(request, "backoffice");
  const url = new URL(request.url);
  const bin = url.searchParams.get("onglet") === "corbeille";
  const filters = readHistoryFilters(url);
  const page = requestedPage(url);
  const [history, binned, options] = await loadOrFail(
    ADMIN_LOAD_ERRORS.history,
    Promise.all([bin ? null : listHistory(staff.role, filters, page), bin ? listBin(staff.role, page) : null, historyFilterOptions(staff.role)]),
  );
  return { tab: bin ? ("bin" as const) : ("journal" as const), filters, history, binned, options };
}

const restoreSchema = z.object({
  intent: z.enum(["restore-version", "restore-bin"], { message: "Action inconnue." }),
  id: z.uuid({ message: "Cet élément est introuvable." }),
});

export async function action({ request }: Route.ActionArgs) {
  const staff = await requirePermission(request, "backoffice");
  const form = await readBoundedForm(request, 1024);
  return intentAction(form, restoreSchema, "Impossible de restaurer cet élément.", async ({ intent, id }) => {
    if (intent === "restore-version") {
      await restoreVersion(staff, staff.role, id);
      return ok(intent, "Version restaurée", "Les anciennes valeurs sont enregistrées comme une nouvelle version.");
    }
    await restoreFromBin(staff, staff.role, id);
    return ok(intent, "Élément restauré", "Il est de nouveau en ligne, tel qu'il était avant sa suppression.");
  });
}

const at = (iso: string) => formatParis(iso, "d MMMM yyyy 'à' HH:mm");

function Tabs({ tab }: { tab: "journal" | "bin" }) {
  const cls = (active: boolean) =>
    `rounded-full px-4 py-2 text-sm font-semibold ${active ? "bg-white text-brand-700 shadow" : "text-neutral-600 hover:text-neutral-900"}`;
  return (
    <nav aria-label="Onglets de l'historique" className="mb-4 inline-flex rounded-full bg-neutral-100 p-1">
      <Link to="/admin/historique" className={cls(tab === "journal")} aria-current={tab === "journal" ? "page" : undefined}>
        Journal
      </Link>
      <Link to="/admin/historique?onglet=corbeille" className={cls(tab === "bin")} aria-current={tab === "bin" ? "page" : undefined}>
        Corbeille
      </Link>
    </nav>
  );
}

function Filters({ filters, options }: { filters: Route.ComponentProps["loaderData"]["filters"]; options: Route.ComponentProps["loaderData"]["options"] }) {
  const select = "mt-1 block h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base";
  return (
    <Form method="get" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" aria-label="Filtres de l'historique">
      <div>
        <Label htmlFor="history-kind">Type</Label>
        <select id="history-kind" name="type" defaultValue={filters.kind} className={select}>
          <option value="">Tous les types</option>
          {options.kinds.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="history-person">Personne</Label>
        <select id="history-person" name="personne" defaultValue={filters.person} className={select}>
          <option value="">Toute l'équipe</option>
          {options.people.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="history-from">Du</Label>
        <Input id="history-from" name="du" type="date" defaultValue={filters.from} className="mt-1" />
      </div>
      <div>
        <Label htmlFor="history-to">Au</Label>
        <Input id="history-to" name="au" type="date" defaultValue={filters.to} className="mt-1" />
      </div>
      <div className="flex gap-2">
        <Button type="submit">Filtrer</Button>
        <Button asChild variant="outline">
          <Link to="/admin/historique">Effacer</Link>
        </Button>
      </div>
    </Form>
  );
}

function RestoreButton({ intent, id, label, busy }: { intent: "restore-version" | "restore-bin"; id: string; label: string; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={intent} size="sm" variant="outline" disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

export default function AdminHistory({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData as AdminActionData | undefined);
  const busy = useNavigation().state !== "idle";
  const { tab, filters, history, binned, options } = loaderData;
  return (
    <div>
      <PageHeader title="Historique" />
      <Tabs tab={tab} />
      {history ? (
        <Card>
          <CardHeader>
            <CardTitle>Journal des modifications</CardTitle>
            <CardDescription>Chaque écriture du back-office, avec l'élément avant et après.</CardDescription>
          </CardHeader>
          <CardContent>
            <Filters filters={filters} options={options} />
            {history.rows.length === 0 ? (
              <p className="text-sm text-neutral-600">Aucune modification ne correspond à ces filtres.</p>
            ) : (
              <ul className="grid gap-3" aria-label="Modifications">
                {history.rows.map((e) => (
                  <li key={e.id} className="min-w-0 rounded-2xl border border-neutral-200 p-4" data-testid="history-entry">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="font-semibold break-words">{e.sentence}</p>
                        <p className="text-sm whitespace-nowrap text-neutral-600">{at(e.at)}</p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        {e.restorable ? <RestoreButton intent="restore-version" id={e.id} label="Restaurer cette version" busy={busy} /> : null}
                        {e.binId ? <RestoreButton intent="restore-bin" id={e.binId} label="Restaurer" busy={busy} /> : null}
                      </div>
                    </div>
                    {e.changes.length > 0 ? (
                      <details className="mt-2" open={e.action === "update"}>
                        <summary className="cursor-pointer text-sm font-medium text-neutral-700">
                          {e.action === "update" ? "Champs modifiés" : "Valeurs"} ({e.changes.length})
                        </summary>
                        <dl className="mt-2 grid gap-1 text-sm" aria-label="Différences">
                          {e.changes.map((c) => (
                            <div key={c.field} className="grid gap-1 sm:grid-cols-[12rem_1fr]" data-testid="history-change">
                              <dt className="font-medium text-neutral-700">{c.label}</dt>
                              <dd className="min-w-0 break-words">
                                <del className="text-red-700">{c.before}</del> <span aria-hidden="true">→</span>
                                <span className="sr-only">devient</span> <ins className="text-green-800 no-underline">{c.after}</ins>
                              </dd>
                            </div>
                          ))}
                        </dl>
                      </details>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            <Pager {...history.pager} />
          </CardContent>
        </Card>
      ) : null}
      {binned ? (
        <Card>
          <CardHeader>
            <CardTitle>Corbeille</CardTitle>
            <CardDescription>Les éléments supprimés restent ici {BIN_DAYS} jours, puis sont purgés définitivement.</CardDescription>
          </CardHeader>
          <CardContent>
            {binned.rows.length === 0 ? (
              <p className="text-sm text-neutral-600">La corbeille est vide.</p>
            ) : (
              <ul className="grid gap-3" aria-label="Éléments supprimés">
                {binned.rows.map((b) => (
                  <li key={b.id} className="flex min-w-0 flex-wrap items-start justify-between gap-2 rounded-2xl border border-neutral-200 p-4" data-testid="bin-entry">
                    <div className="min-w-0">
                      <p className="font-semibold break-words">{b.sentence}</p>
                      <p className="text-sm text-neutral-600">
                        Le <span className="whitespace-nowrap">{at(b.deletedAt)}</span> · purgé le <span className="whitespace-nowrap">{formatParis(b.purgeAt, "d MMMM yyyy")}</span>
                        {b.linked > 0 ? ` · ${countOf(b.linked, { one: "élément lié revient", other: "éléments liés reviennent" })} avec lui` : ""}
                      </p>
                    </div>
                    <RestoreButton intent="restore-bin" id={b.id} label="Restaurer" busy={busy} />
                  </li>
                ))}
              </ul>
            )}
            <Pager {...binned.pager} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
