import type { Route } from "./+types/not-found";
import { NotFound } from "#app/components/error-boundary";
import { errorSeo } from "#app/lib/seo";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => errorSeo({ location, matches });

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
