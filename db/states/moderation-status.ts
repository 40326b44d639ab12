import { defineStateMachine, type StateOf } from "#app/lib/state-machine";

/**
 * The moderation desk's status columns (ADR 036, EU DSA; machines: ADR 045).
 */

/** A member's report of a comment or a deal: a moderator dismisses it, or upholds it by removing the content. */
export const reportStatus = /* @__PURE__ */ defineStateMachine({
  name: "signalement",
  transitions: { open: ["dismissed", "upheld"], dismissed: [], upheld: [] },
});

export type ReportStatus = StateOf<typeof reportStatus>;

/** An appeal against a refused or removed deal (ADR 036 §Appeals, DSA art. 20): upheld (the decision stands) or reversed (the deal is back). */
export const appealStatus = /* @__PURE__ */ defineStateMachine({
  name: "contestation",
  transitions: { pending: ["upheld", "reversed"], upheld: [], reversed: [] },
});

export type AppealStatus = StateOf<typeof appealStatus>;

/** A notice of illegal content (DSA art. 16): decided once, with its statement of reasons (art. 17). */
export const noticeStatus = /* @__PURE__ */ defineStateMachine({
  name: "signalement de contenu illicite",
  transitions: { received: ["decided"], decided: [] },
});

export type NoticeStatus = StateOf<typeof noticeStatus>;
