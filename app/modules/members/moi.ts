import type { CodeFeedbackView } from "#app/modules/promo-codes/code-feedback.server";
import type { Moi } from "./moi.server";

/**
 * A shared page's cards as their member sees them (ADR 048): the page masks codes and links /kpi for everyone;
 * GET /api/moi says the rest. Pure and client-safe; a visitor's answer changes nothing.
 */

/** A deal card with the member's code (when the page masked it) and tracked cashback link. */
export function memberDeal<T extends { id: string; codeMasked: boolean; cashbackHref?: string | null }>(deal: T, moi: Moi): T {
  const code = deal.codeMasked ? moi.dealCodes[deal.id] : undefined;
  return { ...deal, ...(code ? { ctaText: code, codeMasked: false } : null), cashbackHref: moi.cashback[deal.id] ?? deal.cashbackHref ?? null };
}

/** A promo code card with the member's unmasked code, tracked cashback link and own « Ça a marché ? » answer. */
export function memberCode<T extends { id: string; code: string; masked: boolean; cashbackHref?: string | null; feedback?: CodeFeedbackView }>(code: T, moi: Moi): T {
  if (!moi.user) return code;
  const value = code.masked ? moi.promoCodes[code.id] : undefined;
  const mine = moi.feedback[code.id];
  return {
    ...code,
    ...(value ? { code: value, masked: false } : null),
    cashbackHref: moi.cashback[code.id] ?? code.cashbackHref ?? null,
    ...(code.feedback ? { feedback: { ...code.feedback, mine: mine ? mine.mine : code.feedback.mine, mineReason: mine ? mine.reason : code.feedback.mineReason } } : null),
  };
}
