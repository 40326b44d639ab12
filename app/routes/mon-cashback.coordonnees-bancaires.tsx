import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/mon-cashback.coordonnees-bancaires";
import { PasswordInput } from "#app/components/auth/password-input";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { requestNow } from "#app/lib/clock.server";
import { requireUser } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { clientIp } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { createToastHeaders } from "#app/lib/toast.server";
import { verifyOwnPassword } from "#app/modules/accounts/accounts.server";
import { BANK_DETAILS_COOLING_OFF_HOURS, bankDetailsSchema } from "#app/modules/payouts/bank-details.schema";
import { BankDetailsError, getBankDetails, saveBankDetails } from "#app/modules/payouts/bank-details.server";
import { formatParis } from "#app/modules/settings/paris-time";

const PATH = "/mon-cashback/coordonnees-bancaires";
const SIGN_IN = `/auth?redirect=${PATH}`;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, { redirectTo: SIGN_IN });
  return { bankDetails: await getBankDetails(user.id, requestNow(request)) };
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, { redirectTo: SIGN_IN });
  const formData = await readBoundedForm(request, 4096);
  const submission = parseWithZod(formData, { schema: bankDetailsSchema });
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => submission.reply({ ...options, hideFields: ["password"] });
  if (submission.status !== "success") return data({ result: reply() } satisfies ActionData, { status: 400 });
  // changing where the money goes needs the password again, even in a live session
  const checked = await verifyOwnPassword(request, submission.value.password, { email: user.email, ip: clientIp(context) });
  if (!checked.ok) return data({ result: reply({ fieldErrors: { password: [checked.message] } }) } satisfies ActionData, { status: checked.status });
  try {
    const saved = await saveBankDetails(user, { iban: submission.value.iban, holderName: submission.value.holderName });
    return redirect(PATH, {
      headers: await createToastHeaders({
        title: "Coordonnées bancaires enregistrées",
        description: `Ton IBAN pourra recevoir un virement à partir du ${formatParis(saved.usableFrom, "d MMMM 'à' HH'h'mm")}.`,
      }),
    });
  } catch (error) {
    if (!(error instanceof BankDetailsError)) throw error;
    return data({ result: reply({ fieldErrors: { iban: [error.message] } }) } satisfies ActionData, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Mes coordonnées bancaires", description: "Le compte sur lequel tu reçois ton cashback.", path: PATH, noIndex: true }, matches);

export default function BankDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { bankDetails } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "bank-details",
    lastResult: (actionData as ActionData | undefined)?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bankDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = navigation.state !== "idle" && navigation.formAction === PATH;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/mon-cashback" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Mon cashback
      </Link>
      <h1 className="mt-2 text-4xl font-black">Mes coordonnées bancaires</h1>
      <p className="mt-3 text-neutral-700">Ton cashback est versé par virement SEPA sur ce compte.</p>

      <section className="mt-6 rounded-2xl border border-neutral-200 p-5" aria-labelledby="current-account" data-testid="bank-details">
        <h2 id="current-account" className="text-lg font-bold">
          Compte enregistré
        </h2>
        {bankDetails ? (
          <dl className="mt-3 grid gap-2 text-sm">
            <div>
              <dt className="font-semibold text-neutral-600">IBAN</dt>
              <dd className="break-all font-mono text-base">{bankDetails.maskedIban}</dd>
            </div>
            <div>
              <dt className="font-semibold text-neutral-600">Titulaire</dt>
              <dd className="break-words text-base">{bankDetails.holderName}</dd>
            </div>
            <div>
              <dt className="font-semibold text-neutral-600">Virements</dt>
              <dd className="text-base">
                {bankDetails.usable
                  ? "Ce compte peut recevoir tes virements."
                  : `Par sécurité, ce compte pourra recevoir un virement à partir du ${formatParis(bankDetails.usableFrom, "d MMMM yyyy 'à' HH'h'mm")}.`}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="mt-2 text-neutral-700">Aucun compte pour l'instant : ajoute ton IBAN pour pouvoir retirer ton cashback.</p>
        )}
      </section>

      <section className="mt-8" aria-labelledby="change-account">
        <h2 id="change-account" className="text-2xl font-black">
          {bankDetails ? "Changer de compte" : "Ajouter mon IBAN"}
        </h2>
        <p className="mt-2 text-sm text-neutral-600">
          Nous t'envoyons un e-mail à chaque changement, et un nouveau compte ne peut recevoir de virement que {BANK_DETAILS_COOLING_OFF_HOURS} heures après
          son ajout.
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
          <div>
            <Label htmlFor={fields.iban.id}>IBAN</Label>
            <Input
              {...getInputProps(fields.iban, { type: "text" })}
              autoComplete="off"
              spellCheck={false}
              inputMode="text"
              placeholder="FR76 3000 6000 0112 3456 7890 189"
              className="mt-1 font-mono"
            />
            <FieldError id={fields.iban.errorId} errors={fields.iban.errors} />
          </div>
          <div>
            <Label htmlFor={fields.holderName.id}>Titulaire du compte (tel qu'il figure sur ton RIB)</Label>
            <Input {...getInputProps(fields.holderName, { type: "text" })} autoComplete="name" className="mt-1" />
            <FieldError id={fields.holderName.errorId} errors={fields.holderName.errors} />
          </div>
          <div>
            <Label htmlFor={fields.password.id}>Mot de passe actuel</Label>
            <PasswordInput {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className="mt-1" />
            <FieldError id={fields.password.errorId} errors={fields.password.errors} />
          </div>
          <FieldError id={form.errorId} errors={form.errors} />
          <div>
            <Button type="submit" disabled={saving}>
              {saving ? "Enregistrement..." : "Enregistrer ce compte"}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
