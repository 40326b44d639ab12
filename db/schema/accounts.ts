import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./shared";

export { ROLES, type Role } from "#db/constants";

/* ------------------------------------------------------------------ */
/* better-auth tables (email + password, admin plugin)                 */
/* ------------------------------------------------------------------ */

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    // admin plugin: the single source of truth for roles (replaces user_roles)
    role: text("role").notNull().default("user"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("user_role_check", sql`${t.role} in ('user', 'editor', 'finance', 'moderator', 'admin')`),
    index("user_created_at_idx").on(t.createdAt),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/* ------------------------------------------------------------------ */
/* Member profile                                                      */
/* ------------------------------------------------------------------ */

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    username: text("username"),
    email: text("email").notNull(),
    avatarUrl: text("avatar_url"),
    newsletterSubscribed: boolean("newsletter_subscribed").notNull().default(false),
    dealsUsed: integer("deals_used").notNull().default(0),
    cashSaved: numeric("cash_saved", { precision: 10, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    /** personal invitation code (/invite) */
    referralCode: text("referral_code").unique(),
    /** who invited this member, when they signed up through an invitation link */
    referredBy: text("referred_by"),
    /**
     * who invited this member, from the code of the member's own sign-up, until the
     * member verifies the address: only then does it become `referred_by` (ADR 040)
     */
    pendingReferredBy: text("pending_referred_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("profiles_email_idx").on(sql`lower(${t.email})`),
    /** the pseudo is unique whatever its case: it names the public page /membres/:pseudo (issue #15 item 9) */
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    index("profiles_created_at_idx").on(t.createdAt),
  ],
);
