import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./accounts";
import { networkCheck } from "./shared";
import { sqlList } from "#app/lib/state-machine";
import { webhookEventStatus, type WebhookEventStatus } from "#db/states/webhook-event-status";

/* ------------------------------------------------------------------ */
/* Affiliate networks (issue #12; ADR 015–018)                         */
/* ------------------------------------------------------------------ */

/** The eight affiliate networks (app/modules/networks/networks.ts has their labels and sub-id parameters). */
export { NETWORKS } from "#db/constants-cashback";

/** One network API call (or file import), with its counters. */
export const networkFetches = pgTable("network_fetches", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  network: text("network").notNull(),
  networkAccountId: text("network_account_id"),
  /** e.g. "awin.pull.recent", "file", "push" */
  job: text("job").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }),
  windowEnd: timestamp("window_end", { withTimezone: true }),
  dateType: text("date_type"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  httpStatus: integer("http_status"),
  rows: integer("rows").notNull().default(0),
  inserted: integer("inserted").notNull().default(0),
  updated: integer("updated").notNull().default(0),
  unchanged: integer("unchanged").notNull().default(0),
  rejected: integer("rejected").notNull().default(0),
  error: text("error"),
  bodySha256: text("body_sha256"),
  actor: text("actor"),
});

/** One row per distinct version of a network record: an identical replay writes nothing. */
export const networkRecords = pgTable(
  "network_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    network: text("network").notNull(),
    networkAccountId: text("network_account_id").notNull(),
    recordId: text("record_id").notNull(),
    /** the logical purchase this record belongs to */
    conversionKey: text("conversion_key").notNull(),
    raw: jsonb("raw").$type<Record<string, unknown>>().notNull(),
    /** the parsed record (NormalisedRecord without raw, dates as ISO text): conversions are recomputed from these */
    normalised: jsonb("normalised").$type<Record<string, unknown>>(),
    /** sha256 of the canonical JSON (sorted keys) of raw */
    rawHash: text("raw_hash").notNull(),
    source: text("source").notNull(),
    fetchId: bigint("fetch_id", { mode: "number" }).references(() => networkFetches.id, { onDelete: "set null" }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    networkCheck("network_records_network_check", t.network),
    check("network_records_source_check", sql`${t.source} in ('pull', 'push', 'manual')`),
    uniqueIndex("network_records_version_idx").on(t.network, t.networkAccountId, t.recordId, t.rawHash),
    index("network_records_conversion_idx").on(t.network, t.networkAccountId, t.conversionKey),
  ],
);

/** Raw network pushes (Awin, Kwanko): stored as received (≤ 256 KB), hints confirmed by the next pull. */
export const networkWebhookEvents = pgTable(
  "network_webhook_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    network: text("network").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    remoteIpHash: text("remote_ip_hash"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    body: text("body").notNull(),
    parsed: jsonb("parsed"),
    /** its moves: the webhookEventStatus machine (db/states/webhook-event-status.ts) */
    status: text("status").$type<WebhookEventStatus>().notNull().default(webhookEventStatus.is.received),
    error: text("error"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    check("network_webhook_events_status_check", sql`${t.status} in (${sql.raw(sqlList(webhookEventStatus.states))})`),
    check("network_webhook_events_body_check", sql`octet_length(${t.body}) <= 262144`),
    index("network_webhook_events_received_idx").on(t.network, t.receivedAt.desc()),
  ],
);

/** Cash received from a network (a payment of commissions), entered by finance: the solvency view's "cash". */
export const networkPayments = pgTable(
  "network_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    network: text("network").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    reference: text("reference").notNull(),
    note: text("note"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    networkCheck("network_payments_network_check", t.network),
    check("network_payments_amount_check", sql`${t.amountCents} > 0`),
    uniqueIndex("network_payments_reference_idx").on(t.network, t.reference),
    index("network_payments_received_idx").on(t.receivedAt),
  ],
);

/**
 * The secret path segment of a network's push endpoint (ADR 017 §Push secrets):
 * only its SHA-256 (hex) is kept; the secret itself is shown once to the admin
 * who generated it. One row per push network, replaced on rotation.
 */
export const networkPushSecrets = pgTable(
  "network_push_secrets",
  {
    network: text("network").primaryKey(),
    secretHash: text("secret_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    rotatedBy: text("rotated_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("network_push_secrets_network_check", sql`${t.network} in ('awin', 'kwanko')`),
    check("network_push_secrets_hash_check", sql`${t.secretHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
