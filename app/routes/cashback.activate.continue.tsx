import { useEffect } from "react";
import { data } from "react-router";
import type { Route } from "./+types/cashback.activate.continue";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonVariants } from "#app/components/ui/button";
import { requireUser } from "#app/lib/auth.server";
import { NO_STORE_HEADERS } from "#app/lib/cache-control";
import { signInHref } from "#app/lib/safe-redirect.server";
import { activationSearch, activeProgramBrand, PROGRAM_GONE } from "#app/modules/cashback/click-out.server";
import { activateHref } from "#app/modules/cashback/offer";
import { asUuid } from "#app/modules/tracking/tracking.server";


/**
 * Where a visitor lands once signed in after « Activer le cashback » (issue #34 item 2): a page of ours that goes
 * on to the activation (/cashback/activer/:programId, then the network). The sign-in form's answer cannot redirect
 * there itself: without JavaScript the browser would follow the chain to the network's host, which the CSP's
 * form-action refuses. The page moves on by itself (a meta refresh, and at once once hydrated) and has a link.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  await requireUser(request, { redirectTo: signInHref(url.pathname + activationSearch(url)) });
  const programId = asUuid(params.programId);
  const dealId = asUuid(url.searchParams.get("deal"));
  const promoCodeId = asUuid(url.searchParams.get("code"));
  const brand = programId ? await activeProgramBrand(programId) : null;
  if (!programId || !brand) throw data(PROGRAM_GONE, { status: 404, headers: NO_STORE_HEADERS });
  return data(
    { brandName: brand.name, href: activateHref(programId, dealId ? { dealId } : promoCodeId ? { promoCodeId } : undefined) },
    { headers: NO_STORE_HEADERS },
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: "Activation du cashback" },
  { name: "robots", content: "noindex" },
  ...(loaderData ? [{ httpEquiv: "refresh", content: `0;url=${loaderData.href}` } as const] : []),
];

export default function ContinueToActivation({ loaderData }: Route.ComponentProps) {
  const { brandName, href } = loaderData;
  useEffect(() => window.location.replace(href), [href]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-black">Connexion réussie</h1>
      <p className="mt-4 text-neutral-700" role="status">
        On t'emmène chez {brandName} pour activer ton cashback…
      </p>
      <p className="mt-6">
        <a href={href} rel="nofollow" className={buttonVariants()}>
          Continuer vers {brandName}
        </a>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
