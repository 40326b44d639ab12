import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { HelpLinks } from "#app/components/help-links";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/mon-cashback";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { requireUser } from "#app/lib/auth.server";
import { requestNow } from "#app/lib/clock.server";
import { readBoundedForm } from "#app/lib/body.server";
import { seo } from "#app/lib/seo";
import { createToastHeaders } from "#app/lib/toast.server";
import { cashbackEmailsSchema, purchaseAnchor } from "#app/modules/cashback/member-cashback.schema";
import {
  cashbackEmailPreferences,
  listMemberCashbacks,
  memberCashbackBalances,
  setCashbackEmailPreferences,
  type MemberCashbackLine,
} from "#app/modules/cashback/member-cashback.server";
import {
  CASHBACK_EMAIL_KIND_LABELS,
  CASHBACK_EMAIL_KINDS,
  memberCashbackAwaiting,
  memberCashbackLost,
  memberCashbackStatusLabel,
  memberCashbackStatusTone,
} from "#app/modules/cashback/statuses";
import { formatEuros, formatMoney } from "#app/modules/ledger/ledger";
import { formatParis } from "#app/modules/settings/paris-time";
import { getSetting } from "#app/modules/settings/settings.server";
import { memberWelcomeBonus } from "#app/modules/cashback/welcome-bonus.server";
import { WELCOME_BONUS_DETAIL, WELCOME_BONUS_LABEL } from "#app/modules/cashback/welcome-bonus";
import { getBankDetails } from "#app/modules/payouts/bank-details.server";
import { cancelPayoutSchema, withdrawSchema } from "#app/modules/payouts/payouts.schema";
import { cancelPayout, listMemberPayouts, PayoutError, requestPayout } from "#app/modules/payouts/payouts.server";
import { Withdrawals } from "#app/components/cashback/withdrawals";
import { MemberClaims } from "#app/components/cashback/claims";
import { ClaimError, listMemberClaims } from "#app/modules/claims/claims.server";
import { reopenClaim, withdrawClaim } from "#app/modules/claims/claim-lifecycle.server";
import { MEMBER_CLAIM_INTENTS, memberClaimActionSchema } from "#app/modules/claims/claims.schema";

