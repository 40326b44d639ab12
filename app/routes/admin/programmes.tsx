import { parseWithZod } from "@conform-to/zod/v4";
import { History, Pencil, Plus, TriangleAlert, Zap } from "lucide-react";
import { useState } from "react";
import { data, Form, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/programmes";
import { adminSeo } from "#app/lib/admin-seo";
import { BrandField, PageHeader, EditorDialog, Field, FormActions, EmptyRow, errorsFor, selectClass, useActionToast, useEditor } from "#app/components/admin/admin-ui";
import { AdminLoadErrorBoundary } from "#app/components/admin/load-error";
import { Pager } from "#app/components/admin/pager";
import { RowMenu } from "#app/components/admin/row-menu";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogTitle, AlertDialogTrigger } from "#app/components/ui/alert-dialog";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog";
import { Input } from "#app/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#app/components/ui/table";
import { Textarea } from "#app/components/ui/textarea";
import { requirePermission } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { type AdminActionData, failure, guarded, invalid, loadOrFail, ok } from "#app/modules/admin/admin.server";
import { pgErrorCode, pgErrorConstraint, PG_ERROR } from "#app/lib/db-errors.server";
import { requestedPage } from "#app/modules/admin/pagination.server";
import { brandChoices } from "#app/modules/brands/brands-admin.server";
import { addRate, clearProgramBoost, listProgramsAdmin, saveProgram, setProgramBoost, setProgramStatus } from "#app/modules/cashback/programs.server";
import {
  BOOST_MESSAGES,
  boostFormSchema,
  DEFAULT_VAT_RATE_BPS,
  PROGRAM_MESSAGES,
  PROGRAM_STATUS_LABELS,
  PROGRAM_TRANSITION_LABELS,
  programMoves,
  programFormSchema,
  programStatusSchema,
  RATE_BASE_LABELS,
  RATE_BASES,
  rateFormSchema,
} from "#app/modules/cashback/programs.schema";
import { NETWORK_ENV_VARS, networkCredentialsConfigured } from "#app/modules/networks/credentials.server";
import { NETWORK_LABELS, NETWORKS, SUB_ID_PARAM } from "#app/modules/networks/networks";
import { generatePushSecret, isPushNetwork, pushSecretStatuses, pushSecretVersion, type PushNetwork } from "#app/modules/networks/push.server";
import { formatParis, toParisLocalInput } from "#app/modules/settings/paris-time";
import { formatEuros } from "#app/modules/ledger/ledger";
import { requestNow } from "#app/lib/clock.server";
import { z } from "zod";
import { programStatus } from "#db/states/program-status";

export const meta: Route.MetaFunction = ({ matches }) => adminSeo("Programmes", matches);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "money");
  const [{ rows, pager }, brands, secrets] = await loadOrFail(
    "Impossible de charger les programmes d'affiliation.",
    Promise.all([listProgramsAdmin(requestedPage(request.url), requestNow(request)), brandChoices(), pushSecretStatuses()]),
  );
  const networks = NETWORKS.map((n) => ({ network: n, label: NETWORK_LABELS[n], configured: networkCredentialsConfigured(n), envVars: [...NETWORK_ENV_VARS[n]] }));
  // when each push secret was generated, never the secret nor its hash (ADR 017 §Push secrets)
  const pushSecrets = secrets.map((p) => ({ ...p, label: NETWORK_LABELS[p.network], version: pushSecretVersion(p) }));
  return { programs: rows, pager, brands, networks, pushSecrets };
}

/** Duplicate network ids as the programme's own French 409; domain refusals (missing row, newer rate) and the rest go to guarded(). */
async function refusals(intent: string, fallback: string, fn: () => Promise<ReturnType<typeof ok>>) {
  return guarded(intent, fallback, async () => {
    try {
      return await fn();
    } catch (error) {
      if (pgErrorCode(error) === PG_ERROR.uniqueViolation && pgErrorConstraint(error) === "affiliate_programs_network_ids_idx") {
        return failure(intent, PROGRAM_MESSAGES.duplicate, 409);
      }
      throw error;
    }
  });
}

