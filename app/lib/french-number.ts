/**
 * Numbers written the French way (« 1 234 », « 2,5 ») without `Intl.NumberFormat`, for the code public
 * pages run in the browser (issue #38 item 4). The first number formatter a page builds loads the runtime's number
 * data: 16–38 ms of one task on this machine kind, before Lighthouse's CPU slowdown, on every page that built one
 * while its modules loaded or hydrated (ADR 056). The output is `Intl.NumberFormat("fr-FR")`'s, character for
 * character (a narrow no-break space between groups of three digits, a decimal comma, « - » before a negative
 * number, rounding half away from zero on the shortest decimal that reads back as the number); french-number.test.ts
 * compares the two on thousands of numbers. Server code may use either.
 */

/** U+202F, between groups of three digits. */
const GROUP = "\u202f";

/** The integer and fraction digits of the shortest decimal that reads back as `abs` (what ICU rounds), no exponent. */
function decimalDigits(abs: number): [string, string] {
  const [, int, frac = "", exp = "0"] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(abs))!;
  let digits = int + frac;
  let point = int.length + Number(exp);
  if (point <= 0) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits += "0".repeat(point - digits.length);
  return [digits.slice(0, point).replace(/^0+(?=\d)/, ""), digits.slice(point)];
}

/**
 * `value` as `Intl.NumberFormat("fr-FR", { minimumFractionDigits, maximumFractionDigits })` writes it: at most
 * `maxFraction` decimals (3 by default, as Intl), at least `minFraction`.
 */
export function frenchNumber(value: number, maxFraction = 3, minFraction = 0): string {
  if (Number.isNaN(value)) return "NaN";
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (!Number.isFinite(value)) return `${sign}∞`;
  let [int, frac] = decimalDigits(Math.abs(value));
  if (frac.length > maxFraction) {
    const up = frac.charCodeAt(maxFraction) >= 53; // "5" or more: half away from zero
    const kept = int + frac.slice(0, maxFraction);
    const rounded = (BigInt(kept) + (up ? 1n : 0n)).toString().padStart(kept.length, "0");
    int = rounded.slice(0, rounded.length - maxFraction) || "0";
    frac = rounded.slice(rounded.length - maxFraction);
  }
  frac = frac.replace(/0+$/, "").padEnd(minFraction, "0");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
  return `${sign}${grouped}${frac ? `,${frac}` : ""}`;
}
