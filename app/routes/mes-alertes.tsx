import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Bell, BellOff } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/mes-alertes";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { ChoiceSelect, memberSelectClass } from "#app/components/forms/choice-select";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { requireUser } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { redirectWithToast } from "#app/lib/toast.server";
import { ALERT_QUERY_MAX_LENGTH, normalizeAlertQueryParam } from "#app/modules/alerts/alert-query";
import { ALERT_FREQUENCIES, ALERT_MESSAGES, ALERT_MIN_TEMPERATURES, ALERTS_PATH, alertCommandSchema, alertFormSchema, MAX_ALERTS_PER_MEMBER } from "#app/modules/alerts/alerts.schema";
import { AlertError, alertFormData, deleteAlert, listAlerts, saveAlert, setAlertPaused } from "#app/modules/alerts/alerts.server";
import { formatPriceCents } from "#app/modules/deals/posting.schema";
import { MAX_PRICE_ALERTS_PER_MEMBER } from "#app/modules/prices/price-alerts";
import { PRICE_ALERT_MESSAGES, priceAlertCommandSchema, type PriceAlertCommand } from "#app/modules/prices/price-alerts.schema";
import {
  deletePriceAlert,
  listPriceAlerts,
  listPriceNotifications,
  markPriceNotificationsRead,
  setPriceAlertPaused,
  setPriceAlertThreshold,
} from "#app/modules/prices/price-alerts.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const [alerts, choices, priceAlerts, priceNotifications] = await Promise.all([listAlerts(user.id), alertFormData(), listPriceAlerts(user.id), listPriceNotifications(user.id)]);
  // the price drops are shown: they are no longer new on the next visit
  if (priceNotifications.some((n) => n.unread)) await markPriceNotificationsRead(user.id);
  const editId = url.searchParams.get("modifier");
  const editing = editId ? (alerts.find((a) => a.id === editId) ?? null) : null;
  return { alerts, ...choices, editing, suggested: normalizeAlertQueryParam(url.searchParams.get("q")), priceAlerts, priceNotifications };
}

type ActionData = { result: SubmissionResult<string[]> } | { message: string } | { priceAlert: { id: string; message: string } };

const PRICE_INTENTS: readonly unknown[] = ["price-threshold", "price-pause", "price-resume", "price-delete"];

/** A price alert's new threshold, pause, resume or delete (issue #39 item 5); the member's own alerts only. */
async function priceAlertAction(userId: string, form: FormData) {
  const parsed = priceAlertCommandSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const id = form.get("id");
    const issue = parsed.error.issues.find((i) => i.path[0] === "threshold") ?? parsed.error.issues[0];
    const message = issue?.path[0] === "threshold" ? issue.message : PRICE_ALERT_MESSAGES.invalid;
    return data({ priceAlert: { id: typeof id === "string" ? id : "", message } } satisfies ActionData, { status: 400 });
  }
  const command: PriceAlertCommand = parsed.data;
  if (command.intent === "price-threshold") {
    const limit = await hitRateLimit(RATE_LIMITS.priceAlertSave, userId);
    if (!limit.allowed) {
      return data({ priceAlert: { id: command.id, message: PRICE_ALERT_MESSAGES.rateLimited } } satisfies ActionData, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
    }
  }
  const done =
    command.intent === "price-threshold"
      ? await setPriceAlertThreshold(userId, command.id, command.threshold)
      : command.intent === "price-delete"
        ? await deletePriceAlert(userId, command.id)
        : await setPriceAlertPaused(userId, command.id, command.intent === "price-pause");
  if (!done) return data({ priceAlert: { id: command.id, message: PRICE_ALERT_MESSAGES.alertMissing } } satisfies ActionData, { status: 404 });
  const message = {
    "price-threshold": PRICE_ALERT_MESSAGES.updated,
    "price-delete": PRICE_ALERT_MESSAGES.deleted,
    "price-pause": PRICE_ALERT_MESSAGES.paused,
    "price-resume": PRICE_ALERT_MESSAGES.resumed,
  }[command.intent];
  return redirectWithToast(`${ALERTS_PATH}#alertes-prix`, { title: message }, { status: 303 });
}

