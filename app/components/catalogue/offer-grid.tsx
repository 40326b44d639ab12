import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { buttonVariants } from "#app/components/ui/button";
import { cn } from "#app/lib/utils";

export interface OfferCardData {
  id: string;
  name: string;
  brandName: string;
  category: string | null;
  regularPrice: string;
  /**
   * from the brand's active programmes (null: none, so no cashback is shown): its label
   * ("Jusqu'à 7 % de cashback") and, once launched, the line with its worth on this price and
   * the programme's activation link (/cashback/activer/…: a member gets a click id, a visitor signs in first)
   */
  cashback: { label: string; text: string | null; href: string | null; boost?: string | null } | null;
  imageUrl: string | null;
  tag: string | null;
  /** « Prix le plus bas des 30 derniers jours : … » (ADR 049); null without a reference price */
  lowest?: string | null;
}

/**
 * Featured offers. The price shown is always the shop's, never struck through;
 * once cashback is launched the brand's rate and its worth on that price follow
 * ("Jusqu'à 7 % de cashback, soit environ 5,19 €", ADR 006) with « Activer le cashback »
 * through the programme. While it is not launched there is no activation button at all, not a
 * disabled one (issue #34 item 2, ADR 006); the category filter stays disabled (clicking the
 * active category clears it).
 */
export function OfferGrid({
  offers,
  categories,
  activeCategory,
  launched,
}: {
  offers: OfferCardData[];
  categories: string[];
  activeCategory: string | null;
  launched: boolean;
}) {
  return (
    <div>
      {categories.length > 0 ? (
        <ul className="mb-6 flex flex-wrap gap-2" aria-label="Filtrer les offres par catégorie">
          {categories.map((c) => {
            const active = c === activeCategory;
            const label = `${c}${launched ? "" : " · Bientôt"}`;
            return (
              <li key={c}>
                {launched ? (
                  <Link
                    to={active ? "?" : `?offres=${encodeURIComponent(c)}`}
                    preventScrollReset
                    // a link that filters is current, not pressed (aria-pressed belongs to buttons)
                    aria-current={active ? "true" : undefined}
                    className={cn(
                      "rounded-full border px-3 py-1 text-sm",
                      active ? "border-brand-600 bg-brand-600 text-white" : "border-neutral-300",
                    )}
                  >
                    {c}
                  </Link>
                ) : (
                  <button type="button" disabled className="rounded-full border border-neutral-300 px-3 py-1 text-sm opacity-60">
                    {label}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {offers.length === 0 ? (
        <p className="rounded-2xl bg-neutral-50 p-8 text-center text-neutral-600">Aucune offre disponible pour le moment.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
          {offers.map((o) => (
            <li key={o.id} className="flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white">
              {/* the image and the name lead to the offer's page (its price history, « Préviens-moi sous … »); hidden from
                  assistive technology and the tab order, the name's link says the same */}
              <Link to={offerPath(o.id)} tabIndex={-1} aria-hidden="true" className="relative block aspect-square bg-neutral-100">
                {o.imageUrl ? (
                  <img src={o.imageUrl} alt="" width={400} height={400} loading="lazy" className="size-full object-cover" />
                ) : null}
                {o.tag ? <Badge className="absolute left-2 top-2">{o.tag}</Badge> : null}
              </Link>
              <div className="flex flex-1 flex-col gap-1 p-3">
                <p className="text-xs font-semibold uppercase text-neutral-500">{o.brandName}</p>
                <h3 className="text-sm font-bold leading-snug">
                  <Link to={offerPath(o.id)} className="hover:underline">
                    {o.name}
                  </Link>
                </h3>
                <OfferFigures offer={o} launched={launched} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An offer's page (/offres/:id, ADR 049 §The offer page). */
export const offerPath = (id: string) => `/offres/${id}`;

/**
 * What an offer's card says under its name, and its page the same: the shop's price, the 30-day low, the brand's
 * cashback and « Activer le cashback » (its only way out: an offer's product link is never sent, ADR 049).
 */
export function OfferFigures({ offer: o, launched }: { offer: OfferCardData; launched: boolean }) {
  return (
    <>
      {/* the shop's price, never struck through: the cashback comes later and is an estimate (issue #34 item 3) */}
      <p className="text-xs text-neutral-600">
        <span className="font-bold text-neutral-900">{o.regularPrice}</span>
        {/* no price "with cashback" the shopper cannot get yet (issue #11 item 6) */}
        {!launched && o.cashback ? <> · {o.cashback.label} bientôt</> : null}
      </p>
      {o.lowest ? <p className="text-xs text-neutral-600">{o.lowest}</p> : null}
      {launched && o.cashback?.text ? (
        <p className="text-xs font-semibold text-brand-700" data-testid="offer-cashback">
          {o.cashback.text}
        </p>
      ) : null}
      {/* while the brand's best rate is boosted (issue #34 item 6) */}
      {launched && o.cashback?.boost ? (
        <p className="text-xs font-semibold text-amber-800" data-testid="offer-cashback-boost">
          {o.cashback.boost}
        </p>
      ) : null}
      {/* only a brand with an active programme offers cashback, and only once launched (issue #34 item 2) */}
      {launched && o.cashback?.href ? (
        <a href={o.cashback.href} rel="nofollow" className={cn(buttonVariants({ size: "sm" }), "mt-auto")}>
          Activer le cashback
        </a>
      ) : null}
    </>
  );
}
