import { defineStateMachine, type StateOf } from "../../app/lib/state-machine";

/**
 * A missing-cashback claim's status (ADR 037 §Missing-cashback claims;
 * machine: ADR 045). A claim is written "matched" (« À transmettre »), or
 * "disputed" when the network already declined the order. Finance sends it
 * ("sent") and closes it by hand; an imported conversion answers it
 * ("accepted", or "disputed" when declined); the member withdraws it before
 * it is sent, or re-opens it once after it expired. "submitted" and
 * "auto_rejected" are allowed by the column for claims written that way.
 */
export const claimStatus = defineStateMachine({
  name: "réclamation",
  transitions: {
    submitted: ["auto_rejected", "withdrawn", "accepted", "disputed"],
    auto_rejected: [],
    matched: ["sent", "withdrawn", "accepted", "refused", "disputed"],
    sent: ["accepted", "refused", "disputed", "expired"],
    accepted: ["disputed"],
    refused: [],
    expired: ["matched", "accepted", "disputed"],
    withdrawn: [],
    disputed: ["accepted", "refused"],
  },
});

export type ClaimStatus = StateOf<typeof claimStatus>;

/** Refused, by finance or at once: the member reads the reason. */
export const CLAIM_REFUSED = [claimStatus.is.refused, claimStatus.is.auto_rejected] as const;

/** Closed for now (resolved_at is set); an expired claim may still be re-opened, an accepted one disputed. */
export const CLAIM_CLOSED = [claimStatus.is.accepted, ...CLAIM_REFUSED, claimStatus.is.expired, claimStatus.is.withdrawn] as const;

/** Not holding its order number: the same order may be claimed again. */
export const CLAIM_ORDER_FREED = [claimStatus.is.auto_rejected, claimStatus.is.withdrawn] as const;

/** Still waiting for the order (a conversion may answer it); an expired one is answered too. */
export const CLAIM_AWAITING_ORDER = [claimStatus.is.submitted, claimStatus.is.matched, claimStatus.is.sent, claimStatus.is.expired] as const;
