import { conversionReviewStatus, type ConversionReviewStatus } from "#db/states/conversion-status";
import { toMicros } from "./decimal";
import { formatNetworkAmount } from "./format";

/**
 * Finance's review of a conversion (ADR 039): its states with their French
 * labels, and the plausibility rule that holds a commission « En
 * vérification ». Pure and client-safe (the back office shows the labels).
 */

/** The review states, in the machine's order (db/states/conversion-status.ts). */
export const CONVERSION_REVIEW_STATUSES = conversionReviewStatus.states;
export type { ConversionReviewStatus };

const CONVERSION_REVIEW_LABELS: Record<ConversionReviewStatus, string> = {
  unknown_account: "Compte inconnu",
  held: "En vérification",
  approved: "Vérifiée",
};

/** The label of a review state; null (nothing to check) has none. */
export function conversionReviewLabel(status: string | null | undefined): string | null {
  if (!status) return null;
  return CONVERSION_REVIEW_LABELS[status as ConversionReviewStatus] ?? status;
}

/** What finance sees beside each review state. */
export const CONVERSION_REVIEW_HINTS: Record<ConversionReviewStatus, string> = {
  unknown_account: "Le compte éditeur de cet enregistrement n'est celui d'aucun programme : aucun membre n'est crédité.",
  held: "Commission hors des limites plausibles : rien n'est crédité tant que la finance ne l'a pas approuvée.",
  approved: "Commission approuvée par la finance.",
};

/** The tolerance above the programme's highest rate × the sale: the greater of 1 € (in the record's currency) and 5 %. */
const TOLERANCE_MIN_MICROS = 1_000_000n;
const TOLERANCE_PERCENT = 5n;

/** A rate of the programme valid at the purchase: a percentage of the sale ("10.00") or a fixed amount in cents. */
export interface RateBound {
  percent: string | null;
  fixedCents: number | null;
}

export interface PlausibilityInput {
  /** exact decimal text, in `currency` */
  commission: string;
  sale: string | null;
  currency: string;
  /** the programme's rates valid at the purchase (none: the rate check does not apply) */
  rates: readonly RateBound[];
  /** the per-conversion ceiling for EUR commissions, in cents */
  ceilingCents: number;
}

const percentText = (value: string) => (value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value).replace(".", ",");

/**
 * Why a commission is implausible (French, for finance), or null when it is
 * plausible: above the programme's highest rate × the sale amount plus the
 * tolerance, or (in euros) above the per-conversion ceiling. A zero or
 * negative commission credits nothing and is never held.
 */
export function implausibleCommission(input: PlausibilityInput): string | null {
  const commission = toMicros(input.commission);
  if (commission <= 0n) return null;
  const amount = formatNetworkAmount(input.commission, input.currency);
  const reasons: string[] = [];

  const sale = input.sale === null ? null : toMicros(input.sale);
  let expected: bigint | null = null;
  let basis = "";
  for (const rate of input.rates) {
    let value: bigint | null = null;
    let text = "";
    if (rate.percent !== null && sale !== null && sale > 0n) {
      // micro-units of a percent: sale × percent / 100
      value = (sale * toMicros(rate.percent)) / 100_000_000n;
      text = `taux le plus haut du programme : ${percentText(rate.percent)} % de ${formatNetworkAmount(input.sale, input.currency)}`;
    } else if (rate.fixedCents !== null) {
      value = BigInt(rate.fixedCents) * 10_000n;
      text = `montant fixe le plus haut du programme : ${formatNetworkAmount((rate.fixedCents / 100).toFixed(2), input.currency)}`;
    }
    if (value !== null && (expected === null || value > expected)) {
      expected = value;
      basis = text;
    }
  }
  if (expected !== null) {
    const fivePercent = (expected * TOLERANCE_PERCENT) / 100n;
    const limit = expected + (fivePercent > TOLERANCE_MIN_MICROS ? fivePercent : TOLERANCE_MIN_MICROS);
    if (commission > limit) reasons.push(`commission de ${amount} au-dessus du maximum plausible de ${formatMicros(limit, input.currency)} (${basis}, plus la tolérance de 5 % ou 1 €)`);
  }
  if (input.currency === "EUR" && commission > BigInt(input.ceilingCents) * 10_000n) {
    reasons.push(`commission de ${amount} au-dessus du plafond par conversion de ${formatNetworkAmount((input.ceilingCents / 100).toFixed(2))}`);
  }
  if (!reasons.length) return null;
  const text = reasons.join(" ; ");
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function formatMicros(value: bigint, currency: string): string {
  const whole = value / 1_000_000n;
  const frac = (value % 1_000_000n).toString().padStart(6, "0");
  return formatNetworkAmount(`${whole}.${frac}`, currency);
}