const SIGN_IN = "/auth?redirect=/mon-cashback";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { redirectTo: SIGN_IN });
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const now = requestNow(request);
  const [balances, purchases, emails, launched, payouts, bankDetails, minimumCents, claims, bonus] = await Promise.all([
    memberCashbackBalances(user.id),
    listMemberCashbacks(user.id, Number.isSafeInteger(page) && page > 0 && page <= 10_000 ? page : 1),
    cashbackEmailPreferences(user.id),
    getSetting("cashback_launched"),
    listMemberPayouts(user.id, now),
    getBankDetails(user.id, now),
    getSetting("payout_minimum_cents"),
    listMemberClaims(user.id),
    memberWelcomeBonus(user.id),
  ]);
  // the welcome bonus, a line of its own in the history (issue #34 item 6)
  const welcomeBonus = bonus ? { amountCents: bonus.amountCents, creditedAt: bonus.createdAt.toISOString() } : null;
  const bank = bankDetails ? { maskedIban: bankDetails.maskedIban, usable: bankDetails.usable, usableFrom: bankDetails.usableFrom.toISOString() } : null;
  // Before the launch there is no live cashback to show (issue #34 item 4): no balances, withdrawals or claims,
  // unless the member already has cashback history (money of theirs is never hidden, ADR 013).
  const hasHistory =
    Object.values(balances).some((cents) => cents !== 0) || purchases.lines.length > 0 || payouts.length > 0 || claims.length > 0 || bank !== null;
  // a fresh key per page view: a double click on one form makes one payout
  return { balances, purchases, welcomeBonus, emails, launched, moneyShown: launched || hasHistory, payouts, bank, minimumCents, claims, withdrawKey: crypto.randomUUID() };
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, { redirectTo: SIGN_IN });
  const formData = await readBoundedForm(request, 2048);
  const intent = formData.get("intent");
  if ((MEMBER_CLAIM_INTENTS as readonly unknown[]).includes(intent)) {
    const submission = parseWithZod(formData, { schema: memberClaimActionSchema });
    if (submission.status !== "success") return data({ result: submission.reply() } satisfies ActionData, { status: 400 });
    try {
      const v = submission.value;
      if (v.intent === "claim-withdraw") {
        await withdrawClaim(user, v.claimId, requestNow(request));
        return redirect("/mon-cashback#reclamations", { headers: await createToastHeaders({ title: "Réclamation retirée" }) });
      }
      await reopenClaim(user, v.claimId, requestNow(request));
      return redirect("/mon-cashback#reclamations", { headers: await createToastHeaders({ title: "Réclamation relancée : nous allons la transmettre de nouveau au marchand" }) });
    } catch (error) {
      if (error instanceof ClaimError) return data({ result: submission.reply({ formErrors: [error.message] }) } satisfies ActionData, { status: error.status });
      throw error;
    }
  }
  if (intent === "withdraw" || intent === "cancel-payout") {
    const submission = parseWithZod(formData, { schema: intent === "withdraw" ? withdrawSchema : cancelPayoutSchema });
    if (submission.status !== "success") return data({ result: submission.reply() } satisfies ActionData, { status: 400 });
    try {
      const v = submission.value;
      if (v.intent === "withdraw") {
        await requestPayout(user, { amountCents: v.amount, idempotencyKey: v.idempotencyKey }, requestNow(request));
        return redirect("/mon-cashback#retraits", { headers: await createToastHeaders({ title: "Demande de retrait enregistrée" }) });
      }
      await cancelPayout(user, v.payoutId);
      return redirect("/mon-cashback#retraits", { headers: await createToastHeaders({ title: "Retrait annulé : ton cashback est de nouveau disponible" }) });
    } catch (error) {
      if (error instanceof PayoutError) {
        return data({ result: submission.reply({ formErrors: [error.message] }) } satisfies ActionData, { status: error.status });
      }
      throw error;
    }
  }
  const submission = parseWithZod(formData, { schema: cashbackEmailsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() } satisfies ActionData, { status: 400 });
  const v = submission.value;
  await setCashbackEmailPreferences(user.id, { detected: v.detected === "on", validated: v.validated === "on", refused: v.refused === "on" });
  return redirect("/mon-cashback#notifications", { headers: await createToastHeaders({ title: "Préférences d'e-mails enregistrées" }) });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Mon cashback", description: "Tes achats, ton cashback et leur statut.", path: "/mon-cashback", noIndex: true }, matches);

const BALANCES = [
  { key: "pending", label: "En attente", hint: "Achats en attente de validation par le marchand" },
  { key: "available", label: "Disponible", hint: "Validé, prêt à être retiré" },
  { key: "inPayout", label: "En cours de virement", hint: "Virement demandé" },
  { key: "paid", label: "Versé", hint: "Déjà versé sur ton compte" },
] as const;

const STEP_LABELS: Record<string, string> = { click: "Clic", detected: "Achat détecté" };
const stepLabel = (step: string) => STEP_LABELS[step] ?? memberCashbackStatusLabel(step);

function saleAmount(line: MemberCashbackLine): string | null {
  if (line.saleAmount === null) return null;
  const value = Number(line.saleAmount);
  if (!Number.isFinite(value)) return null;
  return formatMoney(value, line.currency);
}

