import type { Route } from "./+types/api.auth";
import { getAuth } from "~/lib/auth.server";

/**
 * better-auth's HTTP endpoints. Every auth form is a React Router action that
 * calls better-auth on the server (with our rate limits and French
 * messages), so only the e-mail verification link is exposed here.
 */
const PUBLIC_GET = new Set(["/api/auth/verify-email"]);

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!PUBLIC_GET.has(pathname)) throw new Response("Not Found", { status: 404 });
  return (await getAuth()).handler(request);
}

export function action() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
