import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { AlertTriangle, Gift, MailCheck } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { toast } from "#app/lib/toast";
import { readBoundedForm } from "#app/lib/body.server";
import type { Route } from "./+types/auth";
import { AuthShell } from "#app/components/auth/auth-shell";
import { PasswordInput } from "#app/components/auth/password-input";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#app/components/ui/tabs";
import { getSessionUser, SESSION_COOKIE } from "#app/lib/auth.server";
import { safeRedirect } from "#app/lib/safe-redirect.server";
import { getEnv } from "#app/lib/env.server";
import { deviceIdFor } from "#app/lib/device-cookie.server";
import { clientIp } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { combineHeaders, createToastHeaders } from "#app/lib/toast.server";
import { loginSchema, resendSchema, signInLinkRequestSchema, signupSchema } from "#app/modules/accounts/accounts.schema";
import { clearAuthCookies, requestSignInLink, resendVerification, signIn, signOut, signUp } from "#app/modules/accounts/accounts.server";
import { AUTH_MESSAGES } from "#app/modules/accounts/messages";
import { PASSWORD_MESSAGES } from "#app/modules/accounts/passwords";
import { loopCookie, nextLoopState, readLoopCount } from "#app/modules/accounts/redirect-loop";
import { getSetting } from "#app/modules/settings/settings.server";
import { welcomeBonusPromise } from "#app/modules/cashback/welcome-bonus";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const redirectParam = params.get("redirect");
  const redirectTo = redirectParam ? safeRedirect(redirectParam, "/codes-promo") : null;
  const fresh = params.get("fresh") === "true";
  const headers = new Headers();

  const user = await getSessionUser(request);
  // A redirect loop (a signed-in visitor bounced back here again and again) shows the session-problem banner.
  const loop = nextLoopState({ previous: readLoopCount(request.headers.get("cookie")), signedIn: Boolean(user), redirected: Boolean(redirectParam) });
  if (loop.cookie) headers.append("Set-Cookie", loop.cookie);
  const loopDetected = loop.detected;
  if (fresh && !user && (request.headers.get("cookie") ?? "").includes(SESSION_COOKIE)) {
    // stale or invalid session cookie: clear it
    for (const [k, v] of clearAuthCookies(request)) headers.append(k, v);
  }
  if (user && !fresh && !loopDetected) {
    throw redirect(redirectTo ?? "/codes-promo", { headers });
  }

  // the welcome bonus is promised only while cashback is live and the bonus is on (issue #34 items 4 and 6)
  const [launched, bonusCents] = await Promise.all([getSetting("cashback_launched"), getSetting("welcome_bonus_cents")]);
  return data(
    {
      welcomeBonus: launched && bonusCents > 0 ? welcomeBonusPromise(bonusCents) : null,
      siteName: getEnv().SITE_NAME,
      tab: params.get("tab") === "signup" ? ("signup" as const) : ("login" as const),
      verified: params.get("verified") === "true" && !params.get("error"),
      verifyError: params.get("verified") === "true" && Boolean(params.get("error")),
      reset: params.get("reset") === "true",
      fromCodes: params.get("from") === "codes-promo",
      redirectTo,
      loopDetected,
      signedInAs: user ? user.email : null,
      parrain: /^[A-Za-z0-9_-]{6,32}$/.test(params.get("parrain") ?? "") ? params.get("parrain") : null,
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Connexion ou inscription",
      description: "Connecte-toi ou crée ton compte pour débloquer les codes promo complets et le cashback.",
      path: "/auth",
      noIndex: true,
    },
    matches,
  );

