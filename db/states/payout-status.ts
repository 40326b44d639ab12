import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A payout's status (issue #13, ADR 021 and 023; machine: ADR 045). The
 * CHECK of payouts.status, the TypeScript union and the allowed moves all
 * come from here. A request starts "requested", or "needs_review" when a
 * fraud signal fires; "approved" goes back to review when the export cannot
 * write its payment (« À corriger »).
 */
export const payoutStatus = /* @__PURE__ */ defineStateMachine({
  name: "virement",
  transitions: {
    requested: ["approved", "cancelled"],
    needs_review: ["approved", "cancelled"],
    approved: ["exported", "needs_review", "cancelled"],
    exported: ["sent", "failed"],
    sent: ["completed", "failed"],
    completed: [],
    failed: [],
    cancelled: [],
  },
});

export type PayoutStatus = StateOf<typeof payoutStatus>;

/** A SEPA batch file: made ("exported"), then accepted by the bank ("sent"). */
export const payoutBatchStatus = /* @__PURE__ */ defineStateMachine({
  name: "lot de virements",
  transitions: { exported: ["sent"], sent: [] },
});

// the subsets below are plain literals, typed against the union: this file may spell its states

/** Not in a batch file (no batch_id): the statuses the member may still cancel from, and cancelled. */
export const PAYOUT_UNBATCHED = ["requested", "needs_review", "approved", "cancelled"] as const satisfies readonly PayoutStatus[];

/** A payout still on its way: one per member at a time. */
export const PAYOUT_OPEN = ["requested", "needs_review", "approved", "exported"] as const satisfies readonly PayoutStatus[];
