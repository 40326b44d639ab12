/**
 * "Jusqu'à -X %" on a brand, derived from what the shopper can use today:
 * its live promo codes and its deals (issue #11 item 5). Client-safe.
 */
import { parsePrice } from "#app/modules/offers/offers";

/** A code's discount as a percentage ("15%", "-20 %", "12,5 %"); null for an amount ("10€") or nonsense. */
export function codePercent(discount: string): number | null {
  const m = /(\d+(?:[.,]\d+)?)\s*%/.exec(discount);
  if (!m) return null;
  const n = Number(m[1].replace(",", "."));
  return n > 0 && n <= 100 ? n : null;
}

/** A deal's reduction from its original price, in percent; null without a higher original price. */
export function dealPercent(price: string, originalPrice: string | null): number | null {
  if (!originalPrice) return null;
  const now = parsePrice(price);
  const before = parsePrice(originalPrice);
  if (now === null || before === null || before <= 0 || now < 0 || now >= before) return null;
  return ((before - now) / before) * 100;
}

/**
 * The best reduction among codes' discounts and deals' prices, in whole percent rounded down (never overstated); 0 when none.
 * A deal with a reference price (`priceTruth`, ADR 049) counts its reduction from it, never from its typed original price.
 */
export function maxDiscountPercent(codeDiscounts: string[], deals: Array<{ price: string; originalPrice: string | null; priceTruth?: { reduction: number } | null }>): number {
  const all = [...codeDiscounts.map(codePercent), ...deals.map((d) => (d.priceTruth ? d.priceTruth.reduction : dealPercent(d.price, d.originalPrice)))];
  return Math.floor(Math.max(0, ...all.filter((n): n is number => n !== null)));
}

/** "Jusqu'à -30 %" (French spacing), or null when there is no reduction to show. */
export function upToLabel(percent: number): string | null {
  return percent > 0 ? `Jusqu'à -${percent}\u00a0%` : null;
}
