import { getFormProps, getSelectProps, getTextareaProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { memberSelectClass } from "#app/components/forms/choice-select";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { getSessionUser } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { clientIp, hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { CONTACT_MESSAGES, CONTACT_PATH, CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS, contactSchema, MESSAGE_MAX, type ContactSubject } from "#app/modules/contact/contact.schema";
import { submitContact } from "#app/modules/contact/contact.server";
import { HELP_PATH } from "#app/modules/help/help.constants";

/** A member's e-mail is filled in; `?sujet=` (one of the subjects) pre-selects the subject. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const asked = new URL(request.url).searchParams.get("sujet") ?? "";
  const subject = (CONTACT_SUBJECTS as readonly string[]).includes(asked) ? (asked as ContactSubject) : "";
  return { email: user?.email ?? "", subject };
}

type ActionData = { result: SubmissionResult<string[]>; reference?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readBoundedForm(request, 32 * 1024);
  const submission = parseWithZod(form, { schema: contactSchema });
  if (submission.status !== "success") return data({ result: submission.reply() } satisfies ActionData, { status: 400 });
  const limit = await hitRateLimit(RATE_LIMITS.contact, clientIp(context));
  if (!limit.allowed) {
    return data({ result: submission.reply({ formErrors: [CONTACT_MESSAGES.rateLimited] }) } satisfies ActionData, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  }
  const user = await getSessionUser(request);
  const message = await submitContact(submission.value, { userId: user?.id ?? null });
  return data({ result: submission.reply({ resetForm: true }), reference: message.reference } satisfies ActionData);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Nous contacter",
      description: "Une question sur ton cashback, un code promo ou ton compte ? Écris à l'équipe Crevarde : on te répond par e-mail.",
      path: CONTACT_PATH,
    },
    matches,
  );

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "contact",
    lastResult: ad?.result,
    defaultValue: { email: loaderData.email, subject: loaderData.subject },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state !== "idle" && navigation.formAction === CONTACT_PATH;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-4xl font-black">Nous contacter</h1>
      <p className="mt-3 text-neutral-700">
        Avant d'écrire, jette un œil au{" "}
        <Link to={HELP_PATH} className="font-semibold text-brand-700 hover:underline">
          centre d'aide
        </Link>{" "}
        : la réponse y est peut-être déjà. Sinon, écris-nous ici, une personne de l'équipe te répond par e-mail.
      </p>

      {ad?.reference ? (
        <div role="status" className="mt-6 rounded-2xl border border-green-300 bg-green-50 p-4 text-green-900" data-testid="contact-sent">
          <p className="font-bold">Message envoyé</p>
          <p>{CONTACT_MESSAGES.sent(ad.reference)}</p>
        </div>
      ) : null}

      <Form method="post" className="mt-6 flex flex-col gap-5" {...getFormProps(form)}>
        {form.errors ? (
          <p role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div>
          <Label htmlFor={fields.subject.id}>Sujet</Label>
          <select {...getSelectProps(fields.subject)} className={memberSelectClass}>
            <option value="">Choisis un sujet</option>
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {CONTACT_SUBJECT_LABELS[s]}
              </option>
            ))}
          </select>
          <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
        </div>
        <div>
          <Label htmlFor={fields.email.id}>Ton e-mail</Label>
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" maxLength={254} className="mt-1" />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </div>
        <div>
          <Label htmlFor={fields.message.id}>Ton message</Label>
          <Textarea {...getTextareaProps(fields.message)} rows={7} maxLength={MESSAGE_MAX} className="mt-1" placeholder="Donne-nous le plus de détails possible : marque, date de l'achat, numéro de commande…" />
          <FieldError id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <p className="-mt-2 text-sm text-neutral-600">
          Ton e-mail sert uniquement à te répondre et à t'envoyer une copie de ton message. Ne nous envoie jamais ton mot de passe ni tes coordonnées bancaires.
        </p>
        <Button type="submit" className="self-start" disabled={sending}>
          {sending ? "Envoi…" : "Envoyer mon message"}
        </Button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
