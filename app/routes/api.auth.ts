import type { Route } from "./+types/api.auth";
import { authHeaders, getAuth } from "#app/lib/auth.server";
import { clientIp } from "#app/lib/rate-limit.server";
import { safeRedirect } from "#app/lib/safe-redirect.server";

/**
 * better-auth's HTTP endpoints. Every auth form is a React Router action that
 * calls better-auth on the server (with our rate limits and French
 * messages), so only the e-mail verification link is exposed here.
 */
const PUBLIC_GET = new Set(["/api/auth/verify-email"]);
const VERIFIED_CALLBACK = "/auth?verified=true";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!PUBLIC_GET.has(url.pathname)) throw new Response("Not Found", { status: 404 });
  // the link's callbackURL comes from the request: only a path of this site
  url.searchParams.set("callbackURL", safeRedirect(url.searchParams.get("callbackURL"), VERIFIED_CALLBACK));
  // the verification link signs in: its session's IP is clientIpOf's, not a header the client wrote
  return (await getAuth()).handler(new Request(url, { method: request.method, headers: authHeaders(request, clientIp(context)), signal: request.signal }));
}

export function action() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "GET" } });
}
