import { data } from "react-router";
import { NO_STORE_HEADERS } from "#app/lib/cache-control";
import type { Route } from "./+types/newsletter.confirm";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { LinkActionForm, LinkActionMessage, LinkActionPage } from "#app/components/link-action-page";
import { readBoundedParams } from "#app/lib/body.server";
import { seo } from "#app/lib/seo";
import { NEWSLETTER_MESSAGES } from "#app/modules/newsletter/newsletter.constants";
import { confirmSubscription, readConfirmationToken } from "#app/modules/newsletter/newsletter.server";

/**
 * Double opt-in. GET shows the address and a button (mail scanners that
 * prefetch links change nothing); POST subscribes it.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const claim = readConfirmationToken(token);
  return data({ token: claim ? token : null, email: claim?.email ?? null }, { headers: NO_STORE_HEADERS });
}

export async function action({ request }: Route.ActionArgs) {
  const body = await readBoundedParams(request, 4096);
  const token = body.get("token") ?? new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmSubscription(token);
  if (!result) return data({ done: false as const, email: null }, { status: 400 });
  return { done: true as const, email: result.email };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Confirme ton inscription à la newsletter", description: "Confirmer l'inscription à la newsletter.", path: "/newsletter/confirmation", noIndex: true }, matches);

const INVALID = "Ce lien de confirmation n'est pas valide ou a expiré. Inscris-toi de nouveau pour recevoir un nouveau lien.";

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LinkActionPage title="Confirme ton inscription à la newsletter">
      {actionData?.done ? (
        <LinkActionMessage role="status">
          <p className="font-bold">{NEWSLETTER_MESSAGES.confirmedTitle}</p>
          <p className="mt-2">
            C'est confirmé : {actionData.email} recevra nos bons plans. {NEWSLETTER_MESSAGES.confirmedText}
          </p>
        </LinkActionMessage>
      ) : actionData && !actionData.done ? (
        <LinkActionMessage role="alert">{INVALID}</LinkActionMessage>
      ) : loaderData.token ? (
        <LinkActionForm token={loaderData.token} question={`Recevoir la newsletter à l'adresse ${loaderData.email} ?`} submitLabel="Confirmer mon inscription" />
      ) : (
        <LinkActionMessage>{INVALID}</LinkActionMessage>
      )}
    </LinkActionPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
