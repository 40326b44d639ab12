import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A newsletter address's status (issue 10 item 15; machine: ADR 045). A row
 * is written "subscribed" once its owner confirms (double opt-in); it opts
 * out by the link of any e-mail or from the profile, and a new confirmation
 * subscribes it again. The unsubscribe link may be clicked again: that
 * second opt-out renews its date (the retention and the « link sent before
 * the opt-out » rule read it), so "unsubscribed" may move to itself.
 */
export const newsletterStatus = /* @__PURE__ */ defineStateMachine({
  name: "newsletter",
  transitions: {
    subscribed: ["unsubscribed"],
    unsubscribed: ["subscribed", "unsubscribed"],
  },
});

export type NewsletterStatus = StateOf<typeof newsletterStatus>;
