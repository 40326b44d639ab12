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

export { BADGE_TYPES, CONTENT_TYPES, ROLES, type BadgeType, type ContentType, type Role } from "./constants";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

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
    check("user_role_check", sql`${t.role} in ('user', 'admin')`),
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex("profiles_email_idx").on(sql`lower(${t.email})`),
    index("profiles_created_at_idx").on(t.createdAt),
  ],
);

/* ------------------------------------------------------------------ */
/* Catalogue                                                           */
/* ------------------------------------------------------------------ */

export const categories = pgTable("categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  slug: text("slug").notNull().unique(),
  description: text("description"),
  imageUrl: text("image_url"),
  ...timestamps,
});

export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    slug: text("slug").notNull().unique(),
    /** the brand's category; renaming the category keeps it */
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    description: text("description"),
    imageUrl: text("image_url"),
    websiteUrl: text("website_url"),
    /** "Jusqu'à -X%" on the public catalogue, 0..100 */
    maxDiscountPercent: integer("max_discount_percent").notNull().default(0),
    /** cashback rate, percent (e.g. 8.5) */
    cashbackPercent: numeric("cashback_percent", { precision: 5, scale: 2, mode: "number" })
      .notNull()
      .default(0),
    ...timestamps,
  },
  (t) => [
    check("brands_discount_check", sql`${t.maxDiscountPercent} between 0 and 100`),
    check("brands_cashback_check", sql`${t.cashbackPercent} between 0 and 100`),
    index("brands_category_idx").on(t.categoryId),
  ],
);

export const promoCodes = pgTable(
  "promo_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    discountAmount: text("discount_amount").notNull(),
    description: text("description"),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    url: text("url"),
    isFeatured: boolean("is_featured").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("promo_codes_brand_idx").on(t.brandId),
    index("promo_codes_expires_idx").on(t.expiresAt),
    index("promo_codes_featured_idx").on(t.isFeatured, t.expiresAt),
    index("promo_codes_code_idx").on(t.code),
    index("promo_codes_category_idx").on(t.categoryId),
    // one code per brand, whatever its case
    uniqueIndex("promo_codes_brand_code_idx").on(t.brandId, sql`lower(${t.code})`),
  ],
);

export const offers = pgTable(
  "offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    brandId: uuid("brand_id")
      .notNull()
      .references(() => brands.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    imageUrl: text("image_url"),
    regularPrice: text("regular_price").notNull(),
    cashbackPercent: numeric("cashback_percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    tag: text("tag"),
    url: text("url"),
    isFeatured: boolean("is_featured").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("offers_cashback_check", sql`${t.cashbackPercent} between 0 and 100`),
    index("offers_brand_idx").on(t.brandId),
    index("offers_featured_idx").on(t.isFeatured, t.categoryId),
    index("offers_category_idx").on(t.categoryId),
    index("offers_name_idx").on(t.name),
  ],
);


export const crevardeDeals = pgTable(
  "crevarde_deals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    price: text("price").notNull(),
    originalPrice: text("original_price"),
    imageUrl: text("image_url"),
    source: text("source").notNull(),
    badgeText: text("badge_text").notNull(),
    badgeType: text("badge_type").notNull().default("hot"),
    ctaText: text("cta_text").notNull().default("Voir le deal"),
    url: text("url").notNull(),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    isFeatured: boolean("is_featured").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("crevarde_deals_badge_type_check", sql`${t.badgeType} in ('hot', 'risky', 'fun')`),
    index("crevarde_deals_created_idx").on(t.createdAt.desc()),
    index("crevarde_deals_featured_idx").on(t.isFeatured, t.createdAt.desc()),
    index("crevarde_deals_source_idx").on(sql`lower(${t.source})`, t.createdAt.desc()),
    index("crevarde_deals_brand_idx").on(t.brandId),
    // trigram index for case-insensitive search over title and description
    index("crevarde_deals_search_idx").using(
      "gin",
      sql`(lower(${t.title} || ' ' || ${t.description})) gin_trgm_ops`,
    ),
  ],
);

/* ------------------------------------------------------------------ */
/* Content                                                             */
/* ------------------------------------------------------------------ */


export const contentBlocks = pgTable(
  "content_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    page: text("page").notNull(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    type: text("type").notNull().default("text"),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("content_blocks_type_check", sql`${t.type} in ('text', 'html', 'json', 'image')`),
    uniqueIndex("content_blocks_page_name_idx").on(t.page, t.name),
    index("content_blocks_page_position_idx").on(t.page, t.position),
  ],
);

export const pages = pgTable(
  "pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    content: text("content").notNull(),
    metaDescription: text("meta_description"),
    published: boolean("published").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("pages_title_idx").on(t.title)],
);

/**
 * Old slugs of pages (/{slug}) and categories (/categories/{slug}): they
 * answer 301 to the current slug. The row points at the page or category
 * itself, so a chain of renames still lands on the current slug in one hop.
 */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    oldSlug: text("old_slug").notNull(),
    pageId: uuid("page_id").references(() => pages.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("slug_redirects_target_check", sql`num_nonnulls(${t.pageId}, ${t.categoryId}) = 1`),
    uniqueIndex("slug_redirects_page_slug_idx").on(t.oldSlug).where(sql`${t.pageId} is not null`),
    uniqueIndex("slug_redirects_category_slug_idx").on(t.oldSlug).where(sql`${t.categoryId} is not null`),
    index("slug_redirects_page_idx").on(t.pageId),
    index("slug_redirects_category_idx").on(t.categoryId),
  ],
);

