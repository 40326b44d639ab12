import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "#app/components/ui/button";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">Cette page s'est évaporée</h1>
      <p className="mt-3 text-neutral-600">
        Comme les meilleures promos, elle n'est plus là. Pas de panique, il reste plein de bons plans.
      </p>
      <Button asChild className="mt-8" size="lg">
        <Link to="/">Retourner aux bons plans</Link>
      </Button>
    </section>
  );
}

function messageFor(status: number, data: unknown): { title: string; text: string } {
  const fromServer = typeof data === "string" && data.length < 300 ? data : null;
  switch (status) {
    case 400:
    case 422:
      return { title: "Requête invalide", text: fromServer ?? "Les informations envoyées ne sont pas valides." };
    case 401:
      return { title: "Connexion requise", text: fromServer ?? "Connecte-toi pour accéder à cette page." };
    case 403:
      return { title: "Accès refusé", text: fromServer ?? "Tu n'as pas les droits pour accéder à cette page." };
    case 405:
      return { title: "Action impossible", text: "Cette action n'est pas disponible sur cette page." };
    case 413:
      return { title: "Envoi trop volumineux", text: fromServer ?? "Les données envoyées sont trop volumineuses." };
    case 429:
      return { title: "Trop de tentatives", text: fromServer ?? "Trop de tentatives. Réessaie plus tard." };
    default:
      return {
        title: "Oups, une erreur s'est produite",
        text: fromServer ?? "Essaie de rafraîchir la page ou reviens plus tard.",
      };
  }
}

/** Shared error boundary: useful French text, never a stack trace in production. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, text } = messageFor(status, isRouteErrorResponse(error) ? error.data : null);
  const devStack =
    import.meta.env.DEV && error instanceof Error ? (
      <pre className="mt-6 max-w-full overflow-auto rounded-lg bg-neutral-100 p-4 text-left text-xs">{error.stack}</pre>
    ) : null;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" role="alert">
      <p className="text-5xl font-black text-brand-600" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-neutral-600">{text}</p>
      <Button asChild className="mt-8">
        <Link to="/">Retourner aux bons plans</Link>
      </Button>
      {devStack}
    </section>
  );
}
