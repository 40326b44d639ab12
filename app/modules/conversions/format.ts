/**
 * Network amounts for display, exactly as stored (numeric text, never a
 * float): "17.833000" → "17,833 €", "-4.5" → "-4,50 €", "1234.5" → "1 234,50 €".
 * Never fewer than two decimals (an amount is always written with its cents), more only
 * when the network sent them: trailing zeros past the cents are dropped, nothing is rounded.
 * Other currencies keep their ISO code: "12,5 USD". Client-safe.
 */
export function formatNetworkAmount(value: string | null | undefined, currency = "EUR"): string {
  if (value === null || value === undefined || value === "") return "—";
  const match = /^\s*(-?)(\d+)(?:\.(\d*))?\s*$/.exec(value);
  if (!match) return `${value} ${currency}`;
  const [, sign, whole, fraction = ""] = match;
  const digits = whole.replace(/^0+(?=\d)/, "");
  // the same narrow no-break space Intl's fr-FR format groups thousands with
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
  const decimals = fraction.replace(/0+$/, "").padEnd(2, "0");
  const zero = /^0*$/.test(digits + decimals);
  const text = `${zero ? "" : sign}${grouped},${decimals}`;
  return `${text}\u00a0${currency === "EUR" ? "€" : currency}`;
}
