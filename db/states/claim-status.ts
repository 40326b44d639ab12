import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A missing-cashback claim's status (ADR 037 §Missing-cashback claims;
 * machine: ADR 045). A claim is written "matched" (« À transmettre »), or
 * "disputed" when the network already declined the order. Finance sends it
 * ("sent") and closes it by hand; an imported conversion answers it
 * ("accepted", or "disputed" when declined); the member withdraws it before
 * it is sent, or re-opens it once after it expired. "submitted" and
 * "auto_rejected" are allowed by the column for claims written that way.
 */
export const claimStatus = /* @__PURE__ */ defineStateMachine({
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
export const CLAIM_REFUSED = ["refused", "auto_rejected"] as const satisfies readonly ClaimStatus[];

/** Closed for now (resolved_at is set); an expired claim may still be re-opened, an accepted one disputed. */
export const CLAIM_CLOSED = ["accepted", "refused", "auto_rejected", "expired", "withdrawn"] as const satisfies readonly ClaimStatus[];

/** Not holding its order number: the same order may be claimed again. */
export const CLAIM_ORDER_FREED = ["auto_rejected", "withdrawn"] as const satisfies readonly ClaimStatus[];

/** Still waiting for the order (a conversion may answer it); an expired one is answered too. */
export const CLAIM_AWAITING_ORDER = ["submitted", "matched", "sent", "expired"] as const satisfies readonly ClaimStatus[];