/** Create or edit (intent "save", conform), pause, resume or delete an alert; members only. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readBoundedForm(request, 8192);
  if (PRICE_INTENTS.includes(form.get("intent"))) return priceAlertAction(user.id, form);
  if (form.get("intent") !== "save") {
    const parsed = alertCommandSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ message: ALERT_MESSAGES.invalid } satisfies ActionData, { status: 400 });
    const { intent, id } = parsed.data;
    const done = intent === "delete" ? await deleteAlert(user.id, id) : await setAlertPaused(user.id, id, intent === "pause");
    if (!done) return data({ message: ALERT_MESSAGES.alertMissing } satisfies ActionData, { status: 404 });
    const message = intent === "delete" ? ALERT_MESSAGES.deleted : intent === "pause" ? ALERT_MESSAGES.paused : ALERT_MESSAGES.resumed;
    return redirectWithToast(ALERTS_PATH, { title: message }, { status: 303 });
  }
  const submission = parseWithZod(form, { schema: alertFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() } satisfies ActionData, { status: 400 });
  const limit = await hitRateLimit(RATE_LIMITS.alertSave, user.id);
  if (!limit.allowed) {
    return data({ result: submission.reply({ formErrors: [ALERT_MESSAGES.rateLimited] }) } satisfies ActionData, { status: 429, headers: { "Retry-After": String(limit.retryAfter) } });
  }
  try {
    const saved = await saveAlert(user.id, submission.value);
    return redirectWithToast(ALERTS_PATH, { title: saved.created ? ALERT_MESSAGES.created : ALERT_MESSAGES.updated }, { status: 303 });
  } catch (error) {
    if (!(error instanceof AlertError)) throw error;
    const result = error.field ? submission.reply({ fieldErrors: { [error.field]: [error.message] } }) : submission.reply({ formErrors: [error.message] });
    return data({ result } satisfies ActionData, { status: error.status });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Mes alertes", description: "Reçois un e-mail quand un deal correspond à tes mots-clés.", path: ALERTS_PATH, noIndex: true }, matches);

const euros = (cents: number) => formatPriceCents(cents).replace(",00€", " €").replace("€", " €").replace("  ", " ");

type LoaderData = Route.ComponentProps["loaderData"];
type AlertRow = LoaderData["alerts"][number];

function filtersOf(alert: AlertRow): string[] {
  return [
    alert.brandName ? `chez ${alert.brandName}` : null,
    alert.categoryName ? `dans ${alert.categoryName}` : null,
    alert.maxPriceCents ? `jusqu'à ${euros(alert.maxPriceCents)}` : null,
    alert.minTemperature > 0 ? `à partir de ${alert.minTemperature}°` : null,
    alert.frequency === "daily" ? "résumé quotidien" : "e-mail tout de suite",
  ].filter((x): x is string => x !== null);
}

function AlertForm({ loaderData, lastResult }: { loaderData: LoaderData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { editing } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: editing ? `alert-${editing.id}` : "alert-new",
    lastResult,
    defaultValue: editing
      ? {
          query: editing.query,
          brandId: editing.brandId ?? "",
          categoryId: editing.categoryId ?? "",
          maxPrice: editing.maxPriceCents ? formatPriceCents(editing.maxPriceCents).replace("€", "") : "",
          minTemperature: String(editing.minTemperature),
          frequency: editing.frequency,
        }
      : { query: loaderData.suggested, frequency: "instant", minTemperature: "0" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: alertFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" className="mt-4 flex flex-col gap-5 rounded-2xl border border-neutral-200 p-5" {...getFormProps(form)} data-testid="alert-form">
      <input type="hidden" name="intent" value="save" />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {form.errors ? (
        <p role="alert" id={form.errorId} className="rounded-md bg-red-50 p-3 text-sm text-red-800" data-testid="form-error">
          {form.errors.join(" ")}
        </p>
      ) : null}
      <div>
        <Label htmlFor={fields.query.id}>Mots-clés</Label>
        <Input {...getInputProps(fields.query, { type: "text" })} maxLength={ALERT_QUERY_MAX_LENGTH} placeholder="casque sony -reconditionné" className="mt-1" />
        <p className="mt-1 text-sm text-neutral-600">Tous les mots doivent être dans le deal ; un mot précédé d'un « - » l'exclut.</p>
        <FieldError id={fields.query.errorId} errors={fields.query.errors} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <ChoiceSelect field={fields.brandId} label="Marchand (facultatif)" empty="Tous les marchands" choices={loaderData.brands} />
        <ChoiceSelect field={fields.categoryId} label="Catégorie (facultatif)" empty="Toutes les catégories" choices={loaderData.categories} />
        <div>
          <Label htmlFor={fields.maxPrice.id}>Prix maximum (€, facultatif)</Label>
          <Input {...getInputProps(fields.maxPrice, { type: "text" })} inputMode="decimal" autoComplete="off" placeholder="150" className="mt-1" />
          <FieldError id={fields.maxPrice.errorId} errors={fields.maxPrice.errors} />
        </div>
        <div>
          <Label htmlFor={fields.minTemperature.id}>Température minimale</Label>
          <select {...getSelectProps(fields.minTemperature)} className={memberSelectClass}>
            {ALERT_MIN_TEMPERATURES.map((t) => (
              <option key={t} value={String(t)}>
                {t === 0 ? "Tous les deals, dès leur publication" : `À partir de ${t}°`}
              </option>
            ))}
          </select>
          <FieldError id={fields.minTemperature.errorId} errors={fields.minTemperature.errors} />
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Quand t'écrire ?</legend>
        {Object.entries(ALERT_FREQUENCIES).map(([value, label]) => (
          <label key={value} className="mt-2 flex items-center gap-2 text-sm">
            <input type="radio" name={fields.frequency.name} value={value} defaultChecked={(fields.frequency.initialValue ?? "instant") === value} />
            {label}
          </label>
        ))}
        <FieldError id={fields.frequency.errorId} errors={fields.frequency.errors} />
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={sending}>
          {editing ? "Enregistrer l'alerte" : "Créer l'alerte"}
        </Button>
        {editing ? (
          <Link to={ALERTS_PATH} className="text-sm font-semibold text-brand-700 hover:underline">
            Annuler
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export default function MesAlertes({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as ActionData | undefined;
  const { alerts, editing } = loaderData;
  const full = alerts.length >= MAX_ALERTS_PER_MEMBER;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-4xl font-black">Mes alertes</h1>
      <p className="mt-3 text-neutral-700">
        Enregistre des mots-clés : dès qu'un nouveau deal correspond, on t'envoie un e-mail (tout de suite ou dans un résumé le matin). Jusqu'à{" "}
        {MAX_ALERTS_PER_MEMBER} alertes.
      </p>
      {ad && "message" in ad ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {ad.message}
        </p>
      ) : null}

      <section aria-labelledby="alert-form-title" className="mt-8">
        <h2 id="alert-form-title" className="text-2xl font-black">
          {editing ? "Modifier l'alerte" : "Nouvelle alerte"}
        </h2>
        {full && !editing ? <p className="mt-2 text-sm text-neutral-700">{ALERT_MESSAGES.limitReached}</p> : null}
        <AlertForm key={editing?.id ?? "new"} loaderData={loaderData} lastResult={ad && "result" in ad ? ad.result : undefined} />
      </section>

      <section aria-labelledby="alerts-title" className="mt-10">
        <h2 id="alerts-title" className="text-2xl font-black">
          Tes alertes ({alerts.length}/{MAX_ALERTS_PER_MEMBER})
        </h2>
        {alerts.length === 0 ? (
          <p className="mt-4 rounded-2xl bg-neutral-50 p-6 text-neutral-700">Tu n'as pas encore d'alerte.</p>
        ) : (
          <ul className="mt-4 grid gap-3" data-testid="alerts">
            {alerts.map((alert) => (
              <li key={alert.id} className="rounded-2xl border border-neutral-200 p-4" data-testid="alert">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 break-words font-bold">
                      {alert.paused ? <BellOff className="size-4 shrink-0 text-neutral-500" aria-hidden /> : <Bell className="size-4 shrink-0 text-brand-700" aria-hidden />}
                      {alert.query}
                    </p>
                    <p className="mt-1 text-sm text-neutral-600">{filtersOf(alert).join(" · ")}</p>
                    <p className="mt-1 text-sm font-semibold" data-testid="alert-status">
                      {alert.paused ? "En pause" : "Active"}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild variant="outline" size="sm">
                      <Link to={`${ALERTS_PATH}?modifier=${alert.id}`} aria-label={`Modifier l'alerte ${alert.query}`}>
                        Modifier
                      </Link>
                    </Button>
                    <Form method="post">
                      <input type="hidden" name="id" value={alert.id} />
                      <Button type="submit" name="intent" value={alert.paused ? "resume" : "pause"} variant="outline" size="sm">
                        {alert.paused ? "Réactiver" : "Mettre en pause"}
                      </Button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="id" value={alert.id} />
                      <Button type="submit" name="intent" value="delete" variant="outline" size="sm" aria-label={`Supprimer l'alerte ${alert.query}`}>
                        Supprimer
                      </Button>
                    </Form>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <PriceAlerts loaderData={loaderData} error={ad && "priceAlert" in ad ? ad.priceAlert : undefined} />
    </div>
  );
}

/** The products the member follows (« Préviens-moi sous … € » on a deal page) and their latest drops (issue #39 item 5). */
function PriceAlerts({ loaderData, error }: { loaderData: LoaderData; error: { id: string; message: string } | undefined }) {
  const { priceAlerts, priceNotifications } = loaderData;
  return (
    <section aria-labelledby="alertes-prix" className="mt-10">
      <h2 id="alertes-prix" className="scroll-mt-24 text-2xl font-black">
        Alertes de prix ({priceAlerts.length}/{MAX_PRICE_ALERTS_PER_MEMBER})
      </h2>
      <p className="mt-2 text-neutral-700">
        Sur la page d'un deal, « Préviens-moi sous … € » suit le prix du produit : on t'écrit une fois par baisse sous ton seuil, puis de nouveau seulement
        après que le prix est repassé au-dessus.
      </p>
      {priceNotifications.length > 0 ? (
        <div className="mt-4 rounded-2xl bg-brand-50 p-4" data-testid="price-notifications">
          <h3 className="font-bold">Dernières baisses</h3>
          <ul className="mt-2 grid gap-1 text-sm">
            {priceNotifications.map((n) => (
              <li key={n.id} data-testid="price-notification">
                {n.unread ? <span className="mr-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">Nouveau</span> : null}
                {n.href ? (
                  <Link to={n.href} className="font-semibold text-brand-700 hover:underline">
                    {n.label}
                  </Link>
                ) : (
                  <span className="font-semibold">{n.label}</span>
                )}{" "}
                à {n.price}, le {n.date}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {priceAlerts.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-neutral-50 p-6 text-neutral-700">Tu ne suis encore le prix d'aucun produit.</p>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="price-alerts">
          {priceAlerts.map((alert) => (
            <li key={alert.id} className="rounded-2xl border border-neutral-200 p-4" data-testid="price-alert">
              <p className="flex items-center gap-2 break-words font-bold">
                {alert.paused ? <BellOff className="size-4 shrink-0 text-neutral-500" aria-hidden /> : <Bell className="size-4 shrink-0 text-brand-700" aria-hidden />}
                {alert.href ? (
                  <Link to={alert.href} className="min-w-0 hover:underline">
                    {alert.label}
                  </Link>
                ) : (
                  alert.label
                )}
              </p>
              <p className="mt-1 text-sm text-neutral-600">
                chez {alert.merchant} · prix actuel : {alert.current ?? "inconnu"} · <span data-testid="price-alert-threshold">sous {alert.threshold}</span>
                {alert.under ? " · déjà sous ton seuil" : ""}
              </p>
              <p className="mt-1 text-sm font-semibold" data-testid="price-alert-status">
                {alert.paused ? "En pause" : "Active"}
              </p>
              <div className="mt-3 flex flex-wrap items-end gap-2">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="id" value={alert.id} />
                  <div>
                    <Label htmlFor={`seuil-${alert.id}`}>Seuil (€)</Label>
                    <Input
                      id={`seuil-${alert.id}`}
                      name="threshold"
                      defaultValue={alert.thresholdInput}
                      inputMode="decimal"
                      autoComplete="off"
                      required
                      className="mt-1 w-28!"
                      aria-invalid={error?.id === alert.id || undefined}
                      aria-describedby={error?.id === alert.id ? `seuil-erreur-${alert.id}` : undefined}
                    />
                  </div>
                  <Button type="submit" name="intent" value="price-threshold" variant="outline" size="sm">
                    Modifier le seuil
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={alert.id} />
                  <Button type="submit" name="intent" value={alert.paused ? "price-resume" : "price-pause"} variant="outline" size="sm">
                    {alert.paused ? "Réactiver" : "Mettre en pause"}
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="id" value={alert.id} />
                  <Button type="submit" name="intent" value="price-delete" variant="outline" size="sm" aria-label={`Supprimer l'alerte de prix ${alert.label}`}>
                    Supprimer
                  </Button>
                </Form>
              </div>
              {error?.id === alert.id ? (
                <p role="alert" id={`seuil-erreur-${alert.id}`} className="mt-2 text-sm text-red-800">
                  {error.message}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {error && !priceAlerts.some((a) => a.id === error.id) ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {error.message}
        </p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
