import { data } from "react-router";
import type { Route } from "./+types/price-alerts.unsubscribe";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LinkActionForm, LinkActionMessage, LinkActionPage } from "#app/components/link-action-page";
import { readBoundedParams } from "#app/lib/body.server";
import { seo } from "#app/lib/seo";
import { PRICE_ALERT_UNSUBSCRIBE_PATH } from "#app/modules/prices/price-alerts";
import { pausePriceAlertByToken, priceAlertOfToken } from "#app/modules/prices/price-alerts.server";

/**
 * The « Désactiver cette alerte » link of the price alert e-mails (signed token, no login; issue #39 item 5).
 * GET shows the alert and a button and changes nothing (mail scanners follow links); POST pauses it, also the
 * mail client's RFC 8058 one-click `List-Unsubscribe-Post`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await priceAlertOfToken(token);
  if (found === "invalid" || found === null) return data({ token: null, label: null, paused: false }, { status: found ? 400 : 410 });
  return { token, label: found.label, paused: found.paused };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const body = await readBoundedParams(request, 4096);
  const paused = await pausePriceAlertByToken(body.get("token") ?? url.searchParams.get("token"));
  if (!paused) return data({ done: false as const, label: null }, { status: 400 });
  return { done: true as const, label: paused.label };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Désactiver une alerte de prix", description: "Ne plus recevoir les e-mails d'une alerte de prix.", path: PRICE_ALERT_UNSUBSCRIBE_PATH, noIndex: true }, matches);

export default function PriceAlertUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LinkActionPage title="Désactiver une alerte de prix">
      {actionData?.done ? (
        <LinkActionMessage role="status">
          <p>
            C'est fait : l'alerte de prix « {actionData.label} » est en pause. Tu peux la réactiver quand tu veux depuis{" "}
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
          question={loaderData.paused ? `« ${loaderData.label} » : déjà en pause.` : `Ne plus recevoir d'e-mails quand le prix de « ${loaderData.label} » baisse ?`}
          submitLabel={loaderData.paused ? null : "Désactiver"}
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
