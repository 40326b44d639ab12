import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/coup-de-crevarde.proposer";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ChoiceSelect, memberSelectClass } from "#app/components/forms/choice-select";
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
import { MAX_UPLOAD_BYTES, UploadError } from "#app/lib/storage.server";
import { createToastHeaders } from "#app/lib/toast.server";
import { isDomainError } from "#app/lib/errors";
import { dealPostSchema, POSTING_MESSAGES, REFERENCE_PRICE_SOURCES, TITLE_MAX } from "#app/modules/deals/posting.schema";
import { canPostDeals, postingFormData, submitDealPost, type DuplicateDeal } from "#app/modules/deals/posting.server";
import { toParisDateInput } from "#app/modules/settings/paris-time";
import { dealStatus } from "#app/modules/deals/deal-rules";

export const PROPOSE_PATH = "/coup-de-crevarde/proposer";
const MAX_BODY = MAX_UPLOAD_BYTES + 64 * 1024;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const today = toParisDateInput(requestNow(request));
  if (!(await canPostDeals(user.id))) return data({ blocked: true as const, today, categories: [] }, { status: 403 });
  return { blocked: false as const, today, ...(await postingFormData()) };
}

type ActionData = { result: SubmissionResult<string[]>; duplicates?: DuplicateDeal[] };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const now = requestNow(request);
  let form: FormData;
  try {
    form = await readBoundedForm(request, MAX_BODY);
  } catch (error) {
    if (error instanceof Response && error.status === 413) {
      return data({ result: { status: "error", error: { image: [POSTING_MESSAGES.imageInvalid] } } } satisfies ActionData, { status: 413 });
    }
    throw error;
  }
  const submission = parseWithZod(form, { schema: dealPostSchema(toParisDateInput(now)) });
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => submission.reply({ ...options, hideFields: ["image"] });
  if (submission.status !== "success") return data({ result: reply() } satisfies ActionData, { status: 400 });
  if (!(await canPostDeals(user.id))) return data({ result: reply({ formErrors: [POSTING_MESSAGES.blocked] }) } satisfies ActionData, { status: 403 });
  const limit = await hitRateLimit(RATE_LIMITS.dealPost, user.id);
  if (!limit.allowed) {
    return data({ result: reply({ formErrors: [POSTING_MESSAGES.rateLimited] }) } satisfies ActionData, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  }
  try {
    const outcome = await submitDealPost(user, submission.value, submission.value.image, now, context);
    if (outcome.kind === "duplicate") {
      return data({ result: reply({ formErrors: [POSTING_MESSAGES.duplicate] }), duplicates: outcome.duplicates } satisfies ActionData, { status: 409 });
    }
    const published = outcome.status === dealStatus.is.published;
    return redirect("/profile#mes-deals", {
      headers: await createToastHeaders({ title: published ? "Deal publié" : "Deal envoyé", description: published ? POSTING_MESSAGES.published : POSTING_MESSAGES.pending }),
    });
  } catch (error) {
    if (error instanceof UploadError) return data({ result: reply({ fieldErrors: { image: [error.message] } }) } satisfies ActionData, { status: 400 });
    if (!isDomainError(error)) throw error;
    const result = error.field ? reply({ fieldErrors: { [error.field]: [error.message] } }) : reply({ formErrors: [error.message] });
    return data({ result } satisfies ActionData, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Proposer un deal", description: "Partage un bon plan avec les membres de Crevarde.", path: PROPOSE_PATH, noIndex: true }, matches);


export default function ProposeDealPage({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as ActionData | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "deal-post",
    lastResult: ad?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dealPostSchema(loaderData.today) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state !== "idle" && navigation.formAction === PROPOSE_PATH;
  if (loaderData.blocked) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-4xl font-black">Proposer un deal</h1>
        <p role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900" data-testid="posting-blocked">
          {POSTING_MESSAGES.blocked} Pour en parler, écris-nous en répondant à l'un de nos e-mails de modération.
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/coup-de-crevarde" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Les coups de Crevarde
      </Link>
      <h1 className="mt-2 text-4xl font-black">Proposer un deal</h1>
      <p className="mt-3 text-neutral-700">
        Tu as trouvé une vraie bonne affaire ? Partage-la. Tes premiers deals sont vérifiés par l'équipe de modération avant d'être publiés ; ensuite, ils
        paraissent tout de suite. Les marchands ne peuvent pas publier leurs propres offres.
      </p>

      <Form method="post" encType="multipart/form-data" className="mt-6 flex flex-col gap-5" {...getFormProps(form)}>
        {form.errors ? (
          <div role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="form-error">
            <p>{form.errors.join(" ")}</p>
            {ad?.duplicates?.length ? (
              <ul className="mt-2 grid gap-1" data-testid="duplicates">
                {ad.duplicates.map((d) => (
                  <li key={d.id}>
                    <a href={d.url} className="font-semibold underline" rel="noreferrer noopener nofollow" target="_blank">
                      {d.title}
                    </a>{" "}
                    à {d.price}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div>
          <Label htmlFor={fields.url.id}>Lien du deal</Label>
          <Input {...getInputProps(fields.url, { type: "url" })} placeholder="https://www.marchand.fr/produit" maxLength={2048} className="mt-1" />
          <FieldError id={fields.url.errorId} errors={fields.url.errors} />
        </div>
        <div>
          <Label htmlFor={fields.title.id}>Titre</Label>
          <Input {...getInputProps(fields.title, { type: "text" })} maxLength={TITLE_MAX} placeholder="Casque Sony WH-1000XM5 à 279 €" className="mt-1" />
          <FieldError id={fields.title.errorId} errors={fields.title.errors} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <Label htmlFor={fields.price.id}>Prix (€)</Label>
            <Input {...getInputProps(fields.price, { type: "text" })} inputMode="decimal" autoComplete="off" placeholder="19,99" className="mt-1" />
            <FieldError id={fields.price.errorId} errors={fields.price.errors} />
          </div>
          <div>
            <Label htmlFor={fields.originalPrice.id}>Prix d'origine (€, facultatif)</Label>
            <Input {...getInputProps(fields.originalPrice, { type: "text" })} inputMode="decimal" autoComplete="off" placeholder="29,99" className="mt-1" />
            <FieldError id={fields.originalPrice.errorId} errors={fields.originalPrice.errors} />
          </div>
        </div>
        <div>
          <Label htmlFor={fields.referencePriceSource.id}>D'où vient le prix d'origine ?</Label>
          <select {...getSelectProps(fields.referencePriceSource)} className={memberSelectClass}>
            <option value="">Pas de prix d'origine</option>
            {Object.entries(REFERENCE_PRICE_SOURCES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <FieldError id={fields.referencePriceSource.errorId} errors={fields.referencePriceSource.errors} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <Label htmlFor={fields.code.id}>Code promo (facultatif)</Label>
            <Input {...getInputProps(fields.code, { type: "text" })} autoComplete="off" maxLength={30} className="mt-1 uppercase" />
            <FieldError id={fields.code.errorId} errors={fields.code.errors} />
          </div>
          <div>
            <Label htmlFor={fields.merchant.id}>Marchand</Label>
            <Input {...getInputProps(fields.merchant, { type: "text" })} maxLength={60} className="mt-1" aria-describedby={fields.merchant.errors ? fields.merchant.errorId : "merchant-hint"} />
            <p id="merchant-hint" className="mt-1 text-sm text-neutral-600">
              Facultatif si le lien mène au site d'une marque que nous connaissons.
            </p>
            <FieldError id={fields.merchant.errorId} errors={fields.merchant.errors} />
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <ChoiceSelect field={fields.categoryId} label="Catégorie" empty="Choisis une catégorie" choices={loaderData.categories} />
          <div>
            <Label htmlFor={fields.expiresOn.id}>Fin du deal (facultatif)</Label>
            <Input {...getInputProps(fields.expiresOn, { type: "date" })} min={loaderData.today} className="mt-1" />
            <FieldError id={fields.expiresOn.errorId} errors={fields.expiresOn.errors} />
          </div>
        </div>
        <div>
          <Label htmlFor={fields.description.id}>Description</Label>
          <Textarea {...getTextareaProps(fields.description)} rows={5} maxLength={2000} className="mt-1" placeholder="Pourquoi c'est une bonne affaire, les conditions, la livraison…" />
          <FieldError id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <div>
          <Label htmlFor={fields.image.id}>Image (facultatif) : JPG, PNG ou WEBP, 2 Mo maximum</Label>
          <Input {...getInputProps(fields.image, { type: "file" })} accept="image/jpeg,image/png,image/webp" className="mt-1" />
          <FieldError id={fields.image.errorId} errors={fields.image.errors} />
        </div>
        {ad?.duplicates?.length ? (
          <label className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-3">
            <input type="checkbox" name={fields.confirmDuplicate.name} id={fields.confirmDuplicate.id} className="mt-1 size-4 accent-brand-600" />
            <span>Mon deal est différent : le publier quand même (il sera vérifié par l'équipe de modération).</span>
          </label>
        ) : null}
        <div>
          <Button type="submit" disabled={sending}>
            {sending ? "Envoi…" : "Proposer ce deal"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
