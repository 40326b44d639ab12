import { Link } from "react-router";
import type { Route } from "./+types/brands";
import { requestNow } from "#app/lib/clock.server";
import { BrandCard } from "#app/components/catalogue/brand-card";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { seo } from "#app/lib/seo";
import { cn } from "#app/lib/utils";
import { countOf } from "#app/lib/plural";
import { listBrandCatalogue } from "#app/modules/brands/brands.server";
import {
  ALPHABET,
  BRAND_SORT_LABELS,
  BRAND_SORTS,
  brandCatalogueHref,
  brandLetter,
  letterAnchor,
  OTHER_LETTER,
  parseBrandCatalogue,
  WITH_CASHBACK_LABEL,
  type BrandCatalogueQuery,
} from "#app/modules/brands/brand-catalogue";

export async function loader({ request }: Route.LoaderArgs) {
  return listBrandCatalogue(parseBrandCatalogue(new URL(request.url).searchParams), requestNow(request));
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(
    {
      title: "Nos marques partenaires",
      description: `${data ? `${data.total} marques` : "Nos marques"} beauté, mode et sport partenaires : codes promo, deals et ${data?.launched ? "cashback" : "bientôt du cashback"}.`,
      path: "/marques",
      jsonLd: data
        ? {
            "@context": "https://schema.org",
            "@type": "ItemList",
            itemListElement: data.brands.map((b, i) => ({ "@type": "ListItem", position: i + 1, url: `/marques/${b.slug}`, name: b.name })),
          }
        : undefined,
    },
    matches,
  );

const pill = (current: boolean) =>
  cn("inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold", current ? "border-brand-600 bg-brand-600 text-white" : "border-neutral-300 bg-white hover:border-brand-600");

/** « Trier » and « Avec cashback » as links (they work without JavaScript); the current one is marked. */
function CatalogueControls({ query }: { query: BrandCatalogueQuery }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Trier les marques">
        <span className="text-sm text-neutral-600" aria-hidden="true">
          Trier :
        </span>
        {BRAND_SORTS.map((sort) => (
          <Link key={sort} to={brandCatalogueHref({ ...query, sort })} aria-current={query.sort === sort ? "true" : undefined} className={pill(query.sort === sort)}>
            {BRAND_SORT_LABELS[sort]}
          </Link>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filtrer les marques">
        <Link
          to={brandCatalogueHref({ ...query, withCashback: !query.withCashback })}
          aria-current={query.withCashback ? "true" : undefined}
          className={pill(query.withCashback)}
        >
          {WITH_CASHBACK_LABEL}
        </Link>
      </div>
    </div>
  );
}

/**
 * The A–Z index: each letter that has a brand is a link to its first brand; the others are
 * shown greyed, not links. Outside the A–Z order a letter goes back to it (same filter), at that letter.
 */
function LetterIndex({ letters, query }: { letters: string[]; query: BrandCatalogueQuery }) {
  const all = letters.includes(OTHER_LETTER) ? [...ALPHABET, OTHER_LETTER] : ALPHABET;
  const prefix = query.sort === "a-z" ? "" : brandCatalogueHref({ ...query, sort: "a-z" });
  return (
    // on a phone the letters are wider than the screen: the row scrolls, and a fade at its right edge says so
    <nav aria-label="Marques de A à Z" className="relative mt-6">
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 -right-4 w-10 bg-gradient-to-l from-white to-transparent sm:hidden" />
      <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {all.map((letter) => (
          <li key={letter} className="shrink-0">
            {letters.includes(letter) ? (
              <a
                href={`${prefix}#${letterAnchor(letter)}`}
                aria-label={letter === OTHER_LETTER ? "Autres" : undefined}
                className="flex size-11 items-center justify-center rounded-lg border border-neutral-300 bg-white font-bold hover:border-brand-600 hover:text-brand-700 sm:size-9"
              >
                {letter}
              </a>
            ) : (
              <span className="flex size-11 items-center justify-center rounded-lg font-bold text-neutral-300 sm:size-9" data-letter-empty="">
                {letter}
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Brands({ loaderData }: Route.ComponentProps) {
  const { brands, launched, query, total, letters, anchors } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-black">Nos marques partenaires</h1>
      <p className="mt-2 text-neutral-600">Beauté d'abord, mode et sport ensuite : {total} marques pour économiser.</p>
      {launched ? (
        <CatalogueControls query={query} />
      ) : (
        <p className="mt-6 rounded-2xl bg-amber-50 p-4 text-center font-semibold text-amber-900" role="note">
          Cashback bientôt disponible
        </p>
      )}
      <LetterIndex letters={letters} query={query} />
      {query.withCashback ? (
        <p className="mt-6 text-sm text-neutral-600" role="status">
          {countOf(brands.length, { one: "marque avec cashback", other: "marques avec cashback" })}
        </p>
      ) : null}
      {brands.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-neutral-50 p-8 text-center text-neutral-600">
          {query.withCashback ? (
            <>
              Aucune marque n'offre de cashback en ce moment.{" "}
              <Link to={brandCatalogueHref({ ...query, withCashback: false })} className="font-semibold text-brand-700 hover:underline">
                Voir toutes les marques
              </Link>
            </>
          ) : (
            "Aucune marque pour le moment."
          )}
        </p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Marques">
          {brands.map((b, i) => {
            const letter = brandLetter(b.name);
            return (
              <li key={b.id} id={anchors[letter] === b.id ? letterAnchor(letter) : undefined} className="scroll-mt-24">
                <BrandCard brand={b} eager={i < 6} />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
