import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { readBoundedForm } from "#app/lib/body.server";
import type { Route } from "./+types/auth.sign-in-link";
import { AuthShell, BackToSignIn } from "#app/components/auth/auth-shell";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { deviceIdFor } from "#app/lib/device-cookie.server";
import { getEnv } from "#app/lib/env.server";
import { clientIp } from "#app/lib/rate-limit.server";
import { safeRedirect } from "#app/lib/safe-redirect.server";
import { seo } from "#app/lib/seo";
import { combineHeaders, createToastHeaders } from "#app/lib/toast.server";
import { signInLinkSchema } from "#app/modules/accounts/accounts.schema";
import { signInWithLink } from "#app/modules/accounts/accounts.server";
import { AUTH_MESSAGES } from "#app/modules/accounts/messages";
import { loopCookie } from "#app/modules/accounts/redirect-loop";
import { SIGN_IN_LINK_MINUTES, SIGN_IN_LINK_PATH } from "#app/modules/accounts/sign-in-link";

/**
 * The page of an e-mailed sign-in link (ADR 043). Opening it signs nobody in: a mail
 * scanner that fetches the link would otherwise spend its single use. The button does.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  const redirectParam = params.get("redirect");
  return {
    siteName: getEnv().SITE_NAME,
    token: token && token.length <= 500 ? token : null,
    redirectTo: redirectParam ? safeRedirect(redirectParam, "/codes-promo") : null,
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Connexion par lien", description: "Connecte-toi avec le lien reçu par e-mail.", path: SIGN_IN_LINK_PATH, noIndex: true }, matches);

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readBoundedForm(request, 4 * 1024);
  const submission = parseWithZod(formData, { schema: signInLinkSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ formErrors: [AUTH_MESSAGES.signInLinkInvalid] }) } satisfies ActionData, { status: 400 });
  }
  const device = deviceIdFor(request);
  const result = await signInWithLink(request, submission.value, clientIp(context), device.id);
  if (!result.ok) {
    return data({ result: submission.reply({ formErrors: [result.message] }) } satisfies ActionData, { status: result.status });
  }
  const toastHeaders = await createToastHeaders({ title: AUTH_MESSAGES.loginSuccessTitle, description: `Bienvenue sur ${getEnv().SITE_NAME} !` });
  const headers = combineHeaders(result.headers, toastHeaders);
  headers.append("Set-Cookie", loopCookie(0));
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  throw redirect(result.redirectTo, { headers });
}

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [form] = useForm({ id: "sign-in-link", lastResult: (actionData as ActionData | undefined)?.result });
  return (
    <AuthShell siteName={loaderData.siteName}>
      <h1 className="text-2xl font-black">Connexion par lien</h1>
      {loaderData.token ? (
        <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-4" aria-label="Connexion par lien">
          <input type="hidden" name="token" value={loaderData.token} />
          {loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
          <p className="text-neutral-600">
            Ce lien reçu par e-mail te connecte sans mot de passe. Il est valable {SIGN_IN_LINK_MINUTES} minutes et ne sert qu'une fois.
          </p>
          <FieldError id={form.errorId} errors={form.errors} />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Connexion en cours..." : "Me connecter"}
          </Button>
        </Form>
      ) : (
        <p className="mt-6 text-neutral-700" role="alert">
          {AUTH_MESSAGES.signInLinkInvalid}
        </p>
      )}
      <BackToSignIn />
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
