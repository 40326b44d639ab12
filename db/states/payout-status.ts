import { defineStateMachine, type StateOf } from "../../app/lib/state-machine";

/**
 * A payout's status (issue #13, ADR 021 and 023; machine: ADR 045). The
 * CHECK of payouts.status, the TypeScript union and the allowed moves all
 * come from here. A request starts "requested", or "needs_review" when a
 * fraud signal fires; "approved" goes back to review when the export cannot
 * write its payment (« À corriger »).
 */
export const payoutStatus = defineStateMachine({
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
export const payoutBatchStatus = defineStateMachine({
  name: "lot de virements",
  transitions: { exported: ["sent"], sent: [] },
});

/** The statuses in which the member may still cancel (the file is not made yet). */
const PAYOUT_CANCELLABLE = payoutStatus.sourcesOf("cancelled");

/** Not in a batch file: the payouts with no batch_id. */
export const PAYOUT_UNBATCHED = [...PAYOUT_CANCELLABLE, payoutStatus.is.cancelled] as const;

/** A payout still on its way: one per member at a time. */
export const PAYOUT_OPEN = [payoutStatus.is.requested, payoutStatus.is.needs_review, payoutStatus.is.approved, payoutStatus.is.exported] as const;
