import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts";
import { memberCashbacks } from "./cashback";

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
    status: text("status").notNull().default("pending"),
    /** the friend's first validated cashback, which released both rewards */
    sourceCashbackId: uuid("source_cashback_id").references(() => memberCashbacks.id, { onDelete: "set null" }),
    voidReason: text("void_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
  },
  (t) => [
    check("referral_rewards_kind_check", sql`${t.kind} in ('referee_welcome', 'referrer_first')`),
    check("referral_rewards_status_check", sql`${t.status} in ('pending', 'credited', 'void')`),
    check("referral_rewards_amount_check", sql`${t.amountCents} > 0`),
    uniqueIndex("referral_rewards_kind_referee_idx").on(t.kind, t.refereeId),
    index("referral_rewards_user_idx").on(t.userId, t.createdAt),
  ],
);
