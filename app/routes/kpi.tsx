import { Loader2, ShieldAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Link, redirect } from "react-router";
import { NO_STORE_HEADERS } from "#app/lib/cache-control";
import type { Route } from "./+types/kpi";
import { getSessionUser } from "#app/lib/auth.server";
import { clientIp } from "#app/lib/rate-limit.server";
import { seo } from "#app/lib/seo";
import { answerKpi, KPI_REDIRECT_HEADERS } from "#app/modules/tracking/kpi.server";
import { pushDataLayer } from "#app/modules/analytics/data-layer";

export const KPI_REDIRECT_DELAY_MS = 100;

/**
 * Tracked click-out (`answerKpi`). No destination: back to /. A destination outside the
 * allow-list: a French explanation, no redirect. Otherwise the click is recorded
 * (without delaying the answer) and the server answers 302; with `js=1` a spinner page
 * fires the data-layer events once, then navigates after 100 ms. The production server
 * answers the plain 302 itself, ahead of React Router (`server/app.ts`).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await answerKpi(new URL(request.url), {
    ip: clientIp(context),
    userAgent: request.headers.get("user-agent"),
    sessionUser: () => getSessionUser(request),
  });
  if (answer.kind === "home") throw redirect("/");
  if (answer.kind === "refused") {
    return data({ refused: true as const, host: null, destination: null, action: null, label: null }, { status: 400, headers: NO_STORE_HEADERS });
  }
  if (answer.kind === "redirect") throw redirect(answer.destination, { headers: KPI_REDIRECT_HEADERS });
  const { destination, host, action, label } = answer;
  return data({ refused: false as const, host, destination, action, label }, { headers: NO_STORE_HEADERS });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "Redirection", description: "Redirection vers le site partenaire.", path: "/kpi", noIndex: true }, matches);

export default function Kpi({ loaderData }: Route.ComponentProps) {
  const fired = useRef(false);
  useEffect(() => {
    if (loaderData.refused || fired.current) return;
    fired.current = true;
    pushDataLayer({ event: "custom_event", category: "outbound", action: loaderData.action, label: loaderData.label });
    if (loaderData.action?.startsWith("temu_")) {
      pushDataLayer({ event: "temu_conversion", conversion_id: loaderData.action, label: loaderData.label });
    }
    const timer = setTimeout(() => window.location.replace(loaderData.destination!), KPI_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaderData]);

  if (loaderData.refused) {
    return (
      <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center px-4 text-center">
        <ShieldAlert className="size-12 text-brand-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-black">Lien non autorisé</h1>
        <p className="mt-3 text-neutral-700">
          Pour ta sécurité, nous ne redirigeons que vers les sites de nos marques et marketplaces partenaires. Ce lien pointe
          vers une adresse inconnue : nous ne t'y envoyons pas.
        </p>
        <Link to="/" className="mt-8 font-semibold text-brand-700 hover:underline">
          Retourner aux bons plans
        </Link>
      </main>
    );
  }
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center" aria-busy="true">
      <Loader2 className="size-10 animate-spin text-brand-600" aria-hidden="true" />
      <p className="text-neutral-700">Redirection vers {loaderData.host}…</p>
      <noscript>
        <a href={loaderData.destination ?? "/"} className="font-semibold text-brand-700 underline">
          Continuer vers {loaderData.host}
        </a>
      </noscript>
    </main>
  );
}
