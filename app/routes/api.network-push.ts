import type { Route } from "./+types/api.network-push";
import { clientIp } from "#app/lib/rate-limit.server";
import { receivePush } from "#app/modules/networks/push.server";

/**
 * Awin and Kwanko push endpoints (issue #12, ADR 017 Pushes):
 * /api/networks/:network/push/:secret, GET or POST, answered 200 "OK"
 * whatever the content (stored, then parsed by a job).
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return receivePush({ request, network: params.network, secret: params.secret, clientIp: clientIp(context) });
}

export function action({ request, params, context }: Route.ActionArgs) {
  return receivePush({ request, network: params.network, secret: params.secret, clientIp: clientIp(context) });
}
