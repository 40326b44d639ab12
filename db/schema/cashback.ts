import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { networkCheck, timestamps } from "./shared";
import { user } from "./accounts";
import { brands } from "./catalogue";
import { sqlList } from "#app/lib/state-machine";
import { programStatus, type ProgramStatus } from "#db/states/program-status";
import { memberCashbackStatus, type MemberCashbackStatus } from "#db/states/member-cashback-status";
import { conversionReviewStatus, conversionStatus, type ConversionReviewStatus, type ConversionStatus } from "#db/states/conversion-status";

/* ------------------------------------------------------------------ */
/* Cashback (issue #12; ADR 015, 018, 037)                              */
/* ------------------------------------------------------------------ */


/** A programme we are accepted on: one brand may have several, on several networks. */
export const affiliatePrograms = pgTable(
  "affiliate_programs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    network: text("network").notNull(),
    /** our publisher id on that network (Awin publisherId, Impact AccountSid…) */
    networkAccountId: text("network_account_id").notNull(),
    /** the advertiser/programme id on that network (Awin advertiserId, CJ CID, Rakuten mid…) */
    networkProgramId: text("network_program_id").notNull(),
    /** contains {CLICK_ID} and optionally {DEST} (URL-encoded destination) */
    trackingUrlTemplate: text("tracking_url_template").notNull(),
    /** the member's share of the commission, in basis points (7000 = 70 %) */
    memberShareBps: integer("member_share_bps").notNull().default(7000),
    /** the network computes its commission on the amount excluding VAT and shipping (most do; ADR 006) */
    rateBaseExcludesVatAndShipping: boolean("rate_base_excludes_vat_and_shipping").notNull().default(true),
    /** the VAT rate of the brand's prices, in basis points (2000 = 20 %): what a price is divided by for that base */
    vatRateBps: integer("vat_rate_bps").notNull().default(2000),
    currency: text("currency").notNull().default("EUR"),
    cookieDays: integer("cookie_days").notNull().default(30),
    declaredValidationDays: integer("declared_validation_days"),
    /** its moves: the programStatus machine (db/states/program-status.ts) */
    status: text("status").$type<ProgramStatus>().notNull().default(programStatus.is.active),
    conditionsMd: text("conditions_md"),
    /**
     * A time-boxed boost (issue #34 item 6, ADR 015 §Boosts): during [boost_starts_at, boost_ends_at) the member's
     * share is boost_share_bps instead of member_share_bps, so every rate shown and every click's snapshot use it.
     */
    boostShareBps: integer("boost_share_bps"),
    boostStartsAt: timestamp("boost_starts_at", { withTimezone: true }),
    boostEndsAt: timestamp("boost_ends_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    networkCheck("affiliate_programs_network_check", t.network),
    check(
      "affiliate_programs_boost_check",
      sql`(${t.boostShareBps} is null and ${t.boostStartsAt} is null and ${t.boostEndsAt} is null) or (${t.boostShareBps} is not null and ${t.boostStartsAt} is not null and ${t.boostEndsAt} is not null and ${t.boostEndsAt} > ${t.boostStartsAt} and ${t.boostShareBps} between 0 and 10000)`,
    ),
    check("affiliate_programs_status_check", sql`${t.status} in (${sql.raw(sqlList(programStatus.states))})`),
    check("affiliate_programs_share_check", sql`${t.memberShareBps} between 0 and 10000`),
    check("affiliate_programs_vat_check", sql`${t.vatRateBps} between 0 and 10000`),
    check("affiliate_programs_cookie_check", sql`${t.cookieDays} between 1 and 365`),
    check("affiliate_programs_delay_check", sql`${t.declaredValidationDays} is null or ${t.declaredValidationDays} between 1 and 730`),
    check("affiliate_programs_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    uniqueIndex("affiliate_programs_network_ids_idx").on(t.network, t.networkAccountId, t.networkProgramId),
    index("affiliate_programs_brand_idx").on(t.brandId),
  ],
);

/** A programme's rates with their history: the rate valid at click time applies. */
export const programRates = pgTable(
  "program_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programId: uuid("program_id")
      .notNull()
      .references(() => affiliatePrograms.id, { onDelete: "cascade" }),
    /** e.g. "Nouveaux clients" */
    label: text("label").notNull(),
    /** commission rate shown to members, percent of the basket (exclusive with fixed) */
    displayPercent: numeric("display_percent", { precision: 5, scale: 2 }),
    displayFixedCents: integer("display_fixed_cents"),
    commissionGroupCode: text("commission_group_code"),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
    validTo: timestamp("valid_to", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("program_rates_value_check", sql`(${t.displayPercent} is not null) <> (${t.displayFixedCents} is not null)`),
    check("program_rates_percent_check", sql`${t.displayPercent} is null or ${t.displayPercent} between 0 and 100`),
    check("program_rates_fixed_check", sql`${t.displayFixedCents} is null or ${t.displayFixedCents} >= 0`),
    check("program_rates_window_check", sql`${t.validTo} is null or ${t.validTo} > ${t.validFrom}`),
    index("program_rates_program_idx").on(t.programId, t.validFrom),
  ],
);

/** One member click-out: contractual data, not analytics. The click id is opaque (never the member's id). */
export const clickSessions = pgTable(
  "click_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "c" + 20 base62 characters (ADR 037 §Click id) */
    clickId: text("click_id").notNull().unique(),
    /** null once the member's account is deleted */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    programId: uuid("program_id")
      .notNull()
      .references(() => affiliatePrograms.id),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    dealId: uuid("deal_id"),
    promoCodeId: uuid("promo_code_id"),
    destinationUrl: text("destination_url").notNull(),
    /** member share and the rates valid at click time */
    rateSnapshot: jsonb("rate_snapshot").$type<Record<string, unknown>>().notNull(),
    visitorHash: text("visitor_hash"),
    userAgentFamily: text("user_agent_family"),
    sourcePath: text("source_path"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("click_sessions_click_id_check", sql`${t.clickId} ~ '^c[0-9A-Za-z]{20}$'`),
    index("click_sessions_user_idx").on(t.userId, t.createdAt.desc()),
    index("click_sessions_program_idx").on(t.programId, t.createdAt),
  ],
);

/** One purchase as the network reports it (the sum of its records). Network amounts are exact numeric text. */
export const conversions = pgTable(
  "conversions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    network: text("network").notNull(),
    networkAccountId: text("network_account_id").notNull(),
    conversionKey: text("conversion_key").notNull(),
    programId: uuid("program_id").references(() => affiliatePrograms.id, { onDelete: "set null" }),
    clickId: text("click_id"),
    clickSessionId: uuid("click_session_id").references(() => clickSessions.id, { onDelete: "set null" }),
    /** null = unattributed (unknown click id, or the member deleted their account) */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    orderRef: text("order_ref"),
    networkStatusRaw: text("network_status_raw").notNull(),
    /** the network's status, normalised: the conversionStatus machine (db/states/conversion-status.ts) */
    status: text("status").$type<ConversionStatus>().notNull(),
    networkPaid: boolean("network_paid").notNull().default(false),
    saleAmount: numeric("sale_amount", { precision: 18, scale: 6 }),
    commissionAmount: numeric("commission_amount", { precision: 18, scale: 6 }).notNull(),
    currency: text("currency").notNull(),
    firstCommissionAmount: numeric("first_commission_amount", { precision: 18, scale: 6 }).notNull(),
    /** for a currency other than EUR: the EUR commission an admin decided to credit (null = not decided) */
    fxCommissionEur: numeric("fx_commission_eur", { precision: 18, scale: 6 }),
    fxDecidedBy: text("fx_decided_by"),
    fxDecidedAt: timestamp("fx_decided_at", { withTimezone: true }),
    transactionAt: timestamp("transaction_at", { withTimezone: true }).notNull(),
    clickAt: timestamp("click_at", { withTimezone: true }),
    validatedAt: timestamp("validated_at", { withTimezone: true }),
    /** Impact LockingDate / CJ lockingDate */
    lockingAt: timestamp("locking_at", { withTimezone: true }),
    declineReasonRaw: text("decline_reason_raw"),
    reasonCode: text("reason_code"),
    /** seen only through a push so far (a push never creates money on its own) */
    pushOnly: boolean("push_only").notNull().default(false),
    /** finance's review (ADR 039): unknown_account | held | approved; null = nothing to check */
    reviewStatus: text("review_status").$type<ConversionReviewStatus>(),
    /** why the commission is held, in French, for finance */
    reviewReason: text("review_reason"),
    /** the commission finance approved: a later version up to this amount stays approved */
    reviewApprovedCommission: numeric("review_approved_commission", { precision: 18, scale: 6 }),
    reviewDecidedBy: text("review_decided_by"),
    reviewDecidedAt: timestamp("review_decided_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    rawHash: text("raw_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastChangedAt: timestamp("last_changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    networkCheck("conversions_network_check", t.network),
    check("conversions_status_check", sql`${t.status} in (${sql.raw(sqlList(conversionStatus.states))})`),
    check("conversions_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("conversions_review_status_check", sql`${t.reviewStatus} is null or ${t.reviewStatus} in (${sql.raw(sqlList(conversionReviewStatus.states))})`),
    uniqueIndex("conversions_key_idx").on(t.network, t.networkAccountId, t.conversionKey),
    index("conversions_user_idx").on(t.userId, t.transactionAt.desc()),
    index("conversions_status_idx").on(t.status, t.transactionAt.desc()),
    index("conversions_click_idx").on(t.clickId),
    index("conversions_program_idx").on(t.programId, t.validatedAt),
    index("conversions_review_idx").on(t.reviewStatus, t.transactionAt.desc()).where(sql`${t.reviewStatus} is not null`),
  ],
);

/** Field-level change history of a conversion. */
export const conversionChanges = pgTable(
  "conversion_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversionId: uuid("conversion_id")
      .notNull()
      .references(() => conversions.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    field: text("field").notNull(),
    old: jsonb("old"),
    new: jsonb("new"),
    /** pull | push | manual | admin:<email> */
    source: text("source").notNull(),
  },
  (t) => [index("conversion_changes_conversion_idx").on(t.conversionId, t.at)],
);

/** The member's side of an attributed conversion: what "Mon cashback" shows. */
export const memberCashbacks = pgTable(
  "member_cashbacks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversionId: uuid("conversion_id")
      .notNull()
      .unique()
      .references(() => conversions.id),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    clickSessionId: uuid("click_session_id").references(() => clickSessions.id, { onDelete: "set null" }),
    /** its moves: the memberCashbackStatus machine (db/states/member-cashback-status.ts) */
    status: text("status").$type<MemberCashbackStatus>().notNull(),
    /** the member's current share, integer cents, floored */
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    initialAmountCents: bigint("initial_amount_cents", { mode: "number" }).notNull(),
    /** member share (bps) and rate label at click time */
    rateSnapshot: jsonb("rate_snapshot").$type<Record<string, unknown>>().notNull(),
    expectedValidationAt: timestamp("expected_validation_at", { withTimezone: true }),
    reasonCode: text("reason_code"),
    reasonTextFr: text("reason_text_fr"),
    creditTransferId: bigint("credit_transfer_id", { mode: "number" }),
    reversalTransferId: bigint("reversal_transfer_id", { mode: "number" }),
    /** a push-only detection not confirmed by a pull within 7 days is hidden (kept for audit) */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** when the "achat détecté" digest covering this purchase was queued */
    detectedNotifiedAt: timestamp("detected_notified_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("member_cashbacks_status_check", sql`${t.status} in (${sql.raw(sqlList(memberCashbackStatus.states))})`),
    check("member_cashbacks_amount_check", sql`${t.amountCents} >= 0 and ${t.initialAmountCents} >= 0`),
    index("member_cashbacks_user_idx").on(t.userId, t.createdAt.desc()),
    index("member_cashbacks_status_idx").on(t.status),
  ],
);

/** The timeline of a member cashback. */
export const memberCashbackEvents = pgTable(
  "member_cashback_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberCashbackId: uuid("member_cashback_id")
      .notNull()
      .references(() => memberCashbacks.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** import | push | admin:<email> | autovalidate */
    cause: text("cause").notNull(),
  },
  (t) => [index("member_cashback_events_cashback_idx").on(t.memberCashbackId, t.at)],
);

/** Cashback e-mails a member has switched off (one row per type). */
export const CASHBACK_EMAIL_KINDS = ["detected", "validated", "refused"] as const;
export const cashbackEmailOptOuts = pgTable(
  "cashback_email_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("cashback_email_opt_outs_kind_check", sql`${t.kind} in ('detected', 'validated', 'refused')`),
  ],
);
