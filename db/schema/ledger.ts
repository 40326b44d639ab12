import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./accounts";

/* ------------------------------------------------------------------ */
/* Ledger: double-entry, append-only, integer cents (ADR 013)          */
/* ------------------------------------------------------------------ */

/** Per-member accounts (the list) and the two platform accounts. */
export const LEDGER_MEMBER_ACCOUNT_KINDS = ["pending", "available", "in_payout", "paid", "receivable"] as const;
export const LEDGER_PLATFORM_ACCOUNT_KINDS = ["commissions_receivable", "member_liabilities", "referral_commitments", "marketing"] as const;

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    owner: text("owner").notNull(),
    kind: text("kind").notNull(),
    /** the member; set to null when the account is deleted (rows are kept for accounting, ADR 013) */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    currency: text("currency").notNull().default("EUR"),
    /** non_negative | non_positive | any: member money never goes negative, a receivable never positive */
    balanceSign: text("balance_sign").notNull(),
    balanceCents: bigint("balance_cents", { mode: "number" }).notNull().default(0),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    /**
     * set when the member deletes the account: an opaque random reference (no personal data) shared by the
     * member's accounts, so a debt left on them stays identifiable for finance (ADR 013)
     */
    anonymisedRef: text("anonymised_ref"),
    /** when the member's account was deleted (null: not deleted, or deleted before this was recorded) */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_accounts_owner_check", sql`${t.owner} in ('member', 'platform')`),
    check(
      "ledger_accounts_kind_check",
      sql`(${t.owner} = 'member' and ${t.kind} in ('pending', 'available', 'in_payout', 'paid', 'receivable')) or (${t.owner} = 'platform' and ${t.kind} in ('commissions_receivable', 'member_liabilities', 'referral_commitments', 'marketing') and ${t.userId} is null)`,
    ),
    check("ledger_accounts_currency_check", sql`${t.currency} = 'EUR'`),
    check("ledger_accounts_sign_check", sql`${t.balanceSign} in ('non_negative', 'non_positive', 'any')`),
    check(
      "ledger_accounts_balance_check",
      sql`${t.balanceSign} = 'any' or (${t.balanceSign} = 'non_negative' and ${t.balanceCents} >= 0) or (${t.balanceSign} = 'non_positive' and ${t.balanceCents} <= 0)`,
    ),
    uniqueIndex("ledger_accounts_member_kind_idx").on(t.userId, t.kind),
    check("ledger_accounts_anonymised_check", sql`${t.anonymisedRef} is null or ${t.owner} = 'member'`),
    uniqueIndex("ledger_accounts_anonymised_ref_idx").on(t.anonymisedRef, t.kind).where(sql`${t.anonymisedRef} is not null`),
    uniqueIndex("ledger_accounts_platform_kind_idx").on(t.kind).where(sql`${t.owner} = 'platform'`),
  ],
);

/** One row per domain operation (credit, reversal, hold…): its key makes a replay a no-op. */
export const ledgerOperations = pgTable("ledger_operations", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  kind: text("kind").notNull(),
  actor: text("actor").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    operationKey: text("operation_key")
      .notNull()
      .references(() => ledgerOperations.idempotencyKey),
    kind: text("kind").notNull(),
    fromAccountId: bigint("from_account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id),
    toAccountId: bigint("to_account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    refType: text("ref_type"),
    refId: text("ref_id"),
    actor: text("actor").notNull(),
    /** e.g. the rate snapshot taken at click time for a cashback credit */
    metadata: jsonb("metadata"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_transfers_amount_check", sql`${t.amountCents} > 0`),
    check("ledger_transfers_accounts_check", sql`${t.fromAccountId} <> ${t.toAccountId}`),
    index("ledger_transfers_ref_idx").on(t.refType, t.refId),
    index("ledger_transfers_operation_idx").on(t.operationKey),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint("transfer_id", { mode: "number" })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    balanceAfterCents: bigint("balance_after_cents", { mode: "number" }).notNull(),
    accountVersion: bigint("account_version", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_entries_amount_check", sql`${t.amountCents} <> 0`),
    index("ledger_entries_account_idx").on(t.accountId, t.accountVersion),
    uniqueIndex("ledger_entries_transfer_account_idx").on(t.transferId, t.accountId),
    uniqueIndex("ledger_entries_account_version_idx").on(t.accountId, t.accountVersion),
  ],
);