export const blogArticles = pgTable(
  "blog_articles",
  {
    id: text("id").primaryKey(), // slug, e.g. "skincare-chere"
    title: text("title").notNull(),
    category: text("category").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    imageUrl: text("image_url").notNull(),
    author: text("author").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(), // sanitized HTML
    ...timestamps,
  },
  (t) => [index("blog_articles_published_idx").on(t.publishedAt.desc())],
);

/* ------------------------------------------------------------------ */
/* Growth, tracking, infrastructure                                    */
/* ------------------------------------------------------------------ */

export const NEWSLETTER_STATUSES = ["subscribed", "unsubscribed"] as const;

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    status: text("status").notNull().default("subscribed"),
    source: text("source").notNull().default("home"),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    check("newsletter_status_check", sql`${t.status} in ('subscribed', 'unsubscribed')`),
    uniqueIndex("newsletter_email_idx").on(sql`lower(${t.email})`),
    index("newsletter_created_idx").on(t.createdAt),
  ],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    /** page_view, click_out, custom_event, temu_conversion, ... */
    event: text("event").notNull(),
    path: text("path"),
    action: text("action"),
    label: text("label"),
    destinationHost: text("destination_host"),
    dealId: uuid("deal_id").references(() => crevardeDeals.id, { onDelete: "set null" }),
    promoCodeId: uuid("promo_code_id").references(() => promoCodes.id, { onDelete: "set null" }),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** salted hash of IP + user agent, never the raw IP */
    visitorHash: text("visitor_hash"),
    data: jsonb("data"),
  },
  (t) => [
    index("analytics_events_event_time_idx").on(t.event, t.occurredAt),
    index("analytics_events_time_idx").on(t.occurredAt),
  ],
);

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

/** Saved deals ("/mes-deals") */
export const savedDeals = pgTable(
  "saved_deals",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealId] })],
);

/** Saved promo codes ("/mes-deals") */
export const savedPromoCodes = pgTable(
  "saved_promo_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.promoCodeId] })],
);

/** Fixed-window rate limit counters, shared by every process on the database */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
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
  (t) => [index("audit_log_at_idx").on(t.at.desc())],
);

/* ------------------------------------------------------------------ */
/* Ledger: double-entry, append-only, integer cents (ADR 013)          */
/* ------------------------------------------------------------------ */

/** Per-member accounts (the list) and the two platform accounts. */
export const LEDGER_MEMBER_ACCOUNT_KINDS = ["pending", "available", "in_payout", "paid", "receivable"] as const;
export const LEDGER_PLATFORM_ACCOUNT_KINDS = ["commissions_receivable", "member_liabilities"] as const;
/** Which sign a balance may take: member money never goes negative, a receivable never positive. */
export const LEDGER_BALANCE_SIGNS = ["non_negative", "non_positive", "any"] as const;

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    owner: text("owner").notNull(),
    kind: text("kind").notNull(),
    /** the member; set to null when the account is deleted (rows are kept for accounting, ADR 013) */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    currency: text("currency").notNull().default("EUR"),
    balanceSign: text("balance_sign").notNull(),
    balanceCents: bigint("balance_cents", { mode: "number" }).notNull().default(0),
    version: bigint("version", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_accounts_owner_check", sql`${t.owner} in ('member', 'platform')`),
    check(
      "ledger_accounts_kind_check",
      sql`(${t.owner} = 'member' and ${t.kind} in ('pending', 'available', 'in_payout', 'paid', 'receivable')) or (${t.owner} = 'platform' and ${t.kind} in ('commissions_receivable', 'member_liabilities') and ${t.userId} is null)`,
    ),
    check("ledger_accounts_currency_check", sql`${t.currency} = 'EUR'`),
    check("ledger_accounts_sign_check", sql`${t.balanceSign} in ('non_negative', 'non_positive', 'any')`),
    check(
      "ledger_accounts_balance_check",
      sql`${t.balanceSign} = 'any' or (${t.balanceSign} = 'non_negative' and ${t.balanceCents} >= 0) or (${t.balanceSign} = 'non_positive' and ${t.balanceCents} <= 0)`,
    ),
    uniqueIndex("ledger_accounts_member_kind_idx").on(t.userId, t.kind),
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

/* ------------------------------------------------------------------ */
/* Job runner (ADR 012): claimed with FOR UPDATE SKIP LOCKED            */
/* ------------------------------------------------------------------ */

/** One unit of background work: an e-mail to send, a network pull, a scheduled purge. */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    queue: text("queue").notNull(),
    /** dedupe key: at most one pending job per (queue, key) */
    key: text("key"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    priority: integer("priority").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(10),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_queue_key_pending").on(t.queue, t.key).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    index("jobs_claim_idx").on(t.priority.desc(), t.runAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    check("jobs_max_attempts_positive", sql`${t.maxAttempts} >= 1`),
  ],
);

/** Cron-like schedules: each slot enqueues one job with key = name:slot, once across every process. */
export const jobSchedules = pgTable("job_schedules", {
  name: text("name").primaryKey(),
  cron: text("cron").notNull(),
  /** IANA time zone the cron expression is read in */
  tz: text("tz").notNull().default("Europe/Paris"),
  queue: text("queue").notNull(),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
  enabled: boolean("enabled").notNull().default(true),
  lastEnqueuedFor: timestamp("last_enqueued_for", { withTimezone: true }),
  ...timestamps,
});
