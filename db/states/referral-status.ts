import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A referral reward's status (ADR 037 §Referral, ADR 040; machine: ADR 045).
 * A promise ("pending") is held for review, paid or cancelled; a hold goes
 * back to the promise or is paid (an admin approves it) or cancelled (an
 * admin refuses it, an account is deleted); a paid reward is only taken back
 * (its source cashback reversed).
 */
export const referralRewardStatus = /* @__PURE__ */ defineStateMachine({
  name: "bonus de parrainage",
  transitions: {
    pending: ["held", "credited", "void"],
    held: ["pending", "credited", "void"],
    credited: ["void"],
    void: [],
  },
});

export type ReferralRewardStatus = StateOf<typeof referralRewardStatus>;

/** Not paid yet and not cancelled: counted as « en attente » on /invite. */
export const REFERRAL_OPEN = ["pending", "held"] as const satisfies readonly ReferralRewardStatus[];
