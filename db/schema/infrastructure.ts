import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./shared";

/* ------------------------------------------------------------------ */
/* Infrastructure: outbox, settings, rate limits, uploads, audit log   */
/* ------------------------------------------------------------------ */

const blob = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>(),
    kind: text("kind").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    ...timestamps,
  },
  (t) => [index("email_outbox_to_idx").on(t.to, t.createdAt)],
);

export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  ...timestamps,
});

/** Fixed-window rate limit counters, shared by every process on the database */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Uploaded and generated images on PostgreSQL (ADR 024): every app server serves them
 * from here, behind the same immutable /uploads/<name> URLs as the files under DATA_DIR.
 */
export const uploads = pgTable("uploads", {
  name: text("name").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: blob("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every admin write: who, what, when, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc()),
    // /admin/historique filters by kind and by person, newest first (ADR 044)
    index("audit_log_entity_at_idx").on(t.entity, t.at.desc()),
    index("audit_log_actor_at_idx").on(t.actorId, t.at.desc()),
  ],
);

/**
 * The bin (issue #37 item 2, ADR 044): a row deleted through the back office, as it was, with
 * the rows its deletion cascaded to and the links it set to null, restorable for BIN_DAYS, then
 * purged by the daily `bin.purge` job. The live table no longer holds the row, so no read sees it.
 */
export const binnedRecords = pgTable(
  "binned_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the audit kind (AUDIT_ENTITY_PERMISSION) */
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    /** the table the row came from (its SQL name) */
    tableName: text("table_name").notNull(),
    /** the row as it was (auditable: no generated column) */
    row: jsonb("row").notNull(),
    /** the rows its deletion cascaded to, parents first: [{ table, rows }] */
    dependents: jsonb("dependents").notNull().default([]),
    /** the rows whose link to it became null: [{ table, column, ids }] */
    relinks: jsonb("relinks").notNull().default([]),
    /** the audit entry of the delete */
    auditId: uuid("audit_id"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
    deletedById: text("deleted_by_id"),
    deletedByEmail: text("deleted_by_email").notNull(),
  },
  (t) => [index("binned_records_deleted_at_idx").on(t.deletedAt.desc()), index("binned_records_entity_idx").on(t.entity, t.entityId)],
);
