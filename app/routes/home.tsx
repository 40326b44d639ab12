import { data, Link } from "react-router";
import { requestNow } from "#app/lib/clock.server";
import type { Route } from "./+types/home";
import { DealCard } from "#app/components/catalogue/deal-card";
import { Hero, HowItWorks, Testimonials } from "#app/components/catalogue/home-sections";
import { NewsletterBlock } from "#app/components/catalogue/newsletter-block";
import { OfferGrid } from "#app/components/catalogue/offer-grid";
import { SharedPromoCodeCard } from "#app/components/catalogue/listing-sections";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { forwardLoaderCacheControl, NO_STORE_HEADERS } from "#app/lib/cache-control";
import { getEnv } from "#app/lib/env.server";
import { seo } from "#app/lib/seo";
import { conceptPath } from "#app/lib/site";
import { getHeroFigures } from "#app/modules/content/hero-figures.server";
import { getHomeContent } from "#app/modules/content/home.server";
import { heroSubtitleForLaunch, stepsForLaunch } from "#app/modules/content/home-defaults";
import { HOME_SECTION_ERRORS } from "#app/modules/content/home-sections";
import { loadHomeSections } from "#app/modules/content/home-sections.server";
import { DEAL_MESSAGES } from "#app/modules/deals/deals.constants";
import { getSetting } from "#app/modules/settings/settings.server";
import { memberDeal } from "#app/modules/members/moi";
import { useMoi } from "#app/root";

/**
 * The same page for a visitor and a member (ADR 048): no session is read here. The hero's and the newsletter's
 * signed-in copy, a member's full codes and cashback links come from /api/moi once the page is hydrated (useMoi).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const now = requestNow(request);
  const launched = await getSetting("cashback_launched");
  const offerCategory = launched ? url.searchParams.get("offres")?.slice(0, 100) || null : null;
  // each data section loads on its own: a failed one shows its message, the rest of the page renders
  const [content, heroStats, sections] = await Promise.all([
    getHomeContent(),
    getHeroFigures(now),
    loadHomeSections({ offerCategory, launched, now }),
  ]);
  return data(
    {
      content: {
        ...content,
        heroSubtitle: heroSubtitleForLaunch(content.heroSubtitle, launched),
        howItWorks: { ...content.howItWorks, steps: stepsForLaunch(content.howItWorks.steps, launched) },
      },
      heroStats,
      codes: sections.codes,
      deals: sections.deals,
      offers: sections.offers,
      offerCategories: sections.offerCategories,
      failedSections: sections.failed,
      offerCategory,
      launched,
      conceptHref: conceptPath(getEnv().SITE_NAME),
    },
    // a page with a failed section is never kept by the micro-cache: the next visitor gets a fresh try
    sections.anyFailed ? { headers: NO_STORE_HEADERS } : undefined,
  );
}

export const headers: Route.HeadersFunction = forwardLoaderCacheControl;

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo(
    {
      title: "Codes promo beauté, deals du jour et cashback",
      description: `Codes promo vérifiés, Coup de Crevarde du jour et ${data?.launched ? "du cashback" : "le cashback à venir"} sur tes marques beauté, mode et sport préférées.`,
      path: "/",
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: "Crevarde",
        inLanguage: "fr-FR",
      },
    },
    matches,
  );

/** In place of a section whose query failed (ADR 006, Home sections). */
function SectionError({ message }: { message: string }) {
  return (
    <div className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900" role="alert">
      <p className="font-bold">{HOME_SECTION_ERRORS.title}</p>
      <p className="mt-1">{message}</p>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { content, heroStats, codes, deals, offers, offerCategories, failedSections, offerCategory, conceptHref, launched } = loaderData;
  // the member's own state (ADR 048): until it arrives, the page every visitor gets, whose « Ça a marché ? » forms a member may post
  const moi = useMoi();
  const signedIn = Boolean(moi?.user);
  return (
    <>
      <Hero
        titleHtml={content.heroTitleHtml}
        subtitle={content.heroSubtitle}
        stats={heroStats}
        signedIn={signedIn}
        conceptHref={conceptHref}
        cards={deals.map((d) => ({ id: d.id, title: d.title, price: d.price, imageUrl: d.imageUrl }))}
      />

      {failedSections.codes || codes.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="codes-title">
          <div className="flex items-end justify-between gap-4">
            <h2 id="codes-title" className="text-3xl font-black">
              Les codes promo du moment
            </h2>
            <Link to="/codes-promo" className="text-sm font-semibold text-brand-700 hover:underline">
              Tous les codes
            </Link>
          </div>
          {failedSections.codes ? (
            <SectionError message={HOME_SECTION_ERRORS.codes} />
          ) : (
            <ul className="mt-6 grid gap-4 md:grid-cols-3">
              {codes.map((c) => (
                <li key={c.id}>
                  <SharedPromoCodeCard code={c} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="deals-title">
        <div className="flex items-end justify-between gap-4">
          <h2 id="deals-title" className="text-3xl font-black">
            Les deals du jour
          </h2>
          <Link to="/coup-de-crevarde" className="text-sm font-semibold text-brand-700 hover:underline">
            Tous les Coups de Crevarde
          </Link>
        </div>
        {failedSections.deals ? (
          <SectionError message={HOME_SECTION_ERRORS.deals} />
        ) : deals.length === 0 ? (
          <p className="mt-6 rounded-2xl bg-neutral-50 p-8 text-center text-neutral-600">{DEAL_MESSAGES.homeEmpty}</p>
        ) : (
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {deals.map((d) => (
              <li key={d.id}>
                <DealCard deal={moi ? memberDeal(d, moi) : d} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <HowItWorks {...content.howItWorks} />

      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="offers-title">
        <h2 id="offers-title" className="text-3xl font-black">
          Le cashback sur tes produits préférés
        </h2>
        <p className="mb-6 mt-2 text-neutral-600">
          {launched ? "Active le cashback sur la page de la marque avant de commander." : "Cashback bientôt disponible : repère déjà tes produits."}
        </p>
        {failedSections.offers ? (
          <SectionError message={HOME_SECTION_ERRORS.offers} />
        ) : (
          <OfferGrid offers={offers} categories={offerCategories} activeCategory={offerCategory} launched={launched} />
        )}
      </section>

      <Testimonials {...content.testimonials} />

      <NewsletterBlock signedIn={signedIn} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