type ActionData =
  | {
      intent: "login";
      result: SubmissionResult<string[]>;
      toast?: { title: string; description: string };
      unverified?: { email: string };
      /** too many failures: the e-mailed sign-in link is offered (ADR 043) */
      locked?: { email: string };
    }
  | { intent: "sign-in-link"; sent: boolean }
  | { intent: "signup"; result: SubmissionResult<string[]>; toast?: { title: string; description: string }; success?: boolean }
  | { intent: "resend"; done: true }
  | { intent: "reset-session"; toast: { title: string; description: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readBoundedForm(request, 8 * 1024);
  const intent = formData.get("intent");
  const ip = clientIp(context);
  const { SITE_NAME } = getEnv();

  if (intent === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") {
      return data({ intent: "login", result: submission.reply({ hideFields: ["password"] }) } satisfies ActionData, { status: 400 });
    }
    const device = deviceIdFor(request);
    const result = await signIn(request, submission.value, ip, device.id);
    if (result.ok) {
      const toastHeaders = await createToastHeaders({
        title: AUTH_MESSAGES.loginSuccessTitle,
        description: `Bienvenue sur ${SITE_NAME} ! Tes codes promo t'attendent.`,
      });
      const headers = combineHeaders(result.headers, toastHeaders);
      headers.append("Set-Cookie", loopCookie(0));
      if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
      throw redirect(result.redirectTo, { headers });
    }
    return data(
      {
        intent: "login",
        result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }),
        toast: { title: AUTH_MESSAGES.loginErrorTitle, description: result.message },
        unverified: result.unverified ? { email: submission.value.email } : undefined,
        locked: result.status === 429 ? { email: submission.value.email } : undefined,
      } satisfies ActionData,
      { status: result.status },
    );
  }

  if (intent === "signup") {
    const submission = parseWithZod(formData, { schema: signupSchema });
    if (submission.status !== "success") {
      return data({ intent: "signup", result: submission.reply({ hideFields: ["password"] }) } satisfies ActionData, { status: 400 });
    }
    // the invitation code of this very sign-up, if any: it binds once the address is verified (ADR 040)
    const parrain = formData.get("parrain");
    const device = deviceIdFor(request);
    const headers = device.setCookie ? { "Set-Cookie": device.setCookie } : undefined;
    const result = await signUp(request, submission.value, ip, { referralCode: typeof parrain === "string" ? parrain : null, deviceId: device.id });
    if (!result.ok) {
      return data(
        {
          intent: "signup",
          result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }),
          toast: { title: AUTH_MESSAGES.signupErrorTitle, description: result.message },
        } satisfies ActionData,
        { status: result.status, headers },
      );
    }
    return data(
      {
        intent: "signup",
        result: submission.reply({ resetForm: true }),
        toast: { title: AUTH_MESSAGES.signupSuccessTitle, description: AUTH_MESSAGES.signupSuccessText },
        success: true,
      } satisfies ActionData,
      { headers },
    );
  }

  if (intent === "resend") {
    const submission = parseWithZod(formData, { schema: resendSchema });
    if (submission.status === "success") await resendVerification(submission.value.email, ip);
    return data({ intent: "resend", done: true } satisfies ActionData);
  }

  if (intent === "sign-in-link") {
    // the same answer whatever the address (no account enumeration, ADR 043)
    const submission = parseWithZod(formData, { schema: signInLinkRequestSchema });
    if (submission.status !== "success") return data({ intent: "sign-in-link", sent: false } satisfies ActionData, { status: 400 });
    await requestSignInLink(submission.value.email, ip, submission.value.redirectTo);
    return data({ intent: "sign-in-link", sent: true } satisfies ActionData);
  }

  if (intent === "reset-session") {
    const headers = clearAuthCookies(request);
    try {
      const signOutHeaders = await signOut(request).catch(() => new Headers());
      const toastHeaders = await createToastHeaders({
        title: AUTH_MESSAGES.fullResetTitle,
        description: AUTH_MESSAGES.fullResetText,
      });
      throw redirect("/auth?fresh=true", { headers: combineHeaders(headers, signOutHeaders, toastHeaders) });
    } catch (error) {
      if (error instanceof Response) throw error;
      const toastHeaders = await createToastHeaders({
        title: AUTH_MESSAGES.fullResetErrorTitle,
        description: AUTH_MESSAGES.fullResetErrorText,
        type: "error",
      });
      throw redirect("/auth?fresh=true", { headers: combineHeaders(headers, toastHeaders) });
    }
  }

  return data({ intent: "resend", done: true } satisfies ActionData, { status: 400 });
}

