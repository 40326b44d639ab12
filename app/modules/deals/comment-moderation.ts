/**
 * What moderators cite and read when they decide on a comment (issue #15 item 8): apart from
 * deal-comments.ts, so the deal page, which shares that module with the moderation desk, does not
 * load these strings (its JavaScript budget, ADR 049 §Alerts).
 */

/** The rules a moderator may cite when removing a comment (DSA art. 17(3)(e)). */
export const COMMENT_MODERATION_RULES = {
  spam: "Spam, publicité ou lien de parrainage",
  abusive: "Propos injurieux, haineux ou harcèlement",
  personal_data: "Données personnelles d'une autre personne",
  misleading: "Information trompeuse",
  off_topic: "Hors sujet",
  illegal: "Contenu illicite",
  other: "Autre règle de la communauté",
} as const;
export type CommentModerationRule = keyof typeof COMMENT_MODERATION_RULES;
export const COMMENT_RULE_KEYS = Object.keys(COMMENT_MODERATION_RULES) as [CommentModerationRule, ...CommentModerationRule[]];

export const COMMENT_MODERATION_MESSAGES = {
  ruleRequired: "Choisissez la règle enfreinte.",
  notPending: "Ce commentaire n'est plus en attente de modération.",
  alreadyRemoved: "Ce commentaire est déjà retiré.",
  noOpenReport: "Ces signalements sont déjà traités.",
} as const;
