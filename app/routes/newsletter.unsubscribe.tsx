import { data, Form, Link } from "react-router";
import type { Route } from "./+types/newsletter.unsubscribe";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { readBoundedParams } from "~/lib/body.server";
import { seo } from "~/lib/seo";
import { findSubscriberByToken, unsubscribe } from "~/modules/newsletter/newsletter.server";

/** GET shows a confirmation (no state change); POST unsubscribes (also the one-click List-Unsubscribe-Post). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const subscriber = await findSubscriberByToken(token);
  return { token: subscriber ? token : null, email: subscriber?.email ?? null, alreadyOut: subscriber?.status === "unsubscribed" };
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
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-black">Désinscription de la newsletter</h1>
      {actionData?.done ? (
        <p className="mt-6 text-neutral-700" role="status">
          C'est fait : {actionData.email} ne recevra plus la newsletter. Tu peux te réinscrire quand tu veux.
        </p>
      ) : actionData && !actionData.done ? (
        <p className="mt-6 text-red-800" role="alert">Ce lien de désinscription n'est pas valide.</p>
      ) : loaderData.token ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-neutral-700">
            {loaderData.alreadyOut ? `${loaderData.email} est déjà désinscrite.` : `Ne plus recevoir la newsletter à l'adresse ${loaderData.email} ?`}
          </p>
          {loaderData.alreadyOut ? null : (
            <Button type="submit" className="mt-6">
              Me désinscrire
            </Button>
          )}
        </Form>
      ) : (
        <p className="mt-6 text-neutral-700">Ce lien de désinscription n'est pas valide ou a expiré.</p>
      )}
      <p className="mt-8">
        <Link to="/" className="font-semibold text-brand-700 hover:underline">
          Retour à l'accueil
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
