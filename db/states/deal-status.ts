import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A Crevarde deal's status (issue #15, ADR 036; machine: ADR 045). A
 * member's post waits for moderation ("pending_review") unless it publishes
 * at once; moderation publishes or rejects it, and removes a published one.
 * A reversed appeal publishes a rejected or removed deal again, and so does
 * an admin's « Publier » on one of the site's own deals.
 */
export const dealStatus = /* @__PURE__ */ defineStateMachine({
  name: "deal",
  transitions: {
    pending_review: ["published", "rejected"],
    published: ["removed"],
    rejected: ["published"],
    removed: ["published"],
  },
});

export type DealStatus = StateOf<typeof dealStatus>;

/** Refused by moderation, never published or taken off: the author may appeal. */
export const DEAL_REFUSED = ["rejected", "removed"] as const satisfies readonly DealStatus[];