function LoginForm({ redirectTo, actionData }: { redirectTo: string | null; actionData: ActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const lastResult = actionData?.intent === "login" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Connexion">
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div>
        <Label htmlFor={fields.email.id}>Email</Label>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="mt-1" />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <div>
        <div className="flex items-center justify-between">
          <Label htmlFor={fields.password.id}>Mot de passe</Label>
          <Link to="/auth/reset-password" className="text-sm text-brand-700 hover:underline">
            Mot de passe oublié?
          </Link>
        </div>
        <PasswordInput {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className="mt-1" />
        <FieldError id={fields.password.errorId} errors={fields.password.errors} />
      </div>
      <FieldError id={form.errorId} errors={form.errors} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Connexion en cours..." : "Se connecter"}
      </Button>
    </Form>
  );
}

function SignupForm({
  redirectTo,
  parrain,
  welcomeBonus,
  actionData,
}: {
  redirectTo: string | null;
  parrain: string | null;
  welcomeBonus: string | null;
  actionData: ActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "signup";
  const lastResult = actionData?.intent === "signup" ? actionData.result : undefined;
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    constraint: getZodConstraint(signupSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema }),
  });
  if (actionData?.intent === "signup" && actionData.success) {
    return (
      <div className="flex flex-col items-center gap-3 text-center" role="status">
        <MailCheck className="size-10 text-brand-600" aria-hidden="true" />
        <h2 className="text-xl font-bold">{AUTH_MESSAGES.signupSuccessTitle}</h2>
        <p className="text-neutral-600">{AUTH_MESSAGES.signupSuccessText}</p>
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Inscription">
      <input type="hidden" name="intent" value="signup" />
      {welcomeBonus ? (
        <p className="flex items-center gap-2 rounded-2xl bg-brand-50 p-3 text-sm font-semibold text-brand-800" data-testid="welcome-bonus">
          <Gift aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
          {welcomeBonus}
        </p>
      ) : null}
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {parrain ? <input type="hidden" name="parrain" value={parrain} /> : null}
      <div>
        <Label htmlFor={fields.username.id}>Pseudo</Label>
        <Input {...getInputProps(fields.username, { type: "text" })} autoComplete="nickname" className="mt-1" />
        <FieldError id={fields.username.errorId} errors={fields.username.errors} />
      </div>
      <div>
        <Label htmlFor={fields.email.id}>Email</Label>
        <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className="mt-1" />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <div>
        <Label htmlFor={fields.password.id}>Mot de passe</Label>
        <PasswordInput
          {...getInputProps(fields.password, { type: "password" })}
          autoComplete="new-password"
          className="mt-1"
          aria-describedby={`${fields.password.id}-hint ${fields.password.errorId}`}
        />
        <p id={`${fields.password.id}-hint`} className="mt-1 text-xs text-neutral-500">
          {PASSWORD_MESSAGES.hint}
        </p>
        <FieldError id={fields.password.errorId} errors={fields.password.errors} />
      </div>
      <FieldError id={form.errorId} errors={form.errors} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Inscription..." : "Créer mon compte"}
      </Button>
    </Form>
  );
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [, setSearchParams] = useSearchParams();
  const { siteName, tab, verified, verifyError, reset, fromCodes, redirectTo, loopDetected, signedInAs } = loaderData;
  const navigation = useNavigation();

  useEffect(() => {
    if (verified) toast.success(AUTH_MESSAGES.verifiedTitle, { description: AUTH_MESSAGES.verifiedText });
    if (verifyError) toast.error("Lien invalide", { description: "Ce lien de confirmation est invalide ou a expiré. Connecte-toi pour en recevoir un nouveau." });
    if (reset) toast.success(AUTH_MESSAGES.resetTitle, { description: AUTH_MESSAGES.resetText });
  }, [verified, verifyError, reset]);

  useEffect(() => {
    if (!actionData || !("toast" in actionData) || !actionData.toast) return;
    const isError = !(actionData.intent === "signup" && actionData.success);
    (isError ? toast.error : toast.success)(actionData.toast.title, { description: actionData.toast.description });
  }, [actionData]);

  const unverified = actionData?.intent === "login" ? actionData.unverified : undefined;
  const locked = actionData?.intent === "login" ? actionData.locked : undefined;

  return (
    <AuthShell siteName={siteName}>
      <h1 className="mb-5 text-center text-2xl font-black">Bienvenue chez {siteName}</h1>
      {loopDetected ? (
        <div className="mb-6 rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900" role="alert">
          <p className="flex items-center gap-2 font-bold">
            <AlertTriangle className="size-4 shrink-0" aria-hidden="true" /> Problème de session détecté
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reset-session" />
            <Button type="submit" variant="destructive" size="sm">
              Réinitialiser ma session et me reconnecter
            </Button>
          </Form>
        </div>
      ) : null}
      {fromCodes ? (
        <p className="mb-4 rounded-2xl bg-brand-50 p-3 text-sm text-brand-900">
          Connecte-toi ou crée ton compte gratuit pour voir tes codes promo complets.
        </p>
      ) : null}
      {signedInAs ? (
        <p className="mb-4 text-sm text-neutral-600">Session ouverte avec le compte {signedInAs}.</p>
      ) : null}
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.delete("fresh");
              next.set("tab", value === "signup" ? "signup" : "login");
              return next;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      >
        <TabsList>
          <TabsTrigger value="login">Connexion</TabsTrigger>
          <TabsTrigger value="signup">Inscription</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LoginForm redirectTo={redirectTo} actionData={actionData} />
          {unverified ? (
            <Form method="post" className="mt-4 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900">
              <p>{AUTH_MESSAGES.unverified}</p>
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={unverified.email} />
              <Button type="submit" size="sm" variant="outline" className="mt-3">
                Renvoyer l'e-mail de confirmation
              </Button>
            </Form>
          ) : null}
          {locked ? (
            <Form method="post" className="mt-4 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900" aria-label="Lien de connexion">
              <p>{AUTH_MESSAGES.signInLinkOffer}</p>
              <input type="hidden" name="intent" value="sign-in-link" />
              <input type="hidden" name="email" value={locked.email} />
              {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
              <Button type="submit" size="sm" variant="outline" className="mt-3" disabled={navigation.state !== "idle"}>
                {AUTH_MESSAGES.signInLinkButton}
              </Button>
            </Form>
          ) : null}
          {actionData?.intent === "sign-in-link" && actionData.sent ? (
            <p className="mt-4 text-sm text-neutral-700" role="status">
              {AUTH_MESSAGES.signInLinkSent}
            </p>
          ) : null}
          {actionData?.intent === "resend" ? (
            <p className="mt-4 text-sm text-neutral-700" role="status">
              {AUTH_MESSAGES.resendDone}
            </p>
          ) : null}
        </TabsContent>
        <TabsContent value="signup">
          <SignupForm redirectTo={redirectTo} parrain={loaderData.parrain} welcomeBonus={loaderData.welcomeBonus} actionData={actionData} />
        </TabsContent>
      </Tabs>
      <Form method="post" className="mt-6 border-t border-neutral-200 pt-4 text-center">
        <input type="hidden" name="intent" value="reset-session" />
        <Button type="submit" variant="link" size="sm" disabled={navigation.state !== "idle"}>
          Réinitialiser complètement ma session
        </Button>
      </Form>
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
