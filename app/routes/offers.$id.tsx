import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/offers.$id";
import { OfferFigures, offerPath } from "#app/components/catalogue/offer-grid";
import { PriceAlertForm, PriceHistory } from "#app/components/catalogue/price-history";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Badge } from "#app/components/ui/badge";
import { getSessionUser } from "#app/lib/auth.server";
import { readBoundedForm } from "#app/lib/body.server";
import { requestNow } from "#app/lib/clock.server";
import { getEnv } from "#app/lib/env.server";
import { signInHref } from "#app/lib/safe-redirect.server";
import { breadcrumbJsonLd, errorSeo, seo } from "#app/lib/seo";
import { getPublicOffer } from "#app/modules/offers/offers.server";
import { priceCents } from "#app/modules/prices/observations.server";
import { PRICE_ALERT_INTENT, suggestedThresholdCents } from "#app/modules/prices/price-alerts";
import { PRICE_ALERT_MESSAGES } from "#app/modules/prices/price-alerts.schema";
import { followPriceFromForm } from "#app/modules/prices/price-alerts.server";
import { HISTORY_PARAM, parseHistoryPeriod } from "#app/modules/prices/price-chart";
import { priceHistory } from "#app/modules/prices/price-history.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { asUuid } from "#app/modules/tracking/tracking.server";

const NOT_FOUND = "Cette offre n'existe pas (ou plus).";

/**
 * An offer's page (ADR 049 §The offer page): an offer public now, with its card's figures, its price history
 * (?historique=30|90|365) and « Préviens-moi sous … € ». A shared page (ADR 048): the same for everyone.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = asUuid(params.id);
  if (!id) throw new Response("Not Found", { status: 404 });
  const now = requestNow(request);
  const launched = await getSetting("cashback_launched");
  const found = await getPublicOffer(id, launched, now);
  if (!found) throw new Response("Not Found", { status: 404 });
  const history = await priceHistory(found.productUrl, now, parseHistoryPeriod(new URL(request.url).searchParams.get(HISTORY_PARAM)));
  return {
    offer: found.offer,
    launched,
    history,
    // the follow form, on an offer with a product key (as on a deal)
    alertThreshold: history ? String(suggestedThresholdCents(priceCents(found.offer.regularPrice) ?? 100) / 100) : null,
    siteUrl: getEnv().SITE_URL,
  };
}

/** « Préviens-moi sous … € » (issue #39 item 5): a plain form; a visitor is sent to sign in and back, as on a deal. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await readBoundedForm(request, 4 * 1024);
  const id = asUuid(params.id);
  const back = id ? offerPath(id) : "/";
  const user = await getSessionUser(request);
  if (!user) return redirect(signInHref(back), { status: 303 });
  if (form.get("intent") !== PRICE_ALERT_INTENT) return data({ priceAlert: PRICE_ALERT_MESSAGES.invalid }, { status: 400 });
  const now = requestNow(request);
  return followPriceFromForm(form, user.id, back, async () => {
    const found = id ? await getPublicOffer(id, false, now) : null;
    return found && { url: found.productUrl, label: found.offer.name, offerId: found.offer.id };
  }, NOT_FOUND);
}

export const meta: Route.MetaFunction = ({ data: loaded, matches, error, location }) =>
  loaded
    ? seo(
        {
          title: `${loaded.offer.name} ${loaded.offer.brandName} à ${loaded.offer.regularPrice}`,
          description: `${loaded.offer.name} de ${loaded.offer.brandName} à ${loaded.offer.regularPrice} : historique du prix sur 30, 90 et 365 jours${loaded.launched && loaded.offer.cashback ? `, ${loaded.offer.cashback.label.toLowerCase()}` : ""} et une alerte quand le prix baisse.`,
          path: offerPath(loaded.offer.id),
          image: loaded.offer.imageUrl ?? undefined,
          jsonLd: breadcrumbJsonLd(loaded.siteUrl, [
            { name: "Accueil", path: "/" },
            { name: loaded.offer.brandName, path: `/marques/${loaded.offer.brandSlug}` },
            { name: loaded.offer.name, path: offerPath(loaded.offer.id) },
          ]),
        },
        matches,
      )
    : errorSeo({ error, location, matches });

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, launched, history, alertThreshold } = loaderData;
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <Link to={`/marques/${offer.brandSlug}`} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> {offer.brandName}
      </Link>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div className="relative aspect-square overflow-hidden rounded-2xl bg-neutral-100">
          {offer.imageUrl ? <img src={offer.imageUrl} alt="" width={640} height={640} fetchPriority="high" className="size-full object-cover" /> : null}
          {offer.tag ? <Badge className="absolute left-3 top-3 shadow">{offer.tag}</Badge> : null}
        </div>
        <div className="flex min-w-0 flex-col items-start gap-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-neutral-500">
            <Link to={`/marques/${offer.brandSlug}`} className="text-brand-700 hover:underline">
              {offer.brandName}
            </Link>
            {offer.category ? ` · ${offer.category}` : null}
          </p>
          <h1 className="text-3xl font-black break-words">{offer.name}</h1>
          {/* the card's own lines and button (OfferFigures): the same figures, the same way out */}
          <OfferFigures offer={offer} launched={launched} />
          {alertThreshold ? <PriceAlertForm threshold={alertThreshold} error={(actionData as { priceAlert?: string } | undefined)?.priceAlert} /> : null}
        </div>
      </div>
      {history ? <PriceHistory history={history} /> : null}
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