export default function MonCashback({ loaderData, actionData }: Route.ComponentProps) {
  const { balances, purchases, welcomeBonus, emails, launched, moneyShown, payouts, bank, minimumCents, claims, withdrawKey } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "cashback-emails",
    lastResult: emailResult(actionData),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: cashbackEmailsSchema }),
    shouldValidate: "onSubmit",
  });
  const saving = navigation.state !== "idle" && navigation.formAction === "/mon-cashback";
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-4xl font-black">Mon cashback</h1>
      <HelpLinks articles={["missingPurchase", "whenPaid"]} className="mt-3" />
      {launched ? null : (
        <p className="mt-4 rounded-2xl bg-amber-50 p-4 text-amber-900">
          Le cashback n'est pas encore ouvert sur Crevarde : tes achats et ton cashback s'afficheront ici dès son lancement.
        </p>
      )}

      {moneyShown ? (
      <>
      <section className="mt-8" aria-labelledby="balances">
        <h2 id="balances" className="sr-only">
          Mes soldes
        </h2>
        <dl className="grid grid-cols-1 gap-4 min-[390px]:grid-cols-2 lg:grid-cols-4">
          {BALANCES.map((b) => (
            <div key={b.key} className="rounded-2xl border border-neutral-200 p-4" data-testid={`balance-${b.key}`}>
              <dt className="text-sm font-semibold text-neutral-600">{b.label}</dt>
              <dd className="mt-1 text-2xl font-black">{formatEuros(balances[b.key])}</dd>
              <dd className="mt-1 text-xs text-neutral-500">{b.hint}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4">
          <Link to="/mon-cashback/coordonnees-bancaires" className="font-semibold text-brand-700 hover:underline">
            Mes coordonnées bancaires
          </Link>
        </p>
      </section>

      <Withdrawals
        availableCents={balances.available}
        minimumCents={minimumCents}
        bank={bank}
        payouts={payouts}
        withdrawKey={withdrawKey}
        lastResult={withdrawResult(actionData)}
      />
      </>
      ) : null}

      <section className="mt-10" aria-labelledby="purchases">
        <h2 id="purchases" className="text-2xl font-black">
          Mes achats
        </h2>
        {welcomeBonus && purchases.page === 1 ? <WelcomeBonusLine bonus={welcomeBonus} /> : null}
        {purchases.lines.length === 0 ? (
          <div className="mt-4 rounded-2xl bg-neutral-50 p-8 text-center">
            <p className="text-lg font-semibold">Aucun achat pour l'instant.</p>
            <p className="mt-2 text-neutral-600">
              {launched
                ? "Choisis une marque, clique sur « Activer le cashback » puis fais tes achats sur son site : ils apparaîtront ici."
                : "Dès le lancement du cashback, il te suffira de cliquer sur « Activer le cashback » sur la page d'une marque avant tes achats."}
            </p>
            <Link to="/marques" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
              Voir les marques
            </Link>
          </div>
        ) : (
          <ul className="mt-4 flex flex-col gap-4">
            {purchases.lines.map((line) => (
              <PurchaseLine key={line.id} line={line} />
            ))}
          </ul>
        )}
        {purchases.pageCount > 1 ? (
          <nav aria-label="Pages de mes achats" className="mt-6 flex items-center justify-between gap-4 text-sm">
            {purchases.page > 1 ? (
              <Link to={`?page=${purchases.page - 1}`} className="font-semibold text-brand-700 hover:underline">
                Achats plus récents
              </Link>
            ) : (
              <span />
            )}
            <span>
              Page {purchases.page} sur {purchases.pageCount}
            </span>
            {purchases.page < purchases.pageCount ? (
              <Link to={`?page=${purchases.page + 1}`} className="font-semibold text-brand-700 hover:underline">
                Achats plus anciens
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>

      {moneyShown ? <MemberClaims claims={claims} lastResult={withdrawResult(actionData)} /> : null}

      <section id="notifications" className="mt-10 scroll-mt-24" aria-labelledby="notifications-title">
        <h2 id="notifications-title" className="text-2xl font-black">
          E-mails de cashback
        </h2>
        <Form method="post" className="mt-4 flex flex-col gap-3" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="notifications" />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-neutral-600">Choisis les e-mails que tu veux recevoir :</legend>
            {CASHBACK_EMAIL_KINDS.map((kind) => (
              <label key={kind} className="flex items-start gap-3">
                <input type="checkbox" name={fields[kind].name} defaultChecked={emails[kind]} className="mt-1 size-4 accent-brand-600" />
                <span>{CASHBACK_EMAIL_KIND_LABELS[kind]}</span>
              </label>
            ))}
          </fieldset>
          <FieldError id={form.errorId} errors={[...(form.errors ?? []), ...CASHBACK_EMAIL_KINDS.flatMap((k) => fields[k].errors ?? [])]} />
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Enregistrement..." : "Enregistrer mes choix"}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

/** Which form an action answer belongs to: its intent (the e-mails form when none). */
const resultIntent = (a: unknown) => ((a as ActionData | undefined)?.result?.initialValue?.intent as string | undefined) ?? "notifications";
const emailResult = (a: unknown) => (a && resultIntent(a) === "notifications" ? (a as ActionData).result : undefined);
const withdrawResult = (a: unknown) => (a && resultIntent(a) !== "notifications" ? (a as ActionData).result : undefined);

/** The welcome bonus as a line of the history (ADR 013 §Welcome bonus): validated money, not a purchase. */
function WelcomeBonusLine({ bonus }: { bonus: { amountCents: number; creditedAt: string } }) {
  return (
    <div className="mt-4 rounded-2xl border border-brand-200 bg-brand-50 p-4" data-testid="welcome-bonus-line" role="group" aria-labelledby="welcome-bonus-title">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id="welcome-bonus-title" className="text-lg font-bold">
            {WELCOME_BONUS_LABEL}
          </h3>
          <p className="text-sm text-neutral-600">
            {WELCOME_BONUS_DETAIL} · crédité le {formatParis(bonus.creditedAt, "d MMMM yyyy")}
          </p>
        </div>
        <Badge variant="success">
          <span className="sr-only">Statut : </span>Validé
        </Badge>
      </div>
      <p className="mt-2 text-xl font-black">
        {formatEuros(bonus.amountCents)} <span className="text-sm font-normal text-neutral-600">offerts</span>
      </p>
    </div>
  );
}

function PurchaseLine({ line }: { line: MemberCashbackLine }) {
  const spent = saleAmount(line);
  const tone = memberCashbackStatusTone(line.status);
  const headingId = `purchase-${line.id}`;
  return (
    <li id={purchaseAnchor(line.id)} className="scroll-mt-24 rounded-2xl border border-neutral-200 p-4 target:border-brand-600" aria-labelledby={headingId} data-testid="purchase">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words text-lg font-bold">
            {line.merchant}
          </h3>
          <p className="text-sm text-neutral-600">
            Achat du {formatParis(line.purchasedAt, "d MMMM yyyy")}
            {spent ? <> · {spent} dépensés</> : null}
          </p>
        </div>
        <Badge variant={tone === "success" ? "success" : tone === "danger" ? "hot" : "neutral"}>
          <span className="sr-only">Statut : </span>
          {memberCashbackStatusLabel(line.status)}
        </Badge>
      </div>
      <p className="mt-2 text-xl font-black">
        {formatEuros(line.amountCents)} <span className="text-sm font-normal text-neutral-600">de cashback</span>
      </p>
      {line.expectedValidationAt && memberCashbackAwaiting(line.status) ? (
        <p className="mt-1 text-sm">Validation prévue le {formatParis(line.expectedValidationAt, "d MMMM yyyy")}</p>
      ) : null}
      {line.reasonTextFr && memberCashbackLost(line.status) ? (
        <p className="mt-1 text-sm text-red-800">Raison : {line.reasonTextFr}</p>
      ) : null}
      <ol className="mt-3 flex flex-wrap gap-x-2 gap-y-1 text-xs text-neutral-600" aria-label="Étapes">
        {line.timeline.map((s, i) => (
          <li key={`${s.step}-${i}`} className="flex items-center gap-2">
            {i > 0 ? <span aria-hidden="true">→</span> : null}
            <span>
              <span className="font-semibold text-neutral-800">{stepLabel(s.step)}</span> {formatParis(s.at, "d MMM HH:mm")}
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
