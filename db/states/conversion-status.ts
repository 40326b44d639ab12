import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A conversion's status as its network reports it (machine: ADR 045; the
 * statuses: ADR 016 §Per-network reference). Each network's own words (`network_status_raw`)
 * map to one of these three, and the import rolls a purchase's records up into
 * one (app/modules/conversions/rollup.ts). A pending sale is approved or
 * declined; an approved one may still be reversed (declined: a return, a
 * cancelled order). A lower status arriving after a higher one (approved →
 * pending, declined → approved) is a regression the rollup ignores, except on
 * the networks whose records are summed (CJ, Rakuten): a purchase whose
 * corrections brought its total to zero or less is declined, and a later
 * correction that brings it back above zero gives it its records' status again.
 * Approved → pending is never a move.
 */
export const conversionStatus = /* @__PURE__ */ defineStateMachine({
  name: "conversion",
  transitions: {
    pending: ["approved", "declined"],
    approved: ["declined"],
    declined: ["pending", "approved"],
  },
});

export type ConversionStatus = StateOf<typeof conversionStatus>;

/**
 * Finance's review of a conversion (ADR 039), null when there is nothing to
 * check: a record from a publisher account no programme is configured for
 * ("unknown_account"), a commission held as implausible ("held") until finance
 * approves it ("approved"). Each imported version works its review out again:
 * a later, larger commission is held again; a configured account lifts
 * "unknown_account". Only "held" → "approved" is finance's own move.
 */
export const conversionReviewStatus = /* @__PURE__ */ defineStateMachine({
  name: "vérification de conversion",
  transitions: {
    unknown_account: ["held", "approved"],
    held: ["approved", "unknown_account"],
    approved: ["held", "unknown_account"],
  },
});

export type ConversionReviewStatus = StateOf<typeof conversionReviewStatus>;

/** Held back from the member until finance or a configured account lets it through. */
export const CONVERSION_REVIEW_HOLDING = ["held", "unknown_account"] as const satisfies readonly ConversionReviewStatus[];
