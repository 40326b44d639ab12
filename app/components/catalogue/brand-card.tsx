import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";

export interface BrandCardData {
  id: string;
  name: string;
  slug: string;
  category: string | null;
  description: string | null;
  imageUrl: string | null;
  maxDiscountPercent: number;
  activeDeals: number;
}

/**
 * A partner brand of the catalogue (public-site.md §2, Brands): image,
 * "CASHBACK (bientôt)", name, category, description, active deals,
 * "Jusqu'à -X%" and the disabled "Voir les deals" button.
 */
export function BrandCard({ brand: b, eager = false, heading: Heading = "h2" }: { brand: BrandCardData; eager?: boolean; heading?: "h2" | "h3" }) {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white">
      <div className="relative flex items-center gap-4 p-5">
        {b.imageUrl ? (
          <img src={b.imageUrl} alt="" width={64} height={64} loading={eager ? "eager" : "lazy"} className="size-16 rounded-2xl object-cover" />
        ) : null}
        <div className="min-w-0">
          <Badge variant="success">CASHBACK (bientôt)</Badge>
          <Heading className="mt-1 truncate text-lg font-bold">
            <Link to={`/marques/${b.slug}`} className="hover:underline">
              {b.name}
            </Link>
          </Heading>
          <p className="text-sm text-neutral-500">{b.category}</p>
        </div>
      </div>
      <p className="px-5 text-sm text-neutral-700">{b.description}</p>
      <div className="mt-auto flex items-center justify-between gap-2 p-5">
        <div className="text-sm">
          <p className="font-bold text-brand-700">Jusqu'à -{b.maxDiscountPercent}%</p>
          <p className="text-neutral-500">
            {b.activeDeals} {b.activeDeals > 1 ? "deals actifs" : "deal actif"}
          </p>
        </div>
        <Button size="sm" disabled>
          Voir les deals
        </Button>
      </div>
    </div>
  );
}
