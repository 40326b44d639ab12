import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge";
import { Button, buttonVariants } from "#app/components/ui/button";
import { upToLabel } from "#app/modules/brands/discount";
import { countOf } from "#app/lib/plural";

/** The badge of a brand without cashback once it is launched: what it offers is its codes (issue #34 item 5). */
const NO_CASHBACK_LABEL = "Codes promo";

export interface BrandCardData {
  id: string;
  name: string;
  slug: string;
  category: string | null;
  description: string | null;
  imageUrl: string | null;
  /** the best reduction of its live codes and deals (0: none) */
  maxDiscountPercent: number;
  /** live codes plus deals */
  activeDeals: number;
  /** once cashback is launched: the best current member rate ("7 % de cashback"), null without a programme */
  cashback?: { launched: boolean; label: string | null; boost?: string | null };
}

/**
 * A partner brand of the catalogue (as the product spec describes it): image,
 * "CASHBACK (bientôt)", name, category, description, active deals,
 * "Jusqu'à -X %" (only when its live codes or deals give one) and "Voir
 * les deals", a link to the brand page when it has live codes or deals,
 * disabled otherwise. Once cashback is launched (issue #12 item 8), the badge
 * shows the brand's real member rate instead, and « Codes promo » when the brand
 * has no active programme with a current rate (issue #34 item 5).
 */
export function BrandCard({ brand: b, eager = false, heading: Heading = "h2" }: { brand: BrandCardData; eager?: boolean; heading?: "h2" | "h3" }) {
  const upTo = upToLabel(b.maxDiscountPercent);
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white">
      <div className="relative flex items-center gap-4 p-5">
        {b.imageUrl ? (
          <img src={b.imageUrl} alt="" width={64} height={64} loading={eager ? "eager" : "lazy"} className="size-16 rounded-2xl object-cover" />
        ) : null}
        <div className="min-w-0">
          {!b.cashback?.launched ? (
            <Badge variant="success">CASHBACK (bientôt)</Badge>
          ) : b.cashback.label ? (
            <Badge variant="success" data-testid="brand-tile-cashback">
              {b.cashback.label}
            </Badge>
          ) : (
            <Badge variant="neutral">{NO_CASHBACK_LABEL}</Badge>
          )}
          <Heading className="mt-1 break-words text-lg font-bold">
            <Link to={`/marques/${b.slug}`} className="hover:underline">
              {b.name}
            </Link>
          </Heading>
          <p className="text-sm text-neutral-500">{b.category}</p>
          {/* while the brand's best rate is boosted (issue #34 item 6) */}
          {b.cashback?.launched && b.cashback.boost ? (
            <p className="mt-1 text-xs font-semibold text-amber-800" data-testid="brand-tile-boost">
              {b.cashback.boost}
            </p>
          ) : null}
        </div>
      </div>
      <p className="px-5 text-sm text-neutral-700">{b.description}</p>
      <div className="mt-auto flex items-center justify-between gap-2 p-5">
        <div className="text-sm">
          {upTo ? <p className="font-bold text-brand-700">{upTo}</p> : null}
          <p className="text-neutral-500">
            {b.activeDeals === 0 ? "Aucun deal en ce moment" : countOf(b.activeDeals, { one: "deal actif", other: "deals actifs" })}
          </p>
        </div>
        {b.activeDeals > 0 ? (
          <Link to={`/marques/${b.slug}`} className={buttonVariants({ size: "sm" })}>
            Voir les deals<span className="sr-only"> {b.name}</span>
          </Link>
        ) : (
          <Button size="sm" disabled>
            Voir les deals
          </Button>
        )}
      </div>
    </div>
  );
}
