import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/error-boundary";
import { seo } from "~/lib/seo";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo(
    { title: "Page introuvable", description: "Cette page s'est évaporée.", path: location.pathname, noIndex: true },
    matches,
  );

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
