import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * An affiliate programme's status (issue #37 item 10; machine: ADR 045): a
 * running programme is paused or closed; a paused one resumes or closes; a
 * closed one can only be reopened (never paused). Saving a programme with
 * the status it has is no move. Only an "active" programme tracks clicks.
 */
export const programStatus = /* @__PURE__ */ defineStateMachine({
  name: "programme",
  transitions: {
    active: ["paused", "closed"],
    paused: ["active", "closed"],
    closed: ["active"],
  },
});

export type ProgramStatus = StateOf<typeof programStatus>;
