import { data } from "react-router";
import type { Route } from "./+types/alerts.unsubscribe";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LinkActionForm, LinkActionMessage, LinkActionPage } from "#app/components/link-action-page";
import { readBoundedParams } from "#app/lib/body.server";
import { pluralForm } from "#app/lib/plural";
import { seo } from "#app/lib/seo";
import { ALERT_UNSUBSCRIBE_PATH } from "#app/modules/alerts/alerts.constants";
import { alertsOfPauseToken, pauseAlertsByToken } from "#app/modules/alerts/alerts.server";

const quoted = (queries: string[]) => queries.map((q) => `« ${q} »`).join(", ");

/**
 * The « Désactiver cette alerte » link of the alert e-mails (signed token, no
 * login). GET shows the alerts and a button and changes nothing (mail
 * scanners follow links); POST pauses them, also the mail client's RFC 8058
 * one-click `List-Unsubscribe-Post`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await alertsOfPauseToken(token);
  if (!found?.length) return data({ token: null, queries: [], allPaused: false }, { status: found ? 410 : 400 });
  return { token, queries: found.map((a) => a.query), allPaused: found.every((a) => a.paused) };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const body = await readBoundedParams(request, 4096);
  const paused = await pauseAlertsByToken(body.get("token") ?? url.searchParams.get("token"));
  if (!paused) return data({ done: false as const, queries: [] }, { status: 400 });
  return { done: true as const, queries: paused.map((a) => a.query) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Désactiver une alerte", description: "Ne plus recevoir les e-mails d'une alerte.", path: ALERT_UNSUBSCRIBE_PATH, noIndex: true }, matches);

export default function AlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LinkActionPage title="Désactiver une alerte">
      {actionData?.done ? (
        <LinkActionMessage role="status">
          <p>
            C'est fait :{" "}
            {pluralForm(actionData.queries.length, {
              one: `l'alerte ${quoted(actionData.queries)} est en pause. Tu peux la réactiver`,
              other: `les alertes ${quoted(actionData.queries)} sont en pause. Tu peux les réactiver`,
            })}{" "}
            quand tu veux depuis{" "}
            <a href="/mes-alertes" className="font-semibold text-brand-700 hover:underline">
              Mes alertes
            </a>
            .
          </p>
        </LinkActionMessage>
      ) : actionData && !actionData.done ? (
        <LinkActionMessage role="alert">Ce lien n'est pas valide.</LinkActionMessage>
      ) : loaderData.token ? (
        <LinkActionForm
          token={loaderData.token}
          question={
            loaderData.allPaused
              ? `${quoted(loaderData.queries)} : déjà en pause.`
              : `Ne plus recevoir d'e-mails pour ${pluralForm(loaderData.queries.length, { one: "l'alerte", other: "les alertes" })} ${quoted(loaderData.queries)} ?`
          }
          submitLabel={loaderData.allPaused ? null : "Désactiver"}
        />
      ) : (
        <LinkActionMessage>Ce lien n'est pas valide, ou l'alerte a été supprimée.</LinkActionMessage>
      )}
    </LinkActionPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
