/**
 * The welcome bonus's copy (issue #34 item 6, ADR 013 §Welcome bonus). Client-safe.
 */
import { formatEuros } from "#app/modules/ledger/ledger";

/** The sign-up page's promise: « 3,00 € offerts à ton premier achat validé ». */
export function welcomeBonusPromise(cents: number): string {
  return `${formatEuros(cents)} offerts à ton premier achat validé`;
}

/** The line of /mon-cashback's history. */
export const WELCOME_BONUS_LABEL = "Bonus de bienvenue";
export const WELCOME_BONUS_DETAIL = "Offert pour ton premier achat validé";
