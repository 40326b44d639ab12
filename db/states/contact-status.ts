import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A /contact message's status (issue #34 item 7, ADR 041; machine: ADR 045).
 * A message arrives "new"; staff on /admin/contact move it to any other
 * status, back and forth (« En cours », « Traité », or « Nouveau » again),
 * never to the status it already has.
 */
export const contactStatus = /* @__PURE__ */ defineStateMachine({
  name: "message de contact",
  transitions: {
    new: ["in_progress", "done"],
    in_progress: ["new", "done"],
    done: ["new", "in_progress"],
  },
});

export type ContactStatus = StateOf<typeof contactStatus>;
