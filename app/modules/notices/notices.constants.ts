/** DSA art. 16 notice categories and decisions, shared by the schema, the forms and the database checks (no drizzle import). */
export const NOTICE_CATEGORIES = ["consumer", "counterfeit", "intellectual_property", "scam", "hate", "minors", "privacy", "other"] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

/** Offences for which art. 16(2)(c) does not require the notifier's name and e-mail (Directive 2011/93/EU, arts 3–7). */
export const ANONYMOUS_CATEGORIES: readonly NoticeCategory[] = ["minors"];

export const NOTICE_DECISIONS = ["removed", "restricted", "no_action"] as const;
export type NoticeDecision = (typeof NOTICE_DECISIONS)[number];
