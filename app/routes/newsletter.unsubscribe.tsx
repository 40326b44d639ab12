import { data } from "react-router";
import type { Route } from "./+types/newsletter.unsubscribe";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LinkActionForm, LinkActionMessage, LinkActionPage } from "#app/components/link-action-page";
import { readBoundedParams } from "#app/lib/body.server";
import { seo } from "#app/lib/seo";
import { findSubscriberByToken, unsubscribe } from "#app/modules/newsletter/newsletter.server";
import { newsletterStatus } from "#db/states/newsletter-status";

/** GET shows a confirmation (no state change); POST unsubscribes (also the one-click List-Unsubscribe-Post). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscriber = await findSubscriberByToken(token);
  return { token: subscriber ? token : null, email: subscriber?.email ?? null, alreadyOut: subscriber?.status === newsletterStatus.is.unsubscribed };
}

export async function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const body = await readBoundedParams(request, 2048);
  const token = body.get("token") ?? url.searchParams.get("token") ?? "";
  const email = await unsubscribe(token);
  if (!email) return data({ done: false as const, email: null }, { status: 404 });
  return { done: true as const, email };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Désinscription de la newsletter", description: "Se désinscrire de la newsletter.", path: "/newsletter/desinscription", noIndex: true }, matches);

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LinkActionPage title="Désinscription de la newsletter">
      {actionData?.done ? (
        <LinkActionMessage role="status">
          <p>C'est fait : {actionData.email} ne recevra plus la newsletter. Tu peux te réinscrire quand tu veux.</p>
        </LinkActionMessage>
      ) : actionData && !actionData.done ? (
        <LinkActionMessage role="alert">Ce lien de désinscription n'est pas valide.</LinkActionMessage>
      ) : loaderData.token ? (
        <LinkActionForm
          token={loaderData.token}
          question={loaderData.alreadyOut ? `L'adresse ${loaderData.email} ne reçoit déjà plus la newsletter.` : `Ne plus recevoir la newsletter à l'adresse ${loaderData.email} ?`}
          submitLabel={loaderData.alreadyOut ? null : "Me désinscrire"}
        />
      ) : (
        <LinkActionMessage>Ce lien de désinscription n'est pas valide ou a expiré.</LinkActionMessage>
      )}
    </LinkActionPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
