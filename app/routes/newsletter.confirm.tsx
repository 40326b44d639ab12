import { data, Form, Link } from "react-router";
import type { Route } from "./+types/newsletter.confirm";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { readBoundedText } from "~/lib/body.server";
import { seo } from "~/lib/seo";
import { NEWSLETTER_MESSAGES } from "~/modules/newsletter/newsletter.constants";
import { confirmSubscription, readConfirmationToken } from "~/modules/newsletter/newsletter.server";

/**
 * Double opt-in. GET shows the address and a button (mail scanners that
 * prefetch links change nothing); POST subscribes it.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const claim = readConfirmationToken(token);
  return data({ token: claim ? token : null, email: claim?.email ?? null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const body = new URLSearchParams(await readBoundedText(request, 4096));
  const token = body.get("token") ?? new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmSubscription(token);
  if (!result) return data({ done: false as const, email: null }, { status: 400 });
  return { done: true as const, email: result.email };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Confirme ton inscription à la newsletter", description: "Confirmer l'inscription à la newsletter.", path: "/newsletter/confirmation", noIndex: true }, matches);

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-black">Confirme ton inscription à la newsletter</h1>
      {actionData?.done ? (
        <div className="mt-6 text-neutral-700" role="status">
          <p className="font-bold">{NEWSLETTER_MESSAGES.confirmedTitle}</p>
          <p className="mt-2">
            C'est confirmé : {actionData.email} recevra nos bons plans. {NEWSLETTER_MESSAGES.confirmedText}
          </p>
        </div>
      ) : actionData && !actionData.done ? (
        <p className="mt-6 text-red-800" role="alert">
          Ce lien de confirmation n'est pas valide ou a expiré. Inscris-toi de nouveau pour recevoir un nouveau lien.
        </p>
      ) : loaderData.token ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-neutral-700">Recevoir la newsletter à l'adresse {loaderData.email} ?</p>
          <Button type="submit" className="mt-6">
            Confirmer mon inscription
          </Button>
        </Form>
      ) : (
        <p className="mt-6 text-neutral-700">
          Ce lien de confirmation n'est pas valide ou a expiré. Inscris-toi de nouveau pour recevoir un nouveau lien.
        </p>
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
