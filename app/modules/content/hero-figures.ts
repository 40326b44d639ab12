/**
 * The home hero's figures, counted in the database (issue #11 item 5): live
 * codes, deals and partner brands. A figure that is 0 is not shown. Client-safe.
 */
import { frenchNumber } from "#app/lib/french-number";
import type { Stat } from "./home-defaults";

export interface HeroCounts {
  codes: number;
  deals: number;
  brands: number;
}

export function heroFigures(counts: HeroCounts): Stat[] {
  const figures: Array<[number, string, string]> = [
    [counts.codes, "Code promo valide", "Codes promo valides"],
    [counts.deals, "Deal repéré", "Deals repérés"],
    [counts.brands, "Marque partenaire", "Marques partenaires"],
  ];
  return figures.filter(([n]) => n > 0).map(([n, one, many]) => ({ value: frenchNumber(n), label: n > 1 ? many : one }));
}
