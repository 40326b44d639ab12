import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createElement, useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { toast } from "#app/lib/toast";
import { readBoundedForm } from "#app/lib/body.server";
import type { Route } from "./+types/email-test";
import { AuthShell } from "#app/components/auth/auth-shell";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NewsletterWelcomeEmail, ResetPasswordEmail, VerifyEmail } from "#app/emails/templates";
import { requireAdmin } from "#app/lib/auth.server";
import { getEnv } from "#app/lib/env.server";
import { sendMail } from "#app/lib/mail.server";
import { clientIp, enforceRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { emailTestSchema } from "#app/modules/accounts/email-test.schema";
import { recentOutbox } from "#app/lib/mail.server";
import { logger } from "#app/lib/logger.server";
import { outboxMail, requestPasswordReset, requestSignInLink, resendVerification } from "#app/modules/accounts/accounts.server";
import { demoSeedMode } from "#app/seed/mode";
import { asUuid } from "#app/modules/tracking/tracking.server";

/**
 * Sample e-mails. The spec leaves this page open to anyone, which would make
 * it an open mail relay: only admins may use it (issue 3).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const env = getEnv();
  // live links only on a local demo site (the embedded database on http://localhost, the demo seed on): nobody else's account there
  const live = demoSeedMode(env) === "local";
  const outbox = (await recentOutbox(20)).map(({ links, ...m }) => {
    const masked = !live && m.to.toLowerCase() !== admin.email.toLowerCase() && links.some(carriesSecret);
    return { ...m, links: masked ? links.map(maskSecrets) : links, masked, resendable: masked && RESENDABLE_KINDS.has(m.kind) };
  });
  return { siteName: env.SITE_NAME, outbox };
}

/** Query parameters that carry a live secret (a reset or verification token) in our e-mails' links. */
const SECRET_PARAM = /([?&](?:token|code)=)[^&#\s]+/gi;
const carriesSecret = (href: string) => new RegExp(SECRET_PARAM.source, "i").test(href);
const maskSecrets = (href: string) => href.replace(SECRET_PARAM, "$1[masqué]");
/** The e-mails « Renvoyer » can send again to their owner, with a fresh link. */
const RESENDABLE_KINDS = new Set(["verification", "reset-password", "sign-in-link"]);

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Test des e-mails", description: "Envoi d'e-mails de test.", path: "/email-test", noIndex: true }, matches);

type ActionData = { result: SubmissionResult<string[]> | null; toast: { title: string; description: string; error?: boolean } | null };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  await enforceRateLimit(RATE_LIMITS.emailTest, clientIp(context));
  const formData = await readBoundedForm(request, 4 * 1024);
  if (formData.get("intent") === "resend") return resend(admin, String(formData.get("outboxId") ?? ""), clientIp(context));
  const submission = parseWithZod(formData, { schema: emailTestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null } satisfies ActionData, { status: 400 });
  const env = getEnv();
  const base = { siteName: env.SITE_NAME, siteUrl: env.SITE_URL };
  const { email, type } = submission.value;
  const react =
    type === "signup"
      ? createElement(VerifyEmail, { ...base, url: `${env.SITE_URL}/auth?verified=true`, username: "Crevarde" })
      : type === "reset"
        ? createElement(ResetPasswordEmail, { ...base, url: `${env.SITE_URL}/auth/reset-password` })
        : createElement(NewsletterWelcomeEmail, { ...base, unsubscribeUrl: `${env.SITE_URL}/newsletter/desinscription` });
  try {
    await sendMail({ to: email, subject: `[Test] E-mail ${type}`, kind: `test-${type}`, react });
    return data({ result: submission.reply({ resetForm: true }), toast: { title: "Email envoyé ! ✅", description: `Un e-mail « ${type} » a été envoyé à ${email}.` } } satisfies ActionData);
  } catch (error) {
    return data(
      {
        result: submission.reply(),
        toast: { title: "Erreur ! ❌", description: `Impossible d'envoyer l'email: ${(error as Error)?.message || "Erreur inconnue"}`, error: true },
      } satisfies ActionData,
      { status: 502 },
    );
  }
}

/**
 * « Renvoyer »: a masked verification, reset or sign-in-link e-mail is sent again to its owner, with a
 * fresh link the admin never sees (the same limits as the member's own request).
 */
async function resend(admin: { id: string; email: string }, outboxId: string, ip: string) {
  const id = asUuid(outboxId);
  const row = id ? await outboxMail(id) : null;
  if (!row || !RESENDABLE_KINDS.has(row.kind)) {
    return data({ result: null, toast: { title: "Erreur ! ❌", description: "Cet e-mail ne peut pas être renvoyé.", error: true } } satisfies ActionData, { status: 404 });
  }
  if (row.kind === "verification") await resendVerification(row.to, ip);
  else if (row.kind === "sign-in-link") await requestSignInLink(row.to, ip);
  else await requestPasswordReset(row.to, ip);
  logger.info({ adminId: admin.id, outboxId: id, kind: row.kind }, "email-test: link re-sent to its owner");
  return data({ result: null, toast: { title: "E-mail renvoyé ✅", description: `Un nouveau lien a été envoyé à ${row.to} ; il n'est pas affiché ici.` } } satisfies ActionData);
}

export default function EmailTest({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "email-test",
    lastResult: ad?.result ?? undefined,
    defaultValue: { type: "signup" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailTestSchema }),
  });
  useEffect(() => {
    if (ad?.toast) (ad.toast.error ? toast.error : toast.success)(ad.toast.title, { description: ad.toast.description });
  }, [ad]);
  return (
    <AuthShell siteName={loaderData.siteName}>
      <h1 className="text-2xl font-black">Test des e-mails</h1>
      <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
        <div>
          <Label htmlFor={fields.email.id}>Email</Label>
          <Input {...getInputProps(fields.email, { type: "email" })} className="mt-1" />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div>
          <Label htmlFor={fields.type.id}>Type</Label>
          <select {...getSelectProps(fields.type)} className="mt-1 h-11 w-full rounded-xl border border-neutral-300 px-3">
            <option value="signup">signup</option>
            <option value="reset">reset</option>
            <option value="newsletter">newsletter</option>
          </select>
          <FieldError id={fields.type.errorId} errors={fields.type.errors} />
        </div>
        <Button type="submit" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Envoi..." : "Envoyer"}
        </Button>
      </Form>
      <section className="mt-8" aria-labelledby="outbox-title">
        <h2 id="outbox-title" className="text-lg font-bold">
          Boîte d'envoi (20 derniers e-mails)
        </h2>
        {loaderData.outbox.length === 0 ? (
          <p className="mt-2 text-sm text-neutral-600">Aucun e-mail pour le moment.</p>
        ) : (
          <ul className="mt-2 grid grid-cols-1 gap-2 text-sm">
            {loaderData.outbox.map((m) => (
              <li key={m.id} className="min-w-0 break-words rounded-xl border border-neutral-200 p-3" data-to={m.to}>
                <p className="font-semibold">{m.subject}</p>
                <p className="text-neutral-600">
                  À {m.to} · {m.kind} · {m.sentAt ? "envoyé" : "non envoyé (pas de SMTP)"}
                </p>
                {m.masked ? (
                  <>
                    {m.links.map((href) => (
                      <p key={href} className="break-all text-neutral-500" data-testid="masked-link">
                        {href}
                      </p>
                    ))}
                    <p className="text-neutral-600">Lien masqué : il donne accès au compte de son destinataire.</p>
                    {m.resendable ? (
                      <Form method="post" className="mt-1">
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="outboxId" value={m.id} />
                        <Button type="submit" size="sm" variant="outline">
                          Renvoyer
                        </Button>
                      </Form>
                    ) : null}
                  </>
                ) : (
                  m.links.map((href) => (
                    <a key={href} href={href} className="block break-all text-brand-700 underline">
                      {href}
                    </a>
                  ))
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </AuthShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