/** The answer to « Générer le secret »: the only time the push URL is sent (never stored in a page the browser may cache). */
interface PushSecretActionData extends AdminActionData {
  pushSecret?: { network: PushNetwork; label: string; url: string };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requirePermission(request, "money");
  const form = await readBoundedForm(request, 16 * 1024);
  const intent = form.get("intent");
  if (intent === "push-secret") {
    const network = form.get("network");
    const version = form.get("version");
    if (!isPushNetwork(network)) return failure("push-secret", "Ce réseau n'envoie pas de notifications.");
    return guarded("push-secret", "Impossible de générer le secret. Réessayez.", async () => {
      const { url, rotated } = await generatePushSecret(admin, network, typeof version === "string" ? version : undefined);
      const label = NETWORK_LABELS[network];
      return data<PushSecretActionData>(
        {
          ok: true,
          intent: "push-secret",
          toast: { title: rotated ? "Secret renouvelé" : "Secret généré", description: `Copiez l'adresse de notification ${label} affichée sur la page.`, type: "success" },
          pushSecret: { network, label, url },
        },
        { headers: { "Cache-Control": "no-store" } },
      );
    });
  }
  if (intent === "status") {
    const parsed = programStatusSchema.safeParse({ id: form.get("id"), status: form.get("status") });
    if (!parsed.success) return failure("status", parsed.error.issues[0]?.message ?? PROGRAM_MESSAGES.statusError);
    return refusals("status", PROGRAM_MESSAGES.statusError, async () => {
      const row = await setProgramStatus(admin, parsed.data.id, parsed.data.status);
      return ok("status", "Statut mis à jour", `Le programme ${NETWORK_LABELS[row.network as keyof typeof NETWORK_LABELS] ?? row.network} ${row.networkProgramId} est maintenant « ${PROGRAM_STATUS_LABELS[parsed.data.status]} ».`);
    });
  }
  if (intent === "boost") {
    const submission = parseWithZod(form, { schema: boostFormSchema });
    if (submission.status !== "success") return invalid("boost", submission.reply());
    return refusals("boost", BOOST_MESSAGES.error, async () => {
      const row = await setProgramBoost(admin, submission.value, requestNow(request));
      return ok(
        "boost",
        "Boost enregistré",
        `Part membre de ${shareText(row.boostShareBps!)} du ${formatParis(row.boostStartsAt!, "d MMMM yyyy HH:mm")} au ${formatParis(row.boostEndsAt!, "d MMMM yyyy HH:mm")}.`,
      );
    });
  }
  if (intent === "boost-clear") {
    const parsed = z.object({ programId: z.uuid() }).safeParse({ programId: form.get("programId") });
    if (!parsed.success) return failure("boost-clear", PROGRAM_MESSAGES.notFound, 404);
    return refusals("boost-clear", BOOST_MESSAGES.clearError, async () => {
      await clearProgramBoost(admin, parsed.data.programId, requestNow(request));
      return ok("boost-clear", "Boost retiré", "Le programme reprend sa part membre habituelle.");
    });
  }
  if (intent === "rate") {
    const submission = parseWithZod(form, { schema: rateFormSchema });
    if (submission.status !== "success") return invalid("rate", submission.reply());
    return refusals("rate", PROGRAM_MESSAGES.rateError, async () => {
      const rate = await addRate(admin, submission.value);
      return ok("rate", "Taux ajouté", `Le taux « ${rate.label} » s'applique depuis le ${formatParis(rate.validFrom, "d MMMM yyyy HH:mm")}.`);
    });
  }
  const submission = parseWithZod(form, { schema: programFormSchema });
  if (submission.status !== "success") return invalid("save", submission.reply());
  const input = submission.value;
  return refusals("save", PROGRAM_MESSAGES.saveError, async () => {
    await saveProgram(admin, input);
    return ok("save", input.id ? "Programme mis à jour" : "Programme créé", `Le programme ${NETWORK_LABELS[input.network]} ${input.networkProgramId} a été ${input.id ? "mis à jour" : "créé"}.`);
  });
}

type Program = Route.ComponentProps["loaderData"]["programs"][number];
type Rate = Program["history"][number];

function rateText(r: Rate) {
  const network = r.displayPercent !== null ? `${Number(r.displayPercent).toLocaleString("fr-FR")}\u00a0%` : formatEuros(r.displayFixedCents ?? 0);
  return `${r.label} : ${network} → ${r.memberLabel} membre`;
}

/** Where each network carries our click id (ADR 016 §Per-network reference). */
const SUB_ID_HINT = `{CLICK_ID} va dans le sous-identifiant du réseau : ${NETWORKS.map((n) => `${NETWORK_LABELS[n]} ${SUB_ID_PARAM[n] ?? "(selon son lien profond)"}`).join(", ")}.`;

