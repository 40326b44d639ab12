import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * A deal comment's status (issue #15, ADR 036; machine: ADR 045). A comment
 * is posted "visible", or "pending" when its author's comments are held for
 * moderation; an edit holds a visible one again. A moderator approves a
 * pending comment, or removes a pending or visible one; a removal is final.
 */
export const commentStatus = /* @__PURE__ */ defineStateMachine({
  name: "commentaire",
  transitions: {
    visible: ["pending", "removed"],
    pending: ["visible", "removed"],
    removed: [],
  },
});

export type CommentStatus = StateOf<typeof commentStatus>;
