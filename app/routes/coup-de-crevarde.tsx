import { BellPlus, Filter, Quote, Search } from "lucide-react";
import { requestNow } from "#app/lib/clock.server";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/coup-de-crevarde";
import { DealCard, DealCardSkeleton } from "#app/components/catalogue/deal-card";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Popover } from "#app/components/ui/popover";
import { logger } from "#app/lib/logger.server";
import { seo } from "#app/lib/seo";
import { DEAL_MESSAGES, DEAL_SOURCES, DEAL_TAB_LABELS, DEAL_TABS, DEALS_SKELETON_COUNT, type DealTab } from "#app/modules/deals/deals.constants";
import { parseDealSearch } from "#app/modules/deals/deals.schema";
import { DealVote } from "#app/components/catalogue/deal-vote";
import { searchDeals } from "#app/modules/deals/deals.server";
import { SaveButton } from "#app/components/catalogue/save-button";
import { useMoi } from "#app/root";
import { memberDeal } from "#app/modules/members/moi";
import { recordSearch } from "#app/modules/search/search.server";
import { DEAL_SORT_LABELS, DEAL_SORTS, formatCount } from "#app/modules/search/search.schema";
import { SearchCorrection } from "#app/components/search/search-correction";
import { ALERTS_PATH } from "#app/modules/alerts/alerts.constants";
import { pluralForm } from "#app/lib/plural";

