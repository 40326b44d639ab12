/** Parse a French price text such as "89,00€" or "1 299,90 €" to a number. */
export function parsePrice(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f€]/g, "").replace(/\.(?=\d{3}(\D|$))/g, "").replace(",", ".");
  const n = Number.parseFloat(cleaned);
  return Number.isFinite(n) ? n : null;
}
