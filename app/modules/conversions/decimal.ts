/**
 * Exact decimal arithmetic for network amounts (ADR 018, Amounts): amounts are
 * numeric text, held here as BigInt micro-units (10^-6, the scale of the
 * numeric(18,6) columns). Never a float.
 */

const SCALE = 6;
const ONE = 10n ** BigInt(SCALE);
const DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$|^([+-])?\.(\d+)$/;
/** numeric(18,6): 12 digits before the point */
const MAX = 10n ** 18n;

export class DecimalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecimalError";
  }
}

/** "17.833", "-4.5", "0.000001" → micro-units; more than 6 decimals or beyond numeric(18,6) is an error. */
export function toMicros(text: string): bigint {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new DecimalError(`montant invalide : « ${text} »`);
  const sign = m[1] ?? m[4];
  const whole = m[2] ?? "0";
  const frac = (m[3] ?? m[5] ?? "").replace(/0+$/, "");
  if (frac.length > SCALE) throw new DecimalError(`montant trop précis (plus de ${SCALE} décimales) : « ${text} »`);
  const value = BigInt(whole) * ONE + BigInt(frac.padEnd(SCALE, "0") || "0");
  if (value >= MAX) throw new DecimalError(`montant hors limites : « ${text} »`);
  return sign === "-" ? -value : value;
}

/** Micro-units → "12.500000" (always 6 decimals, as PostgreSQL returns numeric(18,6)). */
export function fromMicros(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / ONE;
  const frac = (abs % ONE).toString().padStart(SCALE, "0");
  return `${negative ? "-" : ""}${whole}.${frac}`;
}

/** The same amount in the canonical numeric(18,6) text ("4.5" → "4.500000"). */
export function normaliseDecimal(text: string): string {
  return fromMicros(toMicros(text));
}

/**
 * The member's share in integer cents: floor(commission × shareBps / 10000 × 100),
 * computed exactly; a zero or negative commission gives 0 (never negative).
 */
export function memberShareFromDecimal(commission: string, shareBps: number): number {
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > 10_000) throw new DecimalError(`share must be 0..10000 bps, got ${shareBps}`);
  const micros = toMicros(commission);
  if (micros <= 0n) return 0;
  // cents = micros / 10^4; share = × bps / 10^4 → floor(micros × bps / 10^8)
  return Number((micros * BigInt(shareBps)) / 100_000_000n);
}
