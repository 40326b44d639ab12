import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A network push's status (network_webhook_events, ADR 037 §Statuses;
 * machine: ADR 045). A push is stored "received", or "invalid" when nothing
 * in it is readable. Processing it once leaves it "received" (imported, now
 * with its processing date), or makes it "invalid" or "ignored" (no known
 * programme); a processed Awin push whose records the confirming pull
 * returned becomes "confirmed".
 */
export const webhookEventStatus = /* @__PURE__ */ defineStateMachine({
  name: "notification de réseau",
  transitions: {
    received: ["received", "confirmed", "ignored", "invalid"],
    confirmed: [],
    ignored: [],
    invalid: [],
  },
});

export type WebhookEventStatus = StateOf<typeof webhookEventStatus>;
