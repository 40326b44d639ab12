import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts";
import { memberCashbacks } from "./cashback";
import { sqlList } from "#app/lib/state-machine";
import { referralRewardStatus, type ReferralRewardStatus } from "#db/states/referral-status";

/* ------------------------------------------------------------------ */
/* Referral rewards (#13)                                              */
/* ------------------------------------------------------------------ */

/** The two bonuses of a referral, pending until the friend's first validated cashback (ADR 037 §Referral). */
export const referralRewards = pgTable(
  "referral_rewards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** who is paid: the friend (referee_welcome) or the member who invited them (referrer_first) */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    referrerId: text("referrer_id").references(() => user.id, { onDelete: "set null" }),
    refereeId: text("referee_id").references(() => user.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** its moves: the referralRewardStatus machine (db/states/referral-status.ts) */
    status: text("status").$type<ReferralRewardStatus>().notNull().default(referralRewardStatus.is.pending),
    /** the friend's first validated cashback, which released both rewards */
    sourceCashbackId: uuid("source_cashback_id").references(() => memberCashbacks.id, { onDelete: "set null" }),
    voidReason: text("void_reason"),
    /** why the referral is held for review: the signals the two accounts share (French, for admins) */
    heldReason: text("held_reason"),
    /** an admin's decision on a hold ("admin:{id}"), and when: an approved referral is not held again */
    reviewedBy: text("reviewed_by"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
  },
  (t) => [
    check("referral_rewards_kind_check", sql`${t.kind} in ('referee_welcome', 'referrer_first')`),
    check("referral_rewards_status_check", sql`${t.status} in (${sql.raw(sqlList(referralRewardStatus.states))})`),
    check("referral_rewards_amount_check", sql`${t.amountCents} > 0`),
    uniqueIndex("referral_rewards_kind_referee_idx").on(t.kind, t.refereeId),
    index("referral_rewards_user_idx").on(t.userId, t.createdAt),
    index("referral_rewards_held_idx").on(t.createdAt).where(sql`${t.status} = ${sql.raw(sqlList([referralRewardStatus.is.held]))}`),
  ],
);

/**
 * The welcome bonus (issue #34 item 6, ADR 013 §Welcome bonus): credited once per member, from the
 * marketing account, in the transaction that validates the member's first cashback. The unique
 * user makes a second credit impossible; the ledger key is `wb:{id}` (never the member's id).
 */
export const welcomeBonuses = pgTable(
  "welcome_bonuses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** null once the member's account is deleted (the ledger rows stay, ADR 013) */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** the member's first validated cashback, which earned it */
    sourceCashbackId: uuid("source_cashback_id").references(() => memberCashbacks.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("welcome_bonuses_amount_check", sql`${t.amountCents} > 0`), uniqueIndex("welcome_bonuses_user_idx").on(t.userId)],
);

/* ------------------------------------------------------------------ */
/* Account signals (ADR 040)                                           */
/* ------------------------------------------------------------------ */

/**
 * What an account was seen from: the network of its IP (/24, or /64 for IPv6) and the
 * first-party device cookie, each as an HMAC (never the IP or the cookie in clear), with
 * the first and last time seen. Read to hold a self-referral for review; IP networks are
 * purged 30 days after they were last seen, devices with their cookie's lifetime.
 */
export const accountSignals = pgTable(
  "account_signals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    valueHash: text("value_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("account_signals_kind_check", sql`${t.kind} in ('ip_network', 'device')`),
    uniqueIndex("account_signals_user_kind_value_idx").on(t.userId, t.kind, t.valueHash),
    index("account_signals_kind_value_idx").on(t.kind, t.valueHash),
    index("account_signals_last_seen_idx").on(t.kind, t.lastSeenAt),
  ],
);
