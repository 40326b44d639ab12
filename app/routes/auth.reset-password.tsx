import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { MailCheck } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { readBoundedForm } from "#app/lib/body.server";
import type { Route } from "./+types/auth.reset-password";
import { AuthShell, BackToSignIn } from "#app/components/auth/auth-shell";
import { PasswordInput } from "#app/components/auth/password-input";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { getEnv } from "#app/lib/env.server";
import { clientIp } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { resetPasswordSchema, resetRequestSchema } from "#app/modules/accounts/accounts.schema";
import { requestPasswordReset, resetPassword } from "#app/modules/accounts/accounts.server";
import { PASSWORD_MESSAGES } from "#app/modules/accounts/passwords";

export const RESET_REQUESTED =
  "Si un compte existe pour cette adresse, tu vas recevoir un e-mail avec un lien pour choisir un nouveau mot de passe. Pense à regarder dans tes spams.";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { siteName: getEnv().SITE_NAME, token: token && token.length <= 500 ? token : null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    { title: "Mot de passe oublié", description: "Choisis un nouveau mot de passe.", path: "/auth/reset-password", noIndex: true },
    matches,
  );

type ActionData = { step: "request"; result: SubmissionResult<string[]>; sent?: boolean } | { step: "reset"; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readBoundedForm(request, 8 * 1024);
  if (formData.get("intent") === "reset") {
    const submission = parseWithZod(formData, { schema: resetPasswordSchema });
    if (submission.status !== "success") {
      return data({ step: "reset", result: submission.reply({ hideFields: ["password", "confirm"] }) } satisfies ActionData, { status: 400 });
    }
    const result = await resetPassword(submission.value.token, submission.value.password);
    if (!result.ok) {
      return data(
        { step: "reset", result: submission.reply({ formErrors: [result.message!], hideFields: ["password", "confirm"] }) } satisfies ActionData,
        { status: 400 },
      );
    }
    throw redirect("/auth?reset=true");
  }
  const submission = parseWithZod(formData, { schema: resetRequestSchema });
  if (submission.status !== "success") {
    return data({ step: "request", result: submission.reply() } satisfies ActionData, { status: 400 });
  }
  await requestPasswordReset(submission.value.email, clientIp(context));
  return data({ step: "request", result: submission.reply({ resetForm: true }), sent: true } satisfies ActionData);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const ad = actionData as ActionData | undefined;
  const [requestForm, requestFields] = useForm({
    id: "reset-request",
    lastResult: ad?.step === "request" ? ad.result : undefined,
    constraint: getZodConstraint(resetRequestSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  const [resetForm, resetFields] = useForm({
    id: "reset-password",
    lastResult: ad?.step === "reset" ? ad.result : undefined,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });

  return (
    <AuthShell siteName={loaderData.siteName}>
      <h1 className="text-2xl font-black">Mot de passe oublié ?</h1>
      {loaderData.token ? (
        <Form method="post" {...getFormProps(resetForm)} className="mt-6 flex flex-col gap-4">
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-neutral-600">Choisis ton nouveau mot de passe. Tes autres sessions seront fermées.</p>
          <div>
            <Label htmlFor={resetFields.password.id}>Nouveau mot de passe</Label>
            <PasswordInput {...getInputProps(resetFields.password, { type: "password" })} autoComplete="new-password" className="mt-1" />
            <p className="mt-1 text-xs text-neutral-500">{PASSWORD_MESSAGES.hint}</p>
            <FieldError id={resetFields.password.errorId} errors={resetFields.password.errors} />
          </div>
          <div>
            <Label htmlFor={resetFields.confirm.id}>Confirme le mot de passe</Label>
            <PasswordInput {...getInputProps(resetFields.confirm, { type: "password" })} autoComplete="new-password" className="mt-1" />
            <FieldError id={resetFields.confirm.errorId} errors={resetFields.confirm.errors} />
          </div>
          <FieldError id={resetForm.errorId} errors={resetForm.errors} />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Enregistrement..." : "Enregistrer mon nouveau mot de passe"}
          </Button>
        </Form>
      ) : ad?.step === "request" && ad.sent ? (
        <div className="mt-6 flex flex-col items-center gap-3 text-center" role="status">
          <MailCheck className="size-10 text-brand-600" aria-hidden="true" />
          <p className="text-neutral-700">{RESET_REQUESTED}</p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(requestForm)} className="mt-6 flex flex-col gap-4">
          <input type="hidden" name="intent" value="request" />
          <p className="text-neutral-600">Indique ton adresse e-mail : on t'envoie un lien pour choisir un nouveau mot de passe.</p>
          <div>
            <Label htmlFor={requestFields.email.id}>Email</Label>
            <Input {...getInputProps(requestFields.email, { type: "email" })} autoComplete="email" className="mt-1" />
            <FieldError id={requestFields.email.errorId} errors={requestFields.email.errors} />
          </div>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Envoi..." : "Recevoir le lien"}
          </Button>
        </Form>
      )}
      <BackToSignIn />
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
