import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

export interface OfferCardData {
  id: string;
  name: string;
  brandName: string;
  category: string | null;
  cashbackPercent: number;
  regularPrice: string;
  discountedPrice: string | null;
  imageUrl: string | null;
  tag: string | null;
}

/**
 * Featured offers. While cashback is not launched every control is disabled
 * and labelled "Bientôt", and the price shown is the regular one: no struck
 * price "with cashback" nobody can get yet. The category filter follows the
 * same rule (clicking the active category clears it).
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
              <div className="relative aspect-square bg-neutral-100">
                {o.imageUrl ? (
                  <img src={o.imageUrl} alt="" width={400} height={400} loading="lazy" className="size-full object-cover" />
                ) : null}
                {o.tag ? <Badge className="absolute left-2 top-2">{o.tag}</Badge> : null}
              </div>
              <div className="flex flex-1 flex-col gap-1 p-3">
                <p className="text-xs font-semibold uppercase text-neutral-500">{o.brandName}</p>
                <h3 className="text-sm font-bold leading-snug">{o.name}</h3>
                {launched && o.discountedPrice ? (
                  <p className="text-xs text-neutral-600">
                    <s>{o.regularPrice}</s> <span className="font-bold text-brand-700">{o.discountedPrice}</span> avec{" "}
                    {o.cashbackPercent.toLocaleString("fr-FR")}&nbsp;% de cashback
                  </p>
                ) : (
                  // no price "with cashback" the shopper cannot get yet (issue #11 item 6)
                  <p className="text-xs text-neutral-600">
                    <span className="font-bold text-neutral-900">{o.regularPrice}</span>
                    {launched ? null : <> · {o.cashbackPercent.toLocaleString("fr-FR")}&nbsp;% de cashback bientôt</>}
                  </p>
                )}
                <Button size="sm" className="mt-auto" disabled={!launched}>
                  {launched ? "Activer le cashback" : "Bientôt"}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
