import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A member cashback's status (ADR 037 §Statuses; machine: ADR 045), kept in
 * line with its conversion by the import (syncMemberCashback). A push
 * detects a purchase ("tracked"); a pull makes it "pending" (also while an
 * amount waits for finance or a currency decision), "validated" once the
 * network approves it (the credit), "refused" when the network declines it
 * before validation. A declined conversion may be approved or amended
 * again later. A validated cashback is only "reversed" (the credit taken
 * back), and a reversal is final. Keeping the status is no move.
 */
export const memberCashbackStatus = /* @__PURE__ */ defineStateMachine({
  name: "cashback",
  transitions: {
    tracked: ["pending", "validated", "refused"],
    pending: ["validated", "refused"],
    validated: ["reversed"],
    refused: ["pending", "validated"],
    reversed: [],
  },
});

export type MemberCashbackStatus = StateOf<typeof memberCashbackStatus>;

/** Validated once (the credit happened, even if taken back since): counts as a validated purchase. */
export const CASHBACK_VALIDATED_ONCE = ["validated", "reversed"] as const satisfies readonly MemberCashbackStatus[];

/** Lost for the member (refused, or taken back): the reason is shown, the e-mail is « refusé ». */
export const CASHBACK_LOST = ["refused", "reversed"] as const satisfies readonly MemberCashbackStatus[];

/** Detected, not validated yet: the « achat détecté » digest and the purchase line read them. */
export const CASHBACK_AWAITING = ["tracked", "pending"] as const satisfies readonly MemberCashbackStatus[];
