import { Link } from "react-router";
import { requestNow } from "#app/lib/clock.server";
import type { Route } from "./+types/search";
import { BrandCard } from "#app/components/catalogue/brand-card";
import { OfferGrid } from "#app/components/catalogue/offer-grid";
import { DealsSection, PromoCodesSection } from "#app/components/catalogue/listing-sections";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SearchBox } from "#app/components/search/search-box";
import { SearchCorrection } from "#app/components/search/search-correction";
import { seo } from "#app/lib/seo";
import { normalizeQuery, SEARCH_MESSAGES } from "#app/modules/search/search.schema";
import { recordSearch } from "#app/modules/search/search.server";
import { resultCount, searchSite } from "#app/modules/search/site-search.server";
import { getSetting } from "#app/modules/settings/settings.server";
import { countOf } from "#app/lib/plural";
import { HELP_SECTION_LABELS, helpArticlePath } from "#app/modules/help/help.constants";

export async function loader({ request }: Route.LoaderArgs) {
  const q = normalizeQuery(new URL(request.url).searchParams.get("q"));
  // a shared page (ADR 048): the same for everyone; a member's codes and cashback links come from /api/moi
  const [found, launched] = await Promise.all([searchSite(q, false, requestNow(request)), getSetting("cashback_launched")]);
  if (found.searched) await recordSearch("site", q, resultCount(found));
  return {
    q,
    ...found,
    total: resultCount(found),
    launched,
  };
}

/** Search results are not landing pages: brand and category pages are (issue #14, SEO). */
export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(
    {
      title: data?.q ? `Recherche « ${data.q} »` : SEARCH_MESSAGES.title,
      description: "Cherche une marque, un produit, un code promo, un deal, un article ou une réponse de l'aide sur Crevarde.",
      path: "/recherche",
      noIndex: true,
    },
    matches,
  );

const searchHref = (q: string) => `/recherche?q=${encodeURIComponent(q)}`;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, brands, codes, offers, deals, articles, help, correction, searched, total, launched } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-black">{SEARCH_MESSAGES.title}</h1>
      <SearchBox key={q} defaultValue={q} autoFocus={!q} className="mt-6 max-w-2xl" />
      {correction ? <SearchCorrection correction={correction} href={searchHref} /> : null}

      {!searched ? (
        <p className="mt-8 text-neutral-600">{SEARCH_MESSAGES.emptyQuery}</p>
      ) : total === 0 ? (
        <div className="mt-8 rounded-2xl bg-neutral-50 p-8 text-center" role="status">
          <p className="font-semibold">{SEARCH_MESSAGES.noResult}</p>
          <p className="mt-1 text-sm text-neutral-600">{SEARCH_MESSAGES.noResultHint}</p>
          <p className="mt-4 flex flex-wrap justify-center gap-4 text-sm font-semibold">
            <Link to="/marques" className="text-brand-700 hover:underline">
              Voir les marques
            </Link>
            <Link to="/coup-de-crevarde" className="text-brand-700 hover:underline">
              Voir les deals du jour
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm text-neutral-600" role="status">
            {countOf(total, { one: "résultat", other: "résultats" })}
          </p>
          {help.length > 0 ? (
            <section className="mt-10" aria-labelledby="search-help">
              <h2 id="search-help" className="text-2xl font-black">
                Aide
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {help.map((h) => (
                  <li key={h.slug} className="rounded-2xl border border-neutral-200 bg-white p-5">
                    <p className="text-xs font-semibold uppercase text-brand-700">{HELP_SECTION_LABELS[h.section]}</p>
                    <h3 className="mt-1 font-bold">
                      <Link to={helpArticlePath(h.slug)} className="hover:underline">
                        {h.title}
                      </Link>
                    </h3>
                    <p className="mt-1 line-clamp-2 text-sm text-neutral-600">{h.summary}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {brands.length > 0 ? (
            <section className="mt-10" aria-labelledby="search-brands">
              <h2 id="search-brands" className="text-2xl font-black">
                Marques
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {brands.map((b) => (
                  <li key={b.id}>
                    <BrandCard brand={b} heading="h3" />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {codes.length > 0 ? <PromoCodesSection id="search-codes" title="Codes promo" codes={codes} /> : null}
          {offers.length > 0 ? (
            <section className="mt-10" aria-labelledby="search-offers">
              <h2 id="search-offers" className="mb-4 text-2xl font-black">
                Produits
              </h2>
              <OfferGrid offers={offers} categories={[]} activeCategory={null} launched={launched} />
            </section>
          ) : null}
          <DealsSection id="search-deals" title="Deals" deals={deals} />
          {deals.length > 0 ? (
            <p className="mt-4">
              <Link to={`/coup-de-crevarde?q=${encodeURIComponent(q)}`} className="font-semibold text-brand-700 hover:underline">
                Voir tous les deals pour « {q} »
              </Link>
            </p>
          ) : null}
          {articles.length > 0 ? (
            <section className="mt-10" aria-labelledby="search-articles">
              <h2 id="search-articles" className="text-2xl font-black">
                Articles
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {articles.map((a) => (
                  <li key={a.id} className="rounded-2xl border border-neutral-200 bg-white p-5">
                    <p className="text-xs font-semibold uppercase text-brand-700">{a.category}</p>
                    <h3 className="mt-1 font-bold">
                      <Link to={`/blog/${a.id}`} className="hover:underline">
                        {a.title}
                      </Link>
                    </h3>
                    <p className="mt-1 line-clamp-2 text-sm text-neutral-600">{a.excerpt}</p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
