import { ROLES, type Role } from "../../db/constants";

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
