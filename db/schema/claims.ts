import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts";
import { sqlList } from "#app/lib/state-machine";
import { CLAIM_ORDER_FREED, claimStatus, type ClaimStatus } from "#db/states/claim-status";
import { affiliatePrograms, clickSessions, conversions } from "./cashback";

/* ------------------------------------------------------------------ */
/* Missing-cashback claims (#13)                                       */
/* ------------------------------------------------------------------ */

/**
 * « Signaler un achat manquant »: the member's order, tied to one of their
 * own clicks on the programme. One live claim per order (per programme).
 */
export const cashbackClaims = pgTable(
  "cashback_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    clickSessionId: uuid("click_session_id")
      .notNull()
      .references(() => clickSessions.id, { onDelete: "restrict" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => affiliatePrograms.id, { onDelete: "restrict" }),
    orderRef: text("order_ref").notNull(),
    orderAt: timestamp("order_at", { withTimezone: true }).notNull(),
    orderAmountCents: bigint("order_amount_cents", { mode: "number" }).notNull(),
    /** HMAC of the e-mail used for the order, when the member gives it */
    orderEmailHash: text("order_email_hash"),
    /** private storage key of the proof (PDF, PNG or JPEG), never under the web root */
    proofStorageKey: text("proof_storage_key"),
    proofMime: text("proof_mime"),
    memberNote: text("member_note"),
    /** the member ticked « pas d'autre code ni cashback » */
    noOtherCode: boolean("no_other_code").notNull(),
    status: text("status").$type<ClaimStatus>().notNull().default(claimStatus.is.submitted),
    /** the conversion the claim turned into (or already matched) */
    conversionId: uuid("conversion_id").references(() => conversions.id, { onDelete: "set null" }),
    networkInquiryId: text("network_inquiry_id"),
    refusalReasonFr: text("refusal_reason_fr"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** the member re-opened the claim after it expired (allowed once) */
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    /** the claimed order was declined by the network: the claim went to finance as a dispute */
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
  },
  (t) => [
    check("cashback_claims_status_check", sql`${t.status} in (${sql.raw(sqlList(claimStatus.states))})`),
    check("cashback_claims_amount_check", sql`${t.orderAmountCents} > 0`),
    check("cashback_claims_proof_mime_check", sql`${t.proofMime} is null or ${t.proofMime} in ('application/pdf', 'image/png', 'image/jpeg')`),
    // one claim per order: a refused-at-once or withdrawn claim does not hold the order number
    uniqueIndex("cashback_claims_order_idx").on(t.programId, t.orderRef).where(sql`${t.status} not in (${sql.raw(sqlList(CLAIM_ORDER_FREED))})`),
    index("cashback_claims_user_idx").on(t.userId, t.submittedAt),
    index("cashback_claims_status_idx").on(t.status, t.submittedAt),
  ],
);
