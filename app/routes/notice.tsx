import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/notice";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { memberSelectClass } from "#app/components/forms/choice-select";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { getSessionUser } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { getEnv } from "#app/lib/env.server";
import { clientIp, hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { NOTICE_CATEGORIES, NOTICE_CATEGORY_LABELS, NOTICE_MESSAGES, noticeSchema } from "#app/modules/notices/notices.schema";
import { submitNotice } from "#app/modules/notices/notices.server";

export const NOTICE_PATH = "/signaler-un-contenu";

/** `?url=` pre-fills the page to report when it is a page of the site. */
export async function loader({ request }: Route.LoaderArgs) {
  const siteUrl = getEnv().SITE_URL;
  const asked = new URL(request.url).searchParams.get("url") ?? "";
  const targetUrl = asked && noticeSchema(siteUrl).shape.targetUrl.safeParse(asked).success ? asked : "";
  return { siteUrl, targetUrl };
}

type ActionData = { result: SubmissionResult<string[]>; reference?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readBoundedForm(request, 16 * 1024);
  const submission = parseWithZod(form, { schema: noticeSchema(getEnv().SITE_URL) });
  if (submission.status !== "success") return data({ result: submission.reply() } satisfies ActionData, { status: 400 });
  const limit = await hitRateLimit(RATE_LIMITS.notice, clientIp(context));
  if (!limit.allowed) return data({ result: submission.reply({ formErrors: [NOTICE_MESSAGES.rateLimited] }) } satisfies ActionData, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  const user = await getSessionUser(request);
  const notice = await submitNotice(submission.value, { userId: user?.id ?? null });
  return data({ result: submission.reply({ resetForm: true }), reference: notice.reference } satisfies ActionData);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Signaler un contenu illicite",
      description: "Un deal, un code promo ou une page de Crevarde te semble illicite ? Signale-le : nous l'examinons et te répondons.",
      path: NOTICE_PATH,
      noIndex: true,
    },
    matches,
  );


export default function NoticePage({ loaderData, actionData }: Route.ComponentProps) {
  const { siteUrl, targetUrl } = loaderData;
  const ad = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "notice",
    lastResult: ad?.result,
    defaultValue: { targetUrl },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noticeSchema(siteUrl) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state !== "idle" && navigation.formAction === NOTICE_PATH;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-4xl font-black">Signaler un contenu illicite</h1>
      <p className="mt-3 text-neutral-700">
        Un deal, un code promo, un article ou une autre page de Crevarde te semble contraire à la loi ? Dis-nous lequel et pourquoi. Une personne de l'équipe
        l'examine et te répond par e-mail avec sa décision motivée. Pour une simple erreur (code expiré, prix changé), utilise plutôt la page concernée.
      </p>

      {ad?.reference ? (
        <div role="status" className="mt-6 rounded-2xl border border-green-300 bg-green-50 p-4 text-green-900" data-testid="notice-received">
          <p className="font-bold">Signalement envoyé</p>
          <p>{NOTICE_MESSAGES.received(ad.reference)}</p>
        </div>
      ) : null}

      <Form method="post" className="mt-6 flex flex-col gap-5" {...getFormProps(form)}>
        {form.errors ? (
          <p role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div>
          <Label htmlFor={fields.targetUrl.id}>Adresse (URL) exacte du contenu</Label>
          <Input {...getInputProps(fields.targetUrl, { type: "url" })} placeholder={`${siteUrl}/coup-de-crevarde`} className="mt-1" />
          <FieldError id={fields.targetUrl.errorId} errors={fields.targetUrl.errors} />
        </div>
        <div>
          <Label htmlFor={fields.category.id}>Type de contenu illicite</Label>
          <select {...getSelectProps(fields.category)} className={memberSelectClass}>
            <option value="">Choisis un type</option>
            {NOTICE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {NOTICE_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
          <FieldError id={fields.category.errorId} errors={fields.category.errors} />
        </div>
        <div>
          <Label htmlFor={fields.explanation.id}>Pourquoi ce contenu est-il illicite ?</Label>
          <Textarea {...getTextareaProps(fields.explanation)} rows={6} maxLength={4000} className="mt-1" />
          <FieldError id={fields.explanation.errorId} errors={fields.explanation.errors} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <Label htmlFor={fields.notifierName.id}>Ton nom</Label>
            <Input {...getInputProps(fields.notifierName, { type: "text" })} autoComplete="name" maxLength={120} className="mt-1" />
            <FieldError id={fields.notifierName.errorId} errors={fields.notifierName.errors} />
          </div>
          <div>
            <Label htmlFor={fields.notifierEmail.id}>Ton e-mail</Label>
            <Input {...getInputProps(fields.notifierEmail, { type: "email" })} autoComplete="email" maxLength={254} className="mt-1" />
            <FieldError id={fields.notifierEmail.errorId} errors={fields.notifierEmail.errors} />
          </div>
        </div>
        <p className="-mt-3 text-sm text-neutral-600">
          Nom et e-mail sont facultatifs seulement pour un contenu portant atteinte à la protection des mineurs. Ils servent à t'envoyer l'accusé de réception et
          notre décision.
        </p>
        <div>
          <div className="flex items-start gap-2">
            <input {...getInputProps(fields.goodFaith, { type: "checkbox" })} className="mt-1 size-4" />
            <Label htmlFor={fields.goodFaith.id} className="font-normal!">
              Je déclare de bonne foi que les informations et les allégations de ce signalement sont exactes et complètes.
            </Label>
          </div>
          <FieldError id={fields.goodFaith.errorId} errors={fields.goodFaith.errors} />
        </div>
        <Button type="submit" className="self-start" disabled={sending}>
          {sending ? "Envoi…" : "Envoyer le signalement"}
        </Button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
