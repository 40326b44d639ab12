import { ROLES, type Role } from "#db/constants";

/**
 * One permission model for the back office (ADR 022). A route asks for a
 * permission, never for a role; a role is a set of permissions. Admins hold
 * every permission; members (`user`) hold none.
 */
export const PERMISSIONS = [
  /** enter /admin and see its dashboard */
  "backoffice",
  /** promo codes, offers, deals, categories, brands, content, pages, uploads */
  "catalogue",
  /** affiliate programmes, conversions, payouts, claims, treasury: anything about money */
  "money",
  /** accounts and roles */
  "users",
  /** site settings */
  "settings",
  /** notices of illegal content (DSA) and, later, the community's moderation queues */
  "moderation",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  user: [],
  editor: ["backoffice", "catalogue"],
  finance: ["backoffice", "money"],
  moderator: ["backoffice", "moderation"],
  admin: PERMISSIONS,
};

export const ROLE_LABELS: Record<Role, string> = {
  user: "Utilisateur",
  editor: "Éditeur",
  finance: "Finance",
  moderator: "Modérateur",
  admin: "Administrateur",
};

/** A role read from the database or a session: anything unknown counts as a member. */
export function toRole(value: unknown): Role {
  return (ROLES as readonly unknown[]).includes(value) ? (value as Role) : "user";
}

export function can(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/**
 * Who reads which entries of the journal (issue #37 item 5): each kind of
 * audit entry (`audit_log.entity`) and the permission it belongs to. The one
 * list of entry kinds: `recordAudit`/`recordAuditIn` accept only these, so a
 * new kind must be placed here first. A kind found in the log but not here
 * (an old entry) is shown to admins only.
 */
export const AUDIT_ENTITY_PERMISSION = {
  promo_code: "catalogue",
  offer: "catalogue",
  deal: "catalogue",
  category: "catalogue",
  brand: "catalogue",
  content_block: "catalogue",
  page: "catalogue",
  blog_article: "catalogue",
  help_article: "catalogue",
  upload: "catalogue",
  price_observations: "catalogue",
  conversion: "money",
  payout: "money",
  payout_batch: "money",
  cashback_claims: "money",
  cashback_claims_export: "money",
  affiliate_program: "money",
  program_rate: "money",
  network_payments: "money",
  network_push_secret: "money",
  ledger_accounts: "money",
  referral: "money",
  iban_share_override: "money",
  user: "users",
  settings: "settings",
  crevarde_deals: "moderation",
  "deal-expiry": "moderation",
  deal_appeals: "moderation",
  deal_comments: "moderation",
  content_reports: "moderation",
  content_notices: "moderation",
  user_block: "moderation",
  contact_messages: "moderation",
} as const satisfies Record<string, Permission>;
export type AuditEntity = keyof typeof AUDIT_ENTITY_PERMISSION;

/** The journal entry kinds `role` may read; null: every kind, unknown ones included (admins). */
export function auditEntitiesFor(role: Role): AuditEntity[] | null {
  if (PERMISSIONS.every((p) => can(role, p))) return null;
  return (Object.keys(AUDIT_ENTITY_PERMISSION) as AuditEntity[]).filter((entity) => can(role, AUDIT_ENTITY_PERMISSION[entity]));
}
