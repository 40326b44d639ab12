import { sql } from "drizzle-orm";
import {
  customType,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./accounts";
import { sqlList, type StateOf } from "#app/lib/state-machine";
import { PAYOUT_OPEN, PAYOUT_UNBATCHED, payoutBatchStatus, payoutStatus, type PayoutStatus } from "#db/states/payout-status";

/* ------------------------------------------------------------------ */
/* Payouts (issue #13, ADR 021): a member's bank details               */
/* ------------------------------------------------------------------ */

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * Where a member's cashback is paid: a SEPA IBAN, encrypted at rest
 * (AES-256-GCM, app/modules/payouts/bank-crypto.server.ts), shown by its last
 * four characters, usable 72 h after it was added. The HMAC fingerprint keeps
 * one live IBAN to one account.
 */
export const payoutMethods = pgTable(
  "payout_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull().default("sepa"),
    ibanEnc: bytea("iban_enc").notNull(),
    ibanLast4: text("iban_last4").notNull(),
    ibanFingerprint: text("iban_fingerprint").notNull(),
    holderName: text("holder_name").notNull(),
    country: text("country").notNull(),
    usableFrom: timestamp("usable_from", { withTimezone: true }).notNull(),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** an admin allowed this IBAN although another account uses it (a joint account): see iban_share_overrides */
    sharedAllowed: boolean("shared_allowed").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payout_methods_kind_check", sql`${t.kind} in ('sepa')`),
    check("payout_methods_country_check", sql`${t.country} ~ '^[A-Z]{2}$'`),
    // one live method per member, one live IBAN per account (unless an admin allowed the share)
    uniqueIndex("payout_methods_live_user_idx").on(t.userId).where(sql`${t.disabledAt} is null`),
    uniqueIndex("payout_methods_live_fingerprint_idx").on(t.ibanFingerprint).where(sql`${t.disabledAt} is null and not ${t.sharedAllowed}`),
  ],
);

/** An admin's permission for one member to register an IBAN that another account already uses (ADR 021). */
export const ibanShareOverrides = pgTable(
  "iban_share_overrides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ibanFingerprint: text("iban_fingerprint").notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("iban_share_overrides_user_fingerprint_idx").on(t.userId, t.ibanFingerprint)],
);

/* ------------------------------------------------------------------ */
/* Payouts: withdrawals by SEPA credit transfer (ADR 023)              */
/* ------------------------------------------------------------------ */

/** One pain.001 file: the approved payouts it carries, its message id and its hash. */
export const payoutBatches = pgTable(
  "payout_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    msgId: text("msg_id").notNull().unique(),
    status: text("status").$type<StateOf<typeof payoutBatchStatus>>().notNull().default(payoutBatchStatus.is.exported),
    txCount: integer("tx_count").notNull(),
    controlSumCents: bigint("control_sum_cents", { mode: "number" }).notNull(),
    fileSha256: text("file_sha256").notNull(),
    fileXml: text("file_xml").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("payout_batches_status_check", sql`${t.status} in (${sql.raw(sqlList(payoutBatchStatus.states))})`),
    check("payout_batches_count_check", sql`${t.txCount} > 0 and ${t.controlSumCents} > 0`),
    index("payout_batches_created_idx").on(t.createdAt),
  ],
);

/**
 * A withdrawal request. The bank account is copied (encrypted) at request
 * time, so the file pays the account the member chose even if they change it
 * later, and the record survives as accounting evidence.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    methodId: uuid("method_id").references(() => payoutMethods.id, { onDelete: "set null" }),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    status: text("status").$type<PayoutStatus>().notNull().default(payoutStatus.is.requested),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    endToEndId: text("end_to_end_id").notNull().unique(),
    ibanEnc: bytea("iban_enc"),
    ibanLast4: text("iban_last4").notNull(),
    country: text("country").notNull(),
    holderName: text("holder_name").notNull(),
    /** the fraud signals that sent it to review: [{ code, reason }] */
    reviewReasons: jsonb("review_reasons").$type<{ code: string; reason: string }[]>().notNull().default([]),
    batchId: uuid("batch_id").references(() => payoutBatches.id, { onDelete: "restrict" }),
    decidedBy: text("decided_by"),
    decisionReason: text("decision_reason"),
    failureReason: text("failure_reason"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    exportedAt: timestamp("exported_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    check("payouts_amount_check", sql`${t.amountCents} > 0`),
    check("payouts_status_check", sql`${t.status} in (${sql.raw(sqlList(payoutStatus.states))})`),
    check("payouts_end_to_end_check", sql`char_length(${t.endToEndId}) <= 35`),
    check("payouts_batch_check", sql`(${t.batchId} is null) = (${t.status} in (${sql.raw(sqlList(PAYOUT_UNBATCHED))}))`),
    index("payouts_user_idx").on(t.userId, t.requestedAt),
    index("payouts_status_idx").on(t.status, t.requestedAt),
    index("payouts_batch_idx").on(t.batchId),
    // one payout on its way per member: two tabs asking at once make one payout
    uniqueIndex("payouts_one_open_idx").on(t.userId).where(sql`${t.status} in (${sql.raw(sqlList(PAYOUT_OPEN))})`),
  ],
);

/** Each step of a payout, for the member's timeline and the audit trail. */
export const payoutEvents = pgTable(
  "payout_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    payoutId: uuid("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actor: text("actor").notNull(),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payout_events_payout_idx").on(t.payoutId, t.at)],
);
