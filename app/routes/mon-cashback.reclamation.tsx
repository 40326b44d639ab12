import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { HelpLinks } from "#app/components/help-links";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/mon-cashback.reclamation";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { requireUser } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { requestNow } from "#app/lib/clock.server";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { createToastHeaders } from "#app/lib/toast.server";
import { CLAIM_MAX_DAYS, CLAIM_MESSAGES, CLAIM_MIN_DAYS, CLAIM_PROOF_MAX_BYTES, claimSchema, claimStatus } from "#app/modules/claims/claims.schema";
import { ClaimError, ClaimTrackedError, fileClaim, listClaimableClicks, type ClaimableClick } from "#app/modules/claims/claims.server";
import { formatParis, toParisDateInput } from "#app/modules/settings/paris-time";

const PATH = "/mon-cashback/reclamation";
const SIGN_IN = `/auth?redirect=${PATH}`;
/** The proof plus the form's few text fields and multipart framing. */
const MAX_BODY = CLAIM_PROOF_MAX_BYTES + 64 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { redirectTo: SIGN_IN });
  const now = requestNow(request);
  return { ...(await listClaimableClicks(user.id, now)), today: toParisDateInput(now) };
}

/** `purchaseHref`: the order is already tracked, here is its purchase line. */
type ActionData = { result: SubmissionResult<string[]>; purchaseHref?: string };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, { redirectTo: SIGN_IN });
  let formData: FormData;
  try {
    formData = await readBoundedForm(request, MAX_BODY);
  } catch (error) {
    if (error instanceof Response && error.status === 413) {
      return data({ result: { status: "error", error: { proof: [CLAIM_MESSAGES.proofTooLarge] } } } satisfies ActionData, { status: 413 });
    }
    throw error;
  }
  const submission = parseWithZod(formData, { schema: claimSchema });
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => submission.reply({ ...options, hideFields: ["proof"] });
  if (submission.status !== "success") {
    const tooLarge = submission.error?.proof?.includes(CLAIM_MESSAGES.proofTooLarge);
    return data({ result: reply() } satisfies ActionData, { status: tooLarge ? 413 : 400 });
  }
  const limit = await hitRateLimit(RATE_LIMITS.claim, user.id);
  if (!limit.allowed) return data({ result: reply({ formErrors: [CLAIM_MESSAGES.rateLimited] }) } satisfies ActionData, { status: 429 });
  const v = submission.value;
  try {
    const claim = await fileClaim(
      user,
      { clickSessionId: v.clickSessionId, orderRef: v.orderRef, orderDate: v.orderDate, amountCents: v.amount, orderEmail: v.orderEmail, memberNote: v.memberNote, noOtherCode: true },
      v.proof ? { bytes: new Uint8Array(await v.proof.arrayBuffer()) } : null,
      requestNow(request),
    );
    const description =
      claim.status === claimStatus.is.disputed
        ? "Le marchand a refusé cet achat : notre équipe examine ta demande. Suis son avancement dans « Mes réclamations »."
        : "Nous la transmettons au marchand : suis son avancement dans « Mes réclamations ».";
    return redirect("/mon-cashback#reclamations", { headers: await createToastHeaders({ title: "Réclamation envoyée", description }) });
  } catch (error) {
    if (!(error instanceof ClaimError)) throw error;
    const result = error.field ? reply({ fieldErrors: { [error.field]: [error.message] } }) : reply({ formErrors: [error.message] });
    const purchaseHref = error instanceof ClaimTrackedError ? error.purchaseHref : undefined;
    return data({ result, purchaseHref } satisfies ActionData, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Signaler un achat manquant", description: "Un achat n'apparaît pas dans ton cashback ? Signale-le.", path: PATH, noIndex: true }, matches);

/** The member's clicks grouped by merchant (one <optgroup> each). */
function byMerchant(clicks: ClaimableClick[]) {
  const groups = new Map<string, ClaimableClick[]>();
  for (const c of clicks) groups.set(c.merchant, [...(groups.get(c.merchant) ?? []), c]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b, "fr"));
}

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { clicks, tooRecent, opensAt, today } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "claim",
    lastResult: (actionData as ActionData | undefined)?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: claimSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state !== "idle" && navigation.formAction === PATH;
  const selected = clicks.find((c) => c.id === fields.clickSessionId.value);
  const purchaseHref = (actionData as ActionData | undefined)?.purchaseHref;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/mon-cashback" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Mon cashback
      </Link>
      <h1 className="mt-2 text-4xl font-black">Signaler un achat manquant</h1>
      <HelpLinks articles={["missingPurchase", "whenPaid"]} className="mt-3" />
      <p className="mt-3 text-neutral-700">
        Ton achat n'apparaît pas dans « Mes achats » ? Tu peux le signaler de {CLAIM_MIN_DAYS} à {CLAIM_MAX_DAYS} jours après ton clic sur « Activer le
        cashback ». Nous vérifions ton clic, puis transmettons ta demande au marchand.
      </p>

      {clicks.length === 0 ? (
        <section className="mt-6 rounded-2xl bg-neutral-50 p-6" aria-labelledby="no-click" data-testid="claim-no-click">
          <h2 id="no-click" className="text-lg font-bold">
            Aucun clic ne peut faire l'objet d'une réclamation
          </h2>
          <p className="mt-2 text-neutral-700">
            {tooRecent > 0 && opensAt
              ? `Ton dernier clic est trop récent : les marchands mettent jusqu'à 72 heures à nous transmettre un achat. Tu pourras le signaler à partir du ${formatParis(opensAt, "d MMMM yyyy 'à' HH'h'mm")}.`
              : `Une réclamation part d'un de tes clics sur « Activer le cashback » datant de ${CLAIM_MIN_DAYS} à ${CLAIM_MAX_DAYS} jours : nous n'en trouvons aucun sur ton compte. Sans clic, le marchand ne peut pas rattacher ta commande à Crevarde.`}
          </p>
        </section>
      ) : (
        <Form method="post" encType="multipart/form-data" className="mt-6 flex flex-col gap-5" {...getFormProps(form)}>
          <div>
            <Label htmlFor={fields.clickSessionId.id}>Ton clic sur le marchand</Label>
            <select
              {...getSelectProps(fields.clickSessionId)}
              className="mt-1 block h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <option value="">Choisis un clic</option>
              {byMerchant(clicks).map(([merchant, list]) => (
                <optgroup key={merchant} label={merchant}>
                  {list.map((c) => (
                    <option key={c.id} value={c.id}>
                      {merchant} — clic du {formatParis(c.clickedAt, "d MMMM yyyy 'à' HH'h'mm")}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {selected ? (
              <p className="mt-1 text-sm text-neutral-600">
                Ce clic couvre les commandes passées jusqu'au {formatParis(`${selected.lastOrderDay}T12:00:00Z`, "d MMMM yyyy")}.
              </p>
            ) : null}
            <FieldError id={fields.clickSessionId.errorId} errors={fields.clickSessionId.errors} />
          </div>
          <div>
            <Label htmlFor={fields.orderRef.id}>Numéro de commande</Label>
            <Input {...getInputProps(fields.orderRef, { type: "text" })} autoComplete="off" maxLength={64} className="mt-1" />
            <FieldError id={fields.orderRef.errorId} errors={fields.orderRef.errors} />
            {purchaseHref && fields.orderRef.errors?.includes(CLAIM_MESSAGES.alreadyTracked) ? (
              <p className="mt-1 text-sm">
                <Link to={purchaseHref} className="font-semibold text-brand-700 hover:underline" data-testid="claim-tracked-purchase">
                  Voir cet achat dans « Mes achats »
                </Link>
              </p>
            ) : null}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <Label htmlFor={fields.orderDate.id}>Date de la commande</Label>
              <Input {...getInputProps(fields.orderDate, { type: "date" })} max={today} className="mt-1" />
              <FieldError id={fields.orderDate.errorId} errors={fields.orderDate.errors} />
            </div>
            <div>
              <Label htmlFor={fields.amount.id}>Montant payé (en euros, TTC)</Label>
              <Input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" placeholder="49,90" className="mt-1" />
              <FieldError id={fields.amount.errorId} errors={fields.amount.errors} />
            </div>
          </div>
          <div>
            <Label htmlFor={fields.orderEmail.id}>E-mail utilisé pour la commande (facultatif)</Label>
            <Input {...getInputProps(fields.orderEmail, { type: "email" })} autoComplete="email" className="mt-1" />
            <FieldError id={fields.orderEmail.errorId} errors={fields.orderEmail.errors} />
          </div>
          <div>
            <Label htmlFor={fields.proof.id}>Justificatif (facultatif) : facture ou capture de la confirmation, PDF, PNG ou JPEG, 5 Mo au plus</Label>
            <Input {...getInputProps(fields.proof, { type: "file" })} accept="application/pdf,image/png,image/jpeg" className="mt-1" />
            <FieldError id={fields.proof.errorId} errors={fields.proof.errors} />
          </div>
          <div>
            <Label htmlFor={fields.memberNote.id}>Une précision pour nous (facultatif)</Label>
            <Textarea {...getTextareaProps(fields.memberNote)} maxLength={1000} rows={3} className="mt-1" />
            <FieldError id={fields.memberNote.errorId} errors={fields.memberNote.errors} />
          </div>
          <div>
            <label className="flex items-start gap-3">
              <input {...getInputProps(fields.noOtherCode, { type: "checkbox" })} className="mt-1 size-4 accent-brand-600" />
              <span>Je n'ai utilisé ni autre code promo ni autre site de cashback pour cette commande.</span>
            </label>
            <FieldError id={fields.noOtherCode.errorId} errors={fields.noOtherCode.errors} />
          </div>
          <FieldError id={form.errorId} errors={form.errors} />
          <div>
            <Button type="submit" disabled={sending}>
              {sending ? "Envoi..." : "Envoyer ma réclamation"}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