const shareText = (bps: number) => `${(bps / 100).toLocaleString("fr-FR")}\u00a0%`;

const STATUS_VARIANT = { active: "success", paused: "risky", closed: "neutral" } as const;

export default function AdminProgrammes({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as PushSecretActionData | undefined;
  useActionToast(ad);
  const editor = useEditor<Program>(ad);
  const [ratesFor, setRatesFor] = useState<string | null>(null);
  const [boostFor, setBoostFor] = useState<string | null>(null);
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state !== "idle";
  const errors = errorsFor(ad);
  const item = editor.editing ?? null;
  const ratesProgram = loaderData.programs.find((p) => p.id === ratesFor) ?? null;
  const boostProgram = loaderData.programs.find((p) => p.id === boostFor) ?? null;
  return (
    <div>
      <PageHeader
        title="Programmes d'affiliation"
        action={
          <Button onClick={editor.create}>
            <Plus aria-hidden="true" /> Ajouter un programme
          </Button>
        }
      />

      <section aria-labelledby="credentials-title" className="mb-6 rounded-2xl border border-neutral-200 p-4">
        <h2 id="credentials-title" className="font-bold">
          Identifiants des réseaux
        </h2>
        <p className="mt-1 text-sm text-neutral-600">Les identifiants d'API se règlent dans les variables d'environnement du serveur ; ils ne sont jamais enregistrés en base.</p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4" aria-label="Identifiants des réseaux">
          {loaderData.networks.map((n) => (
            <li key={n.network} className="rounded-xl bg-neutral-50 p-3 text-sm">
              <p className="font-medium">{n.label}</p>
              <p className={n.configured ? "text-green-700" : "text-neutral-600"}>{n.configured ? "Identifiants configurés" : "Identifiants non configurés"}</p>
              <p className="break-all font-mono text-xs text-neutral-500">{n.envVars.join(" + ")}</p>
            </li>
          ))}
        </ul>
      </section>

      <PushSecrets secrets={loaderData.pushSecrets} shown={ad?.pushSecret} busy={busy} />

      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Marque</TableHead>
            <TableHead>Réseau</TableHead>
            <TableHead>Programme</TableHead>
            <TableHead>Statut</TableHead>
            <TableHead>Taux actuels</TableHead>
            <TableHead>Part membre</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {loaderData.programs.length === 0 ? (
            <EmptyRow colSpan={7}>Aucun programme pour le moment. Cliquez sur « Ajouter un programme » pour commencer.</EmptyRow>
          ) : (
            loaderData.programs.map((p) => {
              const network = NETWORK_LABELS[p.network as keyof typeof NETWORK_LABELS] ?? p.network;
              const name = `${p.brandName ?? "Sans marque"} · ${network}`;
              return (
                <TableRow key={p.id}>
                  <TableCell className="font-medium">{p.brandName ?? "—"}</TableCell>
                  <TableCell>{network}</TableCell>
                  <TableCell>
                    <p className="font-mono text-xs">{p.networkProgramId}</p>
                    <p className="font-mono text-xs text-neutral-500">compte {p.networkAccountId}</p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    <Badge variant={STATUS_VARIANT[p.status as keyof typeof STATUS_VARIANT] ?? "neutral"}>{PROGRAM_STATUS_LABELS[p.status as keyof typeof PROGRAM_STATUS_LABELS] ?? p.status}</Badge>
                  </TableCell>
                  <TableCell>
                    {p.currentRates.length === 0 ? (
                      <span className="text-neutral-500">Aucun taux</span>
                    ) : (
                      <ul className="text-sm">
                        {p.currentRates.map((r) => (
                          <li key={r.id}>{rateText(r)}</li>
                        ))}
                      </ul>
                    )}
                    <p className="text-xs text-neutral-500">{p.rateBaseExcludesVatAndShipping ? `Hors TVA (${shareText(p.vatRateBps)}) et frais de port` : "Sur le prix payé (TTC)"}</p>
                  </TableCell>
                  <TableCell>
                    <span className="whitespace-nowrap">{shareText(p.memberShareBps)}</span>
                    <BoostSummary program={p} />
                  </TableCell>
                  <TableCell className="w-px">
                    <RowMenu
                      label={name}
                      items={[
                        { label: "Modifier", icon: <Pencil aria-hidden="true" />, onSelect: () => editor.edit(p) },
                        { label: "Taux", icon: <History aria-hidden="true" />, onSelect: () => setRatesFor(p.id) },
                        { label: "Boost", icon: <Zap aria-hidden="true" />, onSelect: () => setBoostFor(p.id) },
                        // only the moves the programme's state allows (a closed one is never paused)
                        ...programMoves(p.status).map((s, i) => ({
                          label: PROGRAM_TRANSITION_LABELS[s],
                          separated: i === 0,
                          disabled: busy,
                          onSelect: () => submit({ intent: "status", id: p.id, status: s }, { method: "post" }),
                        })),
                      ]}
                    />
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      <Pager {...loaderData.pager} />

      <EditorDialog editor={editor} title={item ? "Modifier le programme" : "Ajouter un programme"} className="max-h-[90vh] max-w-xl overflow-y-auto" description={<>Le lien de tracking contient {"{CLICK_ID}"} (et {"{DEST}"} pour le lien profond) dans le paramètre de sous-identifiant du réseau.</>}>
          {editor.open ? (
            <Form method="post" className="grid min-w-0 grid-cols-1 gap-4" key={item?.id ?? "new"}>
              <input type="hidden" name="intent" value="save" />
              {item ? <input type="hidden" name="id" value={item.id} /> : null}
              <BrandField brands={loaderData.brands} defaultValue={item?.brandId} error={errors.brandId} />
              <Field label="Réseau*" htmlFor="network" error={errors.network} hint={SUB_ID_HINT}>
                <select id="network" name="network" defaultValue={item?.network ?? ""} required className={selectClass}>
                  <option value="" disabled>
                    Choisir un réseau
                  </option>
                  {NETWORKS.map((n) => (
                    <option key={n} value={n}>
                      {NETWORK_LABELS[n]}
                    </option>
                  ))}
                </select>
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Compte éditeur*" htmlFor="networkAccountId" error={errors.networkAccountId}>
                  <Input id="networkAccountId" name="networkAccountId" defaultValue={item?.networkAccountId ?? ""} required />
                </Field>
                <Field label="ID du programme*" htmlFor="networkProgramId" error={errors.networkProgramId}>
                  <Input id="networkProgramId" name="networkProgramId" defaultValue={item?.networkProgramId ?? ""} required />
                </Field>
              </div>
              <Field label="Lien de tracking*" htmlFor="trackingUrlTemplate" error={errors.trackingUrlTemplate} hint="https://… avec {CLICK_ID}, et {DEST} pour la page de destination (encodée).">
                <Input id="trackingUrlTemplate" name="trackingUrlTemplate" defaultValue={item?.trackingUrlTemplate ?? ""} required placeholder="https://www.awin1.com/cread.php?awinmid=…&awinaffid=…&clickref={CLICK_ID}&ued={DEST}" />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Part membre (%)" htmlFor="memberSharePercent" error={errors.memberSharePercent} hint="Part de la commission reversée au membre (70 % par défaut).">
                  <Input id="memberSharePercent" name="memberSharePercent" inputMode="decimal" defaultValue={item ? String(item.memberShareBps / 100).replace(".", ",") : "70"} />
                </Field>
                <Field label="Devise" htmlFor="currency" error={errors.currency}>
                  <Input id="currency" name="currency" defaultValue={item?.currency ?? "EUR"} maxLength={3} />
                </Field>
                <Field label="Durée du cookie (jours)" htmlFor="cookieDays" error={errors.cookieDays}>
                  <Input id="cookieDays" name="cookieDays" type="number" min={1} max={365} defaultValue={item?.cookieDays ?? 30} />
                </Field>
                <Field label="Délai de validation annoncé (jours)" htmlFor="declaredValidationDays" error={errors.declaredValidationDays}>
                  <Input id="declaredValidationDays" name="declaredValidationDays" type="number" min={1} max={730} defaultValue={item?.declaredValidationDays ?? ""} />
                </Field>
                <Field label="Base de calcul des taux" htmlFor="rateBase" error={errors.rateBase} hint="Ce sur quoi le réseau calcule sa commission : l'estimation du cashback sur un prix en dépend.">
                  <select id="rateBase" name="rateBase" defaultValue={item && !item.rateBaseExcludesVatAndShipping ? "incl" : "excl"} className={selectClass}>
                    {RATE_BASES.map((b) => (
                      <option key={b} value={b}>
                        {RATE_BASE_LABELS[b]}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label="TVA des prix (%)" htmlFor="vatRatePercent" error={errors.vatRatePercent} hint="Retirée des prix pour estimer le cashback hors TVA (20 % par défaut).">
                  <Input id="vatRatePercent" name="vatRatePercent" inputMode="decimal" defaultValue={String((item?.vatRateBps ?? DEFAULT_VAT_RATE_BPS) / 100).replace(".", ",")} />
                </Field>
              </div>
              <Field label="Statut" htmlFor="status" error={errors.status}>
                <select id="status" name="status" defaultValue={item?.status ?? programStatus.is.active} className={selectClass}>
                  {programStatus.states.filter((s) => !item || s === item.status || programStatus.canMove(item.status, s)).map((s) => (
                    <option key={s} value={s}>
                      {PROGRAM_STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Conditions" htmlFor="conditionsMd" error={errors.conditionsMd} hint="Texte simple : paragraphes, listes « - », **gras**.">
                <Textarea id="conditionsMd" name="conditionsMd" defaultValue={item?.conditionsMd ?? ""} rows={4} />
              </Field>
              <FormActions editing={Boolean(item)} onCancel={editor.requestClose} busy={busy} />
            </Form>
          ) : null}
      </EditorDialog>

      <Dialog open={ratesProgram !== null} onOpenChange={(o) => !o && setRatesFor(null)}>
        <DialogContent className="max-h-[90vh] max-w-2xl! overflow-y-auto">
          {ratesProgram ? <RatesPanel program={ratesProgram} actionData={ad} busy={busy} /> : null}
        </DialogContent>
      </Dialog>

      <Dialog open={boostProgram !== null} onOpenChange={(o) => !o && setBoostFor(null)}>
        <DialogContent className="max-h-[90vh] max-w-xl! overflow-y-auto">
          {boostProgram ? <BoostPanel program={boostProgram} actionData={ad} busy={busy} /> : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

const BOOST_STATE_LABELS = { active: "Boost en cours", scheduled: "Boost programmé", ended: "Boost terminé" } as const;

/** The programme's boost in the list: its state, its window and what it makes of the current rates. */
function BoostSummary({ program: p }: { program: Program }) {
  if (!p.boostState || p.boostShareBps === null || !p.boostStartsAt || !p.boostEndsAt) return null;
  const boosted = p.currentRates.filter((r) => r.boostedLabel);
  return (
    <div className="mt-1 text-xs" data-testid="admin-boost">
      <Badge variant={p.boostState === "active" ? "success" : "neutral"}>{BOOST_STATE_LABELS[p.boostState]}</Badge>
      <p className="mt-1 text-neutral-600">
        {shareText(p.boostShareBps)} du {formatParis(p.boostStartsAt, "d MMM yyyy HH:mm")} au {formatParis(p.boostEndsAt, "d MMM yyyy HH:mm")}
      </p>
      {boosted.map((r) => (
        <p key={r.id} className="font-medium text-amber-800">
          {r.label} : {r.boostedLabel} au lieu de {r.memberLabel}
        </p>
      ))}
    </div>
  );
}

/**
 * Set, replace or remove a programme's boost (issue #34 item 6): the member's share during a window,
 * so every rate of the programme is boosted in proportion (boost.ts).
 */
function BoostPanel({ program, actionData, busy }: { program: Program; actionData: AdminActionData | undefined; busy: boolean }) {
  const errors = errorsFor(actionData, "boost");
  const network = NETWORK_LABELS[program.network as keyof typeof NETWORK_LABELS] ?? program.network;
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          Boost · {program.brandName ?? "Sans marque"} · {network}
        </DialogTitle>
        <DialogDescription>
          Pendant le boost, la part de la commission reversée au membre passe de {shareText(program.memberShareBps)} à la part boostée : chaque taux affiché
          l'est d'autant (« Cashback boosté : 10 % au lieu de 7 % jusqu'au … ») et un achat dont le clic a lieu pendant le boost est crédité à cette part. Le
          boost s'arrête seul à sa date de fin.
        </DialogDescription>
      </DialogHeader>
      <BoostSummary program={program} />
      <Form method="post" className="grid min-w-0 grid-cols-1 gap-3" key={`${program.boostStartsAt ?? ""}-${program.boostEndsAt ?? ""}`}>
        <input type="hidden" name="intent" value="boost" />
        <input type="hidden" name="programId" value={program.id} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Début (heure de Paris)*" htmlFor="boost-start" error={errors.startsAt}>
            <Input id="boost-start" name="startsAt" type="datetime-local" defaultValue={program.boostStartsAt ? toParisLocalInput(program.boostStartsAt) : ""} required />
          </Field>
          <Field label="Fin (heure de Paris)*" htmlFor="boost-end" error={errors.endsAt} hint="Le boost s'arrête à cet instant.">
            <Input id="boost-end" name="endsAt" type="datetime-local" defaultValue={program.boostEndsAt ? toParisLocalInput(program.boostEndsAt) : ""} required />
          </Field>
        </div>
        <Field
          label="Part membre boostée (%)*"
          htmlFor="boost-share"
          error={errors.boostSharePercent}
          hint={`Au-dessus de la part habituelle (${shareText(program.memberShareBps)}), au plus 100 % de la commission.`}
        >
          <Input
            id="boost-share"
            name="boostSharePercent"
            inputMode="decimal"
            required
            defaultValue={program.boostShareBps !== null ? String(program.boostShareBps / 100).replace(".", ",") : "100"}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            Enregistrer le boost
          </Button>
        </div>
      </Form>
      {program.boostState ? (
        <Form method="post" className="flex justify-end">
          <input type="hidden" name="intent" value="boost-clear" />
          <input type="hidden" name="programId" value={program.id} />
          <Button type="submit" variant="outline" disabled={busy}>
            Retirer le boost
          </Button>
        </Form>
      ) : null}
    </>
  );
}

function RatesPanel({ program, actionData, busy }: { program: Program; actionData: AdminActionData | undefined; busy: boolean }) {
  const errors = errorsFor(actionData, "rate");
  const network = NETWORK_LABELS[program.network as keyof typeof NETWORK_LABELS] ?? program.network;
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          Taux · {program.brandName ?? "Sans marque"} · {network}
        </DialogTitle>
        <DialogDescription>
          Un nouveau taux clôt le précédent de même libellé ; le taux valable à l'heure du clic s'applique. Part membre : {shareText(program.memberShareBps)}.
        </DialogDescription>
      </DialogHeader>
      <h3 className="font-bold">Historique</h3>
      {program.history.length === 0 ? (
        <p className="text-sm text-neutral-500">Aucun taux pour le moment.</p>
      ) : (
        <ul className="grid gap-1 text-sm" aria-label="Historique des taux">
          {program.history.map((r) => (
            <li key={r.id} className={r.current ? "font-medium" : "text-neutral-500"}>
              {rateText(r)} · du {formatParis(r.validFrom, "d MMM yyyy HH:mm")}
              {r.validTo ? ` au ${formatParis(r.validTo, "d MMM yyyy HH:mm")}` : ""}
              {r.current ? " (en cours)" : ""}
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-2 font-bold">Ajouter un taux</h3>
      <Form method="post" className="grid min-w-0 grid-cols-1 gap-3" key={program.history.length}>
        <input type="hidden" name="intent" value="rate" />
        <input type="hidden" name="programId" value={program.id} />
        <Field label="Libellé*" htmlFor="rate-label" error={errors.label}>
          <Input id="rate-label" name="label" required placeholder="Nouveaux clients" list="rate-labels" />
        </Field>
        <datalist id="rate-labels">
          {[...new Set(program.history.map((r) => r.label))].map((l) => (
            <option key={l} value={l} />
          ))}
        </datalist>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Type" htmlFor="rate-kind" error={errors.kind}>
            <select id="rate-kind" name="kind" defaultValue="percent" className={selectClass}>
              <option value="percent">Pourcentage du panier</option>
              <option value="fixed">Montant fixe (€)</option>
            </select>
          </Field>
          <Field label="Taux du réseau*" htmlFor="rate-value" error={errors.value}>
            <Input id="rate-value" name="value" inputMode="decimal" required placeholder="10" />
          </Field>
          <Field label="Code du groupe de commission" htmlFor="rate-code" error={errors.commissionGroupCode}>
            <Input id="rate-code" name="commissionGroupCode" />
          </Field>
          <Field label="Début (heure de Paris)" htmlFor="rate-from" error={errors.validFrom} hint="Vide : maintenant.">
            <Input id="rate-from" name="validFrom" type="datetime-local" defaultValue="" />
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            Ajouter le taux
          </Button>
        </div>
      </Form>
    </>
  );
}

type PushSecretRow = Route.ComponentProps["loaderData"]["pushSecrets"][number];

/** Each pushing network's secret: when it was made, and the one-time display of a new one's URL (ADR 017 §Push secrets). */
function PushSecrets({ secrets, shown, busy }: { secrets: PushSecretRow[]; shown: PushSecretActionData["pushSecret"]; busy: boolean }) {
  return (
    <section aria-labelledby="push-title" className="mb-6 rounded-2xl border border-neutral-200 p-4">
      <h2 id="push-title" className="font-bold">
        Notifications des réseaux (push)
      </h2>
      <p className="mt-1 text-sm text-neutral-600">
        Awin et Kwanko peuvent prévenir le site de chaque conversion. L'adresse à coller dans la console du réseau contient un secret : seule son empreinte est enregistrée, il n'est affiché qu'une fois.
      </p>
      {shown ? <ShownPushUrl key={shown.url} shown={shown} /> : null}
      <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-label="Secrets des notifications">
        {secrets.map((s) => (
          <li key={s.network} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-neutral-50 p-3 text-sm">
            <div>
              <p className="font-medium">{s.label}</p>
              <p className={s.createdAt ? "text-green-700" : "text-neutral-600"}>
                {s.createdAt ? `Secret créé le ${formatParis(s.createdAt, "d MMMM yyyy HH:mm")}` : "Aucun secret"}
                {s.rotatedAt ? `, renouvelé le ${formatParis(s.rotatedAt, "d MMMM yyyy HH:mm")}` : ""}
              </p>
            </div>
            {s.createdAt ? <RotatePushSecret secret={s} busy={busy} /> : <PushSecretForm secret={s} busy={busy} label="Générer le secret" />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PushSecretForm({ secret, busy, label, variant = "outline", onSubmit }: { secret: PushSecretRow; busy: boolean; label: string; variant?: "outline" | "destructive"; onSubmit?: () => void }) {
  return (
    <Form method="post" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="push-secret" />
      <input type="hidden" name="network" value={secret.network} />
      <input type="hidden" name="version" value={secret.version} />
      <Button type="submit" size="sm" variant={variant} disabled={busy}>
        {label}
        <span className="sr-only"> {secret.label}</span>
      </Button>
    </Form>
  );
}

/** Rotation breaks the URL the network has at once: asked first. */
function RotatePushSecret({ secret, busy }: { secret: PushSecretRow; busy: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          Renouveler le secret<span className="sr-only"> {secret.label}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Renouveler le secret {secret.label} ?</AlertDialogTitle>
        <AlertDialogDescription>
          L'adresse actuelle cessera de fonctionner immédiatement : les notifications reçues avant que vous ne colliez la nouvelle dans la console {secret.label} seront refusées (les imports réguliers
          les rattraperont).
        </AlertDialogDescription>
        <div className="flex justify-end gap-2">
          <AlertDialogCancel>Annuler</AlertDialogCancel>
          <PushSecretForm secret={secret} busy={busy} label="Renouveler le secret" variant="destructive" onSubmit={() => setOpen(false)} />
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function ShownPushUrl({ shown }: { shown: NonNullable<PushSecretActionData["pushSecret"]> }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(shown.url);
      setCopied(true);
    } catch {
      // no clipboard (insecure context): the field stays selectable
      setCopied(false);
    }
  }
  return (
    <div className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm" role="region" aria-label={`Adresse de notification ${shown.label}`}>
      <p className="flex items-center gap-2 font-medium text-amber-900">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        Copiez cette adresse maintenant : elle ne sera plus affichée.
      </p>
      <p className="mt-1 text-neutral-700">À coller dans la console {shown.label}, comme adresse des notifications de conversion.</p>
      <div className="mt-2 flex min-w-0 flex-col gap-2 sm:flex-row">
        <Input readOnly value={shown.url} aria-label={`Adresse de notification ${shown.label}`} className="min-w-0 flex-1 font-mono text-xs!" onFocus={(e) => e.currentTarget.select()} />
        <Button type="button" size="sm" variant={copied ? "secondary" : "default"} onClick={copy}>
          {copied ? "Adresse copiée" : "Copier l'adresse"}
        </Button>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadErrorBoundary />;
}
