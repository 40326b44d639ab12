import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/analytics";
import { getSessionUser } from "#app/lib/auth.server";
import { readBoundedJson } from "#app/lib/body.server";
import { getEnv } from "#app/lib/env.server";
import { clientIp, enforceRateLimit, RATE_LIMITS } from "#app/lib/rate-limit.server";
import { recordEvent, visitorHash } from "#app/modules/tracking/tracking.server";

export const ANALYTICS_MAX_BYTES = 4 * 1024;

const beaconSchema = z.object({
  event: z.enum(["page_view", "custom_event", "temu_conversion", "add_to_cart", "copy_code"]),
  path: z.string().max(500).optional(),
  action: z.string().max(100).optional(),
  label: z.string().max(200).optional(),
  conversion_id: z.string().max(100).optional(),
});

export function loader() {
  return new Response("Méthode non autorisée.", { status: 405, headers: { Allow: "POST" } });
}

/** First-party, anonymous audience measurement beacon. */
export async function action({ request, context }: Route.ActionArgs) {
  const origin = request.headers.get("origin");
  const site = new URL(getEnv().SITE_URL).origin;
  const own = new URL(request.url).origin;
  const sameSite = origin ? origin === site || origin === own : request.headers.get("sec-fetch-site") === "same-origin";
  if (!sameSite) return data({ ok: false, message: "Origine refusée." }, { status: 403 });
  await enforceRateLimit(RATE_LIMITS.analytics, clientIp(context));
  const body = beaconSchema.safeParse(await readBoundedJson(request, ANALYTICS_MAX_BYTES));
  if (!body.success) return data({ ok: false, message: "Événement invalide." }, { status: 400 });
  const user = await getSessionUser(request);
  await recordEvent({
    event: body.data.event,
    path: body.data.path,
    action: body.data.action,
    label: body.data.label,
    userId: user?.id ?? null,
    visitorHash: visitorHash(clientIp(context), request.headers.get("user-agent") ?? ""),
    data: body.data.conversion_id ? { conversion_id: body.data.conversion_id } : null,
  });
  return new Response(null, { status: 204 });
}