/**
 * The same page for a visitor and a member (ADR 048): no session is read here. A member's votes, saved deals,
 * deal codes and cashback links come from /api/moi once the page is hydrated (useMoi).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = parseDealSearch(new URL(request.url).searchParams);
  try {
    const found = await searchDeals(search, false, requestNow(request));
    if (search.q && search.page === 1) await recordSearch("deals", search.q, found.facets.total);
    return { search, ...found, failed: false };
  } catch (error) {
    logger.error({ err: error }, `Erreur lors de la récupération des deals : ${(error as Error).message}`);
    return { search, deals: [], hasNext: false, page: search.page, failed: true, facets: null, correction: null };
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(
    {
      title: "Coup de Crevarde : les deals du jour",
      description: "Les deals repérés chaque jour sur Temu, Shein et AliExpress, avec notre avis honnête : prix cassé, qualité à risque ou pur plaisir.",
      path: "/coup-de-crevarde",
    },
    matches,
  );

const SOURCE_LABELS: Record<string, string> = { all: "Toutes les sources", temu: "temu", shein: "shein", aliexpress: "aliexpress" };

type SearchState = { q: string; source: string; brand: string; sort: string; tab: DealTab };

/** The URL of the deals page for a search, a page, and changes to either (the default sort is left out). */
function searchHref(search: SearchState, changes: Partial<SearchState> & { page?: number } = {}) {
  const next = { ...search, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.source !== "all") params.set("source", next.source);
  if (next.brand) params.set("marque", next.brand);
  if (next.sort !== (next.q ? "pertinence" : "nouveautes")) params.set("tri", next.sort);
  if (next.tab !== "tous") params.set("tab", next.tab);
  if (changes.page && changes.page > 1) params.set("page", String(changes.page));
  const s = params.toString();
  return s ? `?${s}` : ".";
}

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { search, deals, hasNext, page, failed, facets, correction } = loaderData;
  // the member's own state (ADR 048): until it arrives, the forms a member posts; a visitor is known once it has
  const moi = useMoi();
  // the first picture is the largest element of the first screen: fetched first, at once
  const firstPictured = deals.findIndex((d) => d.imageUrl);
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const loading = navigation.state === "loading" && navigation.location?.pathname.startsWith("/coup");

  const brandName = (slug: string) => facets?.brands.find((b) => b.slug === slug)?.name ?? slug;
  // the filters' radios are the form's own fields (source, marque): a choice submits it
  const choose = () => {
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };
  const brandChoices = facets && facets.brands.length > 0;

  const submitSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
    }, 300);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="relative overflow-hidden rounded-3xl bg-brand-700 px-6 py-10 text-white">
        {/* inside the header's rounded box: a sticker that is never cut by its edges */}
        <span aria-hidden="true" className="absolute right-3 top-3 rotate-12 rounded-2xl bg-amber-400 px-3 py-1 text-lg font-black text-brand-900 shadow-lg sm:right-6 sm:top-6 sm:px-4 sm:py-2 sm:text-3xl">
          -90%
        </span>
        <h1 className="pr-20 text-4xl font-black sm:pr-0">Coup de Crevarde</h1>
        <p className="mt-2 max-w-xl text-brand-100">Les pépites des marketplaces repérées pour toi, chaque jour.</p>
        <blockquote className="mt-4 flex max-w-xl items-start gap-2 text-sm italic text-brand-100">
          <Quote className="size-4 shrink-0" aria-hidden="true" />
          Prix mini, qualité pas garantie : on te dit tout, à toi de voir si le jeu en vaut la chandelle.
        </blockquote>
        <Link to="/coup-de-crevarde/proposer" className="mt-5 inline-flex rounded-full bg-white px-4 py-2 text-sm font-bold text-brand-800 hover:bg-brand-50">
          Proposer un deal
        </Link>
      </header>

      {/* on a phone the tabs are wider than the screen: the row scrolls, and a fade at its right edge says so */}
      <div className="relative mt-6">
      <nav aria-label="Onglets des deals" className="flex gap-2 overflow-x-auto pr-10 [scrollbar-width:none] sm:pr-0" data-testid="deal-tabs">
        {DEAL_TABS.map((tab) => (
          <Link
            key={tab}
            to={searchHref(search, { tab })}
            preventScrollReset
            aria-current={search.tab === tab ? "page" : undefined}
            className={
              search.tab === tab
                ? "shrink-0 rounded-full border border-brand-600 bg-brand-600 px-4 py-1.5 text-sm font-medium text-white"
                : "shrink-0 rounded-full border border-neutral-300 px-4 py-1.5 text-sm font-medium text-neutral-700 hover:border-brand-500"
            }
          >
            {tab === "hot" ? "🔥 " : ""}
            {DEAL_TAB_LABELS[tab]}
          </Link>
        ))}
      </nav>
      <span aria-hidden="true" data-testid="deal-tabs-fade" className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-gradient-to-l from-white to-transparent sm:hidden" />
      </div>

      <Form ref={formRef} method="get" role="search" className="mt-6 flex flex-wrap items-center gap-2" preventScrollReset>
        {/* a row of its own on a phone, so the whole placeholder shows; beside the filters from 640 px */}
        <div className="relative min-w-0 basis-full sm:basis-0 sm:flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-neutral-500" aria-hidden="true" />
          <Input
            type="search"
            name="q"
            defaultValue={search.q}
            maxLength={100}
            placeholder={DEAL_MESSAGES.searchPlaceholder}
            aria-label="Rechercher un deal"
            className="pl-9"
            onChange={submitSoon}
          />
        </div>
        {/* without the brand choices (no facets), the brand filter is kept as is */}
        {brandChoices ? null : <input type="hidden" name="marque" value={search.brand} />}
        {search.tab !== "tous" ? <input type="hidden" name="tab" value={search.tab} /> : null}
        <Popover
          id="deal-filters"
          className="max-h-[70vh] overflow-y-auto"
          label={
            <>
              <Filter aria-hidden="true" /> Filtrer
              {search.source !== "all" ? <span className="rounded-full bg-brand-100 px-2 text-xs text-brand-800">{search.source}</span> : null}
              {search.brand ? <span className="rounded-full bg-brand-100 px-2 text-xs text-brand-800">{brandName(search.brand)}</span> : null}
            </>
          }
        >
            <FilterChoices
              legend="Source"
              name="source"
              current={search.source}
              options={(["all", ...DEAL_SOURCES] as const).map((source) => ({
                value: source,
                label: SOURCE_LABELS[source]!,
                count: source === "all" ? undefined : (facets?.sources[source] ?? 0),
              }))}
              onChoose={choose}
            />
            {brandChoices ? (
              <FilterChoices
                legend="Marque"
                name="marque"
                current={search.brand}
                options={[{ value: "", label: "Toutes les marques" }, ...facets.brands.map((b) => ({ value: b.slug, label: b.name, count: b.count }))]}
                onChoose={choose}
              />
            ) : null}
            {facets?.capped ? <p className="mt-2 text-xs text-neutral-600">Nombres comptés parmi les résultats récents.</p> : null}
        </Popover>
        {/* a tab has its own order: the sort applies to the default list */}
        <label className={search.tab === "tous" ? "flex items-center gap-2 text-sm" : "hidden"}>
          <span className="sr-only sm:not-sr-only">Trier par</span>
          <select
            name="tri"
            defaultValue={search.sort}
            key={search.sort}
            onChange={(e) => submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}
            className="h-10 rounded-xl border border-neutral-300 bg-white px-3 text-sm"
          >
            {DEAL_SORTS.filter((s) => s !== "pertinence" || search.q).map((s) => (
              <option key={s} value={s}>
                {DEAL_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <Button type="submit">Rechercher</Button>
        </noscript>
      </Form>
      <noscript>
        {/* the popover needs JavaScript: without it, the filters are links */}
        <nav aria-label="Filtres" className="mt-3 flex flex-wrap gap-2 text-sm">
          {(["all", ...DEAL_SOURCES] as const).map((source) => (
            <a key={source} href={searchHref(search, { source })} aria-current={search.source === source ? "true" : undefined} className="rounded-full border px-3 py-1">
              {SOURCE_LABELS[source]}
            </a>
          ))}
          {facets?.brands.map((b) => (
            <a key={b.slug} href={searchHref(search, { brand: b.slug })} aria-current={search.brand === b.slug ? "true" : undefined} className="rounded-full border px-3 py-1">
              {b.name}
            </a>
          ))}
        </nav>
      </noscript>

      {!failed && facets ? (
        <p className="mt-4 text-sm text-neutral-600" data-testid="deals-count">
          {facets.total === 0 ? null : `${formatCount(facets.total, facets.capped)} ${pluralForm(facets.capped ? 2 : facets.total, { one: "deal", other: "deals" })}`}
        </p>
      ) : null}
      {correction ? <SearchCorrection correction={correction} href={(q) => searchHref(search, { q })} /> : null}
      {search.q ? (
        <p className="mt-2 text-sm">
          <Link to={`${ALERTS_PATH}?q=${encodeURIComponent(search.q)}`} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline" data-testid="create-alert">
            <BellPlus className="size-4" aria-hidden /> Créer une alerte pour « {search.q} »
          </Link>
        </p>
      ) : null}

      <section aria-live="polite" aria-labelledby="deals-results" className="mt-8">
        <h2 id="deals-results" className="sr-only">
          Les deals du moment
        </h2>
        {loading ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Chargement des deals">
            {Array.from({ length: DEALS_SKELETON_COUNT }, (_, i) => (
              <li key={i}>
                <DealCardSkeleton />
              </li>
            ))}
          </ul>
        ) : failed ? (
          <div className="rounded-2xl bg-red-50 p-8 text-center text-red-900" role="alert">
            <p className="font-semibold">{DEAL_MESSAGES.errorTitle}</p>
            <p className="mt-1 text-sm">{DEAL_MESSAGES.errorHint}</p>
          </div>
        ) : deals.length === 0 ? (
          <div className="rounded-2xl bg-neutral-50 p-8 text-center">
            <p className="font-semibold">{DEAL_MESSAGES.emptyTitle}</p>
            <p className="mt-1 text-sm text-neutral-600">{DEAL_MESSAGES.emptyHint}</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {deals.map((d, i) => (
              <li key={d.id} className="flex flex-col">
                <DealCard deal={moi ? memberDeal(d, moi) : d} priority={i === firstPictured}>
                  <DealVote dealId={d.id} mine={moi?.votes[d.id] ?? null} visitor={moi ? !moi.user : false} expired={d.expired} />
                  <SaveButton kind="deal" id={d.id} saved={moi?.savedDeals.includes(d.id) ?? false} />
                </DealCard>
              </li>
            ))}
          </ul>
        )}
      </section>

      {page > 1 || hasNext ? (
        <nav aria-label="Pagination" className="mt-8 flex justify-between">
          {page > 1 ? (
            <Link to={searchHref(search, { page: page - 1 })} className="font-semibold text-brand-700 hover:underline">
              Page précédente
            </Link>
          ) : (
            <span />
          )}
          {hasNext ? (
            <Link to={searchHref(search, { page: page + 1 })} className="font-semibold text-brand-700 hover:underline">
              Page suivante
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

function FilterChoices({
  legend,
  name,
  current,
  options,
  onChoose,
}: {
  legend: string;
  name: string;
  current: string;
  options: { value: string; label: string; count?: number }[];
  onChoose: () => void;
}) {
  return (
    // remounted when the choice changes by another way (a link, back): defaultChecked follows
    <fieldset key={current} className="mb-3 last:mb-0">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="grid gap-1">
        {options.map((o) => (
          <label key={o.value} className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-neutral-50">
            <input
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={current === o.value}
              onChange={onChoose}
              className="accent-brand-600"
            />
            <span className="min-w-0 flex-1 truncate">{o.label}</span>
            {o.count !== undefined ? <span className="text-xs tabular-nums text-neutral-500">{o.count}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary";
