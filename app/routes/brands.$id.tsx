import { ExternalLink } from "lucide-react";
import type { Route } from "./+types/brands.$id";
import { OfferGrid } from "#app/components/catalogue/offer-grid";
import { DealsSection, PromoCodesSection } from "#app/components/catalogue/listing-sections";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Badge } from "#app/components/ui/badge";
import { buttonVariants } from "#app/components/ui/button";
import { requestNow } from "#app/lib/clock.server";
import { getEnv } from "#app/lib/env.server";
import { absoluteUrl, breadcrumbJsonLd, errorSeo, seo } from "#app/lib/seo";
import { getBrand, listBrandDeals } from "#app/modules/brands/brands.server";
import { maxDiscountPercent, upToLabel } from "#app/modules/brands/discount";
import { listBrandOffers } from "#app/modules/offers/offers.server";
import { listBrandCodes } from "#app/modules/promo-codes/promo-codes.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { AffiliateLink } from "#app/components/catalogue/affiliate-link";
import { BoostNote, CashbackBlock } from "#app/components/cashback/cashback-block";
import { loadBrandCashbackOffer } from "#app/modules/cashback/click-out.server";
import { bestRateForBrand } from "#app/modules/cashback/programs.server";
import { useMoi } from "#app/root";

export async function loader({ request, params }: Route.LoaderArgs) {
  const now = requestNow(request);
  const brand = await getBrand(params.id);
  if (!brand) throw new Response("Not Found", { status: 404 });
  // a shared page (ADR 048): the same for everyone; a member's codes, links and answers come from /api/moi
  const launched = await getSetting("cashback_launched");
  const [codes, deals, offers, cashback, rate] = await Promise.all([
    listBrandCodes(brand.id, null, now),
    listBrandDeals(brand.id, false, now),
    listBrandOffers(brand.id, launched, now),
    launched ? loadBrandCashbackOffer(brand.id, now) : null,
    bestRateForBrand(brand.id, now),
  ]);
  return {
    brand,
    codes,
    deals,
    cashback,
    /** the brand's member rate from its active programmes ("Jusqu'à 7 % de cashback"), null without one (issue #34 item 1) */
    cashbackLabel: rate?.label ?? null,
    /** « Cashback boosté : 10 % au lieu de 7 % jusqu'au 3 décembre » while the brand's best rate is boosted (issue #34 item 6) */
    boostText: launched ? (rate?.boostText ?? null) : null,
    offers,
    launched,
    siteUrl: getEnv().SITE_URL,
  };
}

export const meta: Route.MetaFunction = ({ data, matches, error, location }) =>
  data
    ? seo(
        {
          title: `${data.brand.name} : codes promo et cashback`,
          description: data.brand.description ?? `Codes promo et bons plans ${data.brand.name}.`,
          path: `/marques/${data.brand.slug}`,
          image: data.brand.imageUrl ?? undefined,
          jsonLd: [
            {
              "@context": "https://schema.org",
              "@type": "Organization",
              name: data.brand.name,
              description: data.brand.description ?? undefined,
              url: `${data.siteUrl}/marques/${data.brand.slug}`,
              logo: data.brand.imageUrl ? absoluteUrl(data.siteUrl, data.brand.imageUrl) : undefined,
              sameAs: data.brand.websiteUrl ? [data.brand.websiteUrl] : undefined,
            },
            breadcrumbJsonLd(data.siteUrl, [
              { name: "Accueil", path: "/" },
              { name: "Marques", path: "/marques" },
              { name: data.brand.name, path: `/marques/${data.brand.slug}` },
            ]),
          ],
        },
        matches,
      )
    : errorSeo({ error, location, matches });

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, codes, deals, offers, launched, cashback, cashbackLabel, boostText } = loaderData;
  const signedIn = Boolean(useMoi()?.user);
  const upTo = upToLabel(maxDiscountPercent(codes.map((c) => c.discount), deals));
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="flex flex-wrap items-center gap-5">
        {brand.imageUrl ? <img src={brand.imageUrl} alt="" width={96} height={96} className="size-24 rounded-3xl object-cover" /> : null}
        {/* a basis: on a phone the name keeps its width and the website button goes below it */}
        <div className="min-w-0 flex-1 basis-52">
          {launched ? cashbackLabel ? <Badge variant="success" data-testid="brand-cashback">{cashbackLabel}</Badge> : null : <Badge variant="success">CASHBACK (bientôt)</Badge>}
          <h1 className="mt-1 text-4xl font-black break-words">{brand.name}</h1>
          <p className="text-neutral-500">{brand.category}</p>
          {boostText ? <BoostNote text={boostText} className="mt-1" /> : null}
        </div>
        {brand.websiteUrl ? (
          <AffiliateLink
            link={{ destination: brand.websiteUrl, action: "brand_click", label: brand.name, brandId: brand.id }}
            className={buttonVariants({ variant: "outline" })}
          >
            Site de {brand.name} <ExternalLink aria-hidden="true" />
          </AffiliateLink>
        ) : null}
      </header>
      <p className="mt-6 max-w-3xl text-lg text-neutral-700">{brand.description}</p>
      {upTo || (!launched && cashbackLabel) ? (
        <p className="mt-2 font-bold text-brand-700">
          {/* once launched the rate is in the badge and the cashback block; before, it is announced as coming */}
          {[upTo, !launched && cashbackLabel ? `${cashbackLabel} bientôt disponible` : null].filter(Boolean).join(" · ")}
        </p>
      ) : null}
      {cashback ? <CashbackBlock offer={cashback} brandName={brand.name} signedIn={signedIn} /> : null}
      <PromoCodesSection id="brand-codes" title={`Codes promo ${brand.name}`} codes={codes} />
      <DealsSection id="brand-deals" title={`Deals ${brand.name}`} deals={deals} />
      {offers.length > 0 ? (
        <section className="mt-10" aria-labelledby="brand-offers">
          <h2 id="brand-offers" className="text-2xl font-black">
            {/* once launched, cashback is promised only where the brand has a rate; before, the whole catalogue is « bientôt » (spec) */}
            {launched && !cashbackLabel ? `Les produits ${brand.name}` : `Le cashback sur les produits ${brand.name}`}
          </h2>
          {launched ? null : <p className="mb-6 mt-2 text-neutral-600">Cashback bientôt disponible : repère déjà tes produits.</p>}
          <div className={launched ? "mt-4" : undefined}>
            <OfferGrid offers={offers} categories={[]} activeCategory={null} launched={launched} />
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
