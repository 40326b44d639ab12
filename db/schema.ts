import { sql } from "drizzle-orm";
import {
  customType,
  type AnyPgColumn,
  bigint,
  doublePrecision,
  bigserial,
  boolean,
  check,
  index,
  inet,
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

/**
 * A full-text document (issue #14, design F.2). Search columns are generated
 * from the row with the "fr_unaccent" configuration (French stemming, accents
 * folded; created in migration 0017) and never written by the application.
 */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** A full-text query (an alert's keywords), built in SQL with the "fr_unaccent" configuration. */
const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });
const blob = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** `setweight(to_tsvector('fr_unaccent', coalesce(column, '')), weight)` joined with `||`, for a generated search column. */
function searchDocument(...parts: [column: { name: string }, weight: "A" | "B" | "C" | "D"][]) {
  return sql.raw(parts.map(([c, w]) => `setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("${c.name}", '')), '${w}')`).join(" || "));
}

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
    ...timestamps,
  },
  (t) => [
    uniqueIndex("profiles_email_idx").on(sql`lower(${t.email})`),
    /** the pseudo is unique whatever its case: it names the public page /membres/:pseudo (issue #15 item 9) */
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    index("profiles_created_at_idx").on(t.createdAt),
  ],
);

/* ------------------------------------------------------------------ */
/* Catalogue                                                           */
/* ------------------------------------------------------------------ */

/**
 * Scheduling (issue #17 item 4): a deal, code, offer or page is public only inside this
 * window, on top of its own rules (status, expiry, published): publish_at null or past,
 * unpublish_at null or still to come (scheduleOpen in app/modules/schedule). ADR 030.
 */
const schedule = {
  publishAt: timestamp("publish_at", { withTimezone: true }),
  unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
};

/** The window's order, and the partial indexes that find the next boundary (the cache ends there, ADR 030). */
function scheduleConstraints(table: string, t: { publishAt: AnyPgColumn; unpublishAt: AnyPgColumn }) {
  return [
    check(`${table}_schedule_check`, sql`${t.publishAt} is null or ${t.unpublishAt} is null or ${t.unpublishAt} > ${t.publishAt}`),
    index(`${table}_publish_at_idx`).on(t.publishAt).where(sql`${t.publishAt} is not null`),
    index(`${table}_unpublish_at_idx`).on(t.unpublishAt).where(sql`${t.unpublishAt} is not null`),
  ];
}

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
    search: tsvector("search").generatedAlwaysAs(() => searchDocument([{ name: "name" }, "A"], [{ name: "description" }, "C"])),
    ...timestamps,
  },
  (t) => [
    check("brands_discount_check", sql`${t.maxDiscountPercent} between 0 and 100`),
    check("brands_cashback_check", sql`${t.cashbackPercent} between 0 and 100`),
    index("brands_category_idx").on(t.categoryId),
    index("brands_search_idx").using("gin", t.search),
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
    ...schedule,
    /** the code itself is not searchable: visitors must not find a masked code by typing it */
    search: tsvector("search").generatedAlwaysAs(() => searchDocument([{ name: "discount_amount" }, "B"], [{ name: "description" }, "C"])),
    ...timestamps,
  },
  (t) => [
    index("promo_codes_brand_idx").on(t.brandId),
    index("promo_codes_expires_idx").on(t.expiresAt),
    index("promo_codes_featured_idx").on(t.isFeatured, t.expiresAt),
    index("promo_codes_code_idx").on(t.code),
    index("promo_codes_category_idx").on(t.categoryId),
    ...scheduleConstraints("promo_codes", t),
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
    ...schedule,
    ...timestamps,
  },
  (t) => [
    ...scheduleConstraints("offers", t),
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
    /* the deal community (issue #15, design §D.3): a member's post, its state and its temperature; admins' deals have no author */
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** pending_review → published | rejected; published → removed (DEAL_STATUSES) */
    status: text("status").notNull().default("published"),
    /** when it became public: the "Nouveau" window and the hot score start here; null while it waits for moderation */
    publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
    /** Σ value × weight of deal_votes, changed in the vote's transaction (never read-modify-write) */
    temperature: integer("temperature").notNull().default(0),
    /** the "Les plus hot" order: temperature with time decay (hotScore in deal-rules.ts) */
    hotScore: doublePrecision("hot_score").notNull().default(0),
    /** when it first reached HOT_THRESHOLD */
    hotSince: timestamp("hot_since", { withTimezone: true }),
    /** shown as expired since then (members' flags, its author, a moderator, or expires_at) */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /** the end date its author or an admin gave */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** the link without tracking parameters, lower-case host (canonicalDealUrl): the duplicate check */
    canonicalUrl: text("canonical_url"),
    /** a member's post: where the original price comes from (REFERENCE_PRICE_SOURCES, Omnibus §E) */
    referencePriceSource: text("reference_price_source"),
    /** a member's post: the category they chose (admins' deals take it from their brand) */
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** the last moderation decision on a member's post: the rule broken and the statement of reasons (DSA art. 17) sent to the author */
    moderationRule: text("moderation_rule"),
    moderationStatement: text("moderation_statement"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    /** the brand's name, copied by triggers (migration 0017) when the deal's brand or the brand's name changes: the search reads it */
    brandName: text("brand_name"),
    /** visible comments (status 'visible'), kept by a trigger on deal_comments (migration deal_comments): « Commentés » reads it; not a content column, so it never empties the caches */
    commentsCount: integer("comments_count").notNull().default(0),
    ...schedule,
    /** title above brand and source (the marketplace) above description (issue #14, design F.2) */
    search: tsvector("search").generatedAlwaysAs(() =>
      searchDocument([{ name: "title" }, "A"], [{ name: "brand_name" }, "B"], [{ name: "source" }, "B"], [{ name: "description" }, "C"]),
    ),
    /** the price in cents when `price` reads as one ("6,49€", "1 299,00 €"), for "Prix croissant"; null otherwise */
    priceCents: integer("price_cents").generatedAlwaysAs(
      () => sql.raw(`case when regexp_replace("price", '[^0-9,.]', '', 'g') ~ '^[0-9]{1,7}([.,][0-9]{1,2})?$' then round(replace(regexp_replace("price", '[^0-9,.]', '', 'g'), ',', '.')::numeric * 100)::integer end`),
    ),
    ...timestamps,
  },
  (t) => [
    check("crevarde_deals_badge_type_check", sql`${t.badgeType} in ('hot', 'risky', 'fun')`),
    ...scheduleConstraints("crevarde_deals", t),
    check("crevarde_deals_status_check", sql`${t.status} in ('pending_review', 'published', 'rejected', 'removed')`),
    /** « Les plus hot »: id breaks ties in the index itself, so deals with the same score (a batch published at once) are never sorted */
    index("crevarde_deals_hot_idx").on(t.status, t.hotScore.desc(), t.id.desc().nullsFirst()).where(sql`${t.expiredAt} is null`),
    /** « Nouveaux »: newest publication first */
    index("crevarde_deals_published_idx").on(t.publishedAt.desc(), t.id.desc().nullsFirst()),
    /** « Commentés »: most visible comments first */
    index("crevarde_deals_comments_idx").on(t.status, t.commentsCount.desc(), t.id.desc().nullsFirst()),
    index("crevarde_deals_author_idx").on(t.authorId, t.createdAt.desc()),
    index("crevarde_deals_canonical_idx").on(t.canonicalUrl),
    index("crevarde_deals_created_idx").on(t.createdAt.desc()),
    index("crevarde_deals_featured_idx").on(t.isFeatured, t.createdAt.desc()),
    index("crevarde_deals_source_idx").on(sql`lower(${t.source})`, t.createdAt.desc()),
    index("crevarde_deals_brand_idx").on(t.brandId, t.createdAt.desc()),
    index("crevarde_deals_price_idx").on(sql`${t.priceCents} asc nulls last`, sql`${t.createdAt} desc nulls last`),
    index("crevarde_deals_search_idx").using("gin", t.search),
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
    ...schedule,
    ...timestamps,
  },
  (t) => [index("pages_title_idx").on(t.title), ...scheduleConstraints("pages", t)],
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
    /** the body's tags are not words for the parser, so the HTML indexes as its text */
    search: tsvector("search").generatedAlwaysAs(() =>
      searchDocument([{ name: "title" }, "A"], [{ name: "category" }, "B"], [{ name: "excerpt" }, "C"], [{ name: "body" }, "D"]),
    ),
    ...timestamps,
  },
  (t) => [index("blog_articles_published_idx").on(t.publishedAt.desc()), index("blog_articles_search_idx").using("gin", t.search)],
);

/* ------------------------------------------------------------------ */
/* Search (issue #14)                                                  */
/* ------------------------------------------------------------------ */

/**
 * The catalogue's own words, accents folded ("maquillage"), with the form
 * most often written ("café") and how many items use it. Rebuilt by the
 * `search.lexicon` job; its trigram index corrects typos ("maquilage") and
 * feeds "Vouliez-vous dire …" and the suggestions (design F.1: a lexicon plus
 * trigram `%` answers in ms where `word_similarity` on a million titles does not).
 */
export const searchLexicon = pgTable(
  "search_lexicon",
  {
    word: text("word").primaryKey(),
    display: text("display").notNull(),
    documents: integer("documents").notNull(),
  },
  (t) => [
    index("search_lexicon_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
    index("search_lexicon_prefix_idx").on(sql`${t.word} text_pattern_ops`),
  ],
);

/** One search as typed (normalised, personal data removed: no user, no IP, no e-mail or long number), for the admin dashboard. */
export const searchQueries = pgTable(
  "search_queries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    query: text("query").notNull(),
    /** "site" (/recherche) or "deals" (/coup-de-crevarde) */
    scope: text("scope").notNull(),
    results: integer("results").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("search_queries_scope_check", sql`${t.scope} in ('site', 'deals')`),
    check("search_queries_query_check", sql`char_length(${t.query}) between 1 and 100`),
    index("search_queries_created_idx").on(t.createdAt),
  ],
);

/* ------------------------------------------------------------------ */
/* Growth, tracking, infrastructure                                    */
/* ------------------------------------------------------------------ */

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

/**
 * Hot and cold votes on deals (issue #15 item 2, design §D.3): one per member
 * per deal, changed or undone until the deal expires. The deal's temperature
 * is Σ value × weight, moved by the delta in the vote's own transaction.
 */
export const dealVotes = pgTable(
  "deal_votes",
  {
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** +1 hot, −1 cold */
    value: integer("value").notNull(),
    weight: integer("weight").notNull(),
    /** why cold (COLD_VOTE_REASONS), optional */
    reason: text("reason"),
    /** the voter's visitor hash (privacy module), to damp many votes from one browser */
    visitorHash: text("visitor_hash"),
    /** why the vote counts 0 (DAMPING_REASONS): one browser, or a burst of new accounts; null when it counts */
    dampedReason: text("damped_reason"),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.userId] }),
    check("deal_votes_value_check", sql`${t.value} in (-1, 1)`),
    check("deal_votes_weight_check", sql`${t.weight} between 0 and 3`),
    index("deal_votes_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Deal alerts (issue #15 item 7, design §D.2–D.3): a member's keywords
 * (`query_text` as typed, `tsq` as matched against crevarde_deals.search)
 * with optional merchant, category, maximum price and minimum temperature,
 * mailed at once (batched, at most one mail per 15 minutes) or in a daily digest.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    queryText: text("query_text").notNull(),
    tsq: tsquery("tsq").notNull(),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    maxPriceCents: integer("max_price_cents"),
    minTemperature: integer("min_temperature").notNull().default(0),
    /** 'instant' | 'daily' (ALERT_FREQUENCIES) */
    frequency: text("frequency").notNull().default("instant"),
    paused: boolean("paused").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("alerts_frequency_check", sql`${t.frequency} in ('instant', 'daily')`),
    check("alerts_min_temperature_check", sql`${t.minTemperature} in (0, 50, 100, 200)`),
    check("alerts_max_price_check", sql`${t.maxPriceCents} is null or ${t.maxPriceCents} > 0`),
    check("alerts_query_text_check", sql`char_length(${t.queryText}) between 1 and 100`),
    index("alerts_user_idx").on(t.userId, t.createdAt),
  ],
);

/** A deal an alert found, mailed once (the primary key: never twice), queued by publication or by crossing the alert's temperature. */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    trigger: text("trigger").notNull(),
    queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.dealId] }),
    check("alert_deliveries_trigger_check", sql`${t.trigger} in ('published', 'threshold')`),
    index("alert_deliveries_pending_idx").on(t.alertId).where(sql`${t.sentAt} is null`),
    index("alert_deliveries_deal_idx").on(t.dealId),
  ],
);

/** « Expiré ? » and « Toujours valable » from members (design §D.2): weighted, one of each kind per member per deal. */
export const dealExpiryFlags = pgTable(
  "deal_expiry_flags",
  {
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    weight: integer("weight").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.userId, t.kind] }), check("deal_expiry_flags_kind_check", sql`${t.kind} in ('expired', 'still_valid')`)],
);

/**
 * Comments on a deal page (issue #15 item 4, design §D.3): plain text, one
 * level of replies (parent_id is always a top-level comment), editable for 10
 * minutes. A new account's first comments wait as 'pending'; 'removed' by a
 * moderator (rule and statement of reasons sent to the author). A deleted
 * account's comments stay, without author (« Membre supprimé »), so replies
 * keep their thread.
 */
export const dealComments = pgTable(
  "deal_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dealId: uuid("deal_id")
      .notNull()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => dealComments.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** as typed (escaped on output) */
    body: text("body").notNull(),
    /** visible | pending | removed (CommentStatus) */
    status: text("status").notNull().default("visible"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** the moderator's last decision: the rule and the statement of reasons sent to the author (DSA art. 17) */
    moderationRule: text("moderation_rule"),
    moderationStatement: text("moderation_statement"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
  },
  (t) => [
    check("deal_comments_body_check", sql`char_length(${t.body}) between 1 and 4000`),
    check("deal_comments_status_check", sql`${t.status} in ('visible', 'pending', 'removed')`),
    index("deal_comments_deal_idx").on(t.dealId, t.createdAt),
    /** the deal page reads a page of top-level comments, oldest first (listDealComments) */
    index("deal_comments_threads_idx").on(t.dealId, t.createdAt, t.id).where(sql`${t.parentId} is null`),
    /** then the replies of the shown comments only */
    index("deal_comments_replies_idx").on(t.parentId, t.createdAt).where(sql`${t.parentId} is not null`),
    index("deal_comments_author_idx").on(t.authorId, t.createdAt),
    index("deal_comments_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * « Signaler » on a comment or a deal (issue #15 item 4, design §D.3): one
 * report per member and target; open until a moderator dismisses it or
 * removes the target (decision, who and when kept).
 */
export const contentReports = pgTable(
  "content_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** comment | deal */
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    /** REPORT_REASONS */
    reason: text("reason").notNull(),
    details: text("details"),
    /** open | dismissed | upheld */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    decision: text("decision"),
  },
  (t) => [
    check("content_reports_target_type_check", sql`${t.targetType} in ('comment', 'deal')`),
    check("content_reports_status_check", sql`${t.status} in ('open', 'dismissed', 'upheld')`),
    check("content_reports_details_check", sql`${t.details} is null or char_length(${t.details}) <= 1000`),
    uniqueIndex("content_reports_once_idx").on(t.targetType, t.targetId, t.reporterId),
    index("content_reports_open_idx").on(t.targetType, t.createdAt).where(sql`${t.status} = 'open'`),
    index("content_reports_reporter_idx").on(t.reporterId),
  ],
);

/**
 * Moderation strikes (design §D.3): a rejection for self-promotion gives its
 * author one; at `deal_self_promotion_strikes` the member can no longer post.
 */
export const userStrikes = pgTable(
  "user_strikes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    reason: text("reason").notNull(),
    dealId: uuid("deal_id").references(() => crevardeDeals.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("user_strikes_user_idx").on(t.userId, t.kind), check("user_strikes_kind_check", sql`${t.kind} in ('self_promotion')`)],
);

/**
 * « Ça a marché ? » answers on promo codes (issue #15 item 6, design §D.2): one
 * answer per member per code, which the member may change (updated_at moves) or
 * undo (the row goes). Rates count the answers of the last 30 days.
 */
export const codeFeedback = pgTable(
  "code_feedback",
  {
    promoCodeId: uuid("promo_code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    worked: boolean("worked").notNull(),
    /** why « Non » (NO_REASONS in code-feedback.ts), optional; null for « Oui » */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("code_feedback_reason_check", sql`${t.reason} is null or (not ${t.worked} and ${t.reason} in ('expired', 'minimum', 'excluded', 'used', 'other'))`),
    primaryKey({ columns: [t.promoCodeId, t.userId] }), index("code_feedback_user_idx").on(t.userId), index("code_feedback_code_updated_idx").on(t.promoCodeId, t.updatedAt)],
);

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
  (t) => [index("audit_log_at_idx").on(t.at.desc())],
);

/* ------------------------------------------------------------------ */
/* Ledger: double-entry, append-only, integer cents (ADR 013)          */
/* ------------------------------------------------------------------ */

/** Per-member accounts (the list) and the two platform accounts. */
export const LEDGER_MEMBER_ACCOUNT_KINDS = ["pending", "available", "in_payout", "paid", "receivable"] as const;
export const LEDGER_PLATFORM_ACCOUNT_KINDS = ["commissions_receivable", "member_liabilities", "referral_commitments"] as const;

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_accounts_owner_check", sql`${t.owner} in ('member', 'platform')`),
    check(
      "ledger_accounts_kind_check",
      sql`(${t.owner} = 'member' and ${t.kind} in ('pending', 'available', 'in_payout', 'paid', 'receivable')) or (${t.owner} = 'platform' and ${t.kind} in ('commissions_receivable', 'member_liabilities', 'referral_commitments') and ${t.userId} is null)`,
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

/* ------------------------------------------------------------------ */
/* Cashback (issue #12; design §A.3, §B.4)                              */
/* ------------------------------------------------------------------ */

/** The eight affiliate networks (app/modules/networks/networks.ts has their labels and sub-id parameters). */
export { NETWORKS } from "./constants-cashback";
export const MEMBER_CASHBACK_STATUSES = ["tracked", "pending", "validated", "refused", "reversed"] as const;

const networkCheck = (name: string, col: unknown) => check(name, sql`${col} in ('awin', 'effiliation', 'kwanko', 'cj', 'tradedoubler', 'impact', 'rakuten', 'timeone')`);

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
    currency: text("currency").notNull().default("EUR"),
    cookieDays: integer("cookie_days").notNull().default(30),
    declaredValidationDays: integer("declared_validation_days"),
    status: text("status").notNull().default("active"),
    conditionsMd: text("conditions_md"),
    ...timestamps,
  },
  (t) => [
    networkCheck("affiliate_programs_network_check", t.network),
    check("affiliate_programs_status_check", sql`${t.status} in ('active', 'paused', 'closed')`),
    check("affiliate_programs_share_check", sql`${t.memberShareBps} between 0 and 10000`),
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
    /** "c" + 20 base62 characters (design §B.1) */
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
    status: text("status").notNull(),
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
    version: integer("version").notNull().default(1),
    rawHash: text("raw_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastChangedAt: timestamp("last_changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    networkCheck("conversions_network_check", t.network),
    check("conversions_status_check", sql`${t.status} in ('pending', 'approved', 'declined')`),
    check("conversions_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    uniqueIndex("conversions_key_idx").on(t.network, t.networkAccountId, t.conversionKey),
    index("conversions_user_idx").on(t.userId, t.transactionAt.desc()),
    index("conversions_status_idx").on(t.status, t.transactionAt.desc()),
    index("conversions_click_idx").on(t.clickId),
    index("conversions_program_idx").on(t.programId, t.validatedAt),
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
    status: text("status").notNull().default("received"),
    error: text("error"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    check("network_webhook_events_status_check", sql`${t.status} in ('received', 'confirmed', 'ignored', 'invalid')`),
    check("network_webhook_events_body_check", sql`octet_length(${t.body}) <= 262144`),
    index("network_webhook_events_received_idx").on(t.network, t.receivedAt.desc()),
  ],
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
    status: text("status").notNull(),
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
    check("member_cashbacks_status_check", sql`${t.status} in ('tracked', 'pending', 'validated', 'refused', 'reversed')`),
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

/* ------------------------------------------------------------------ */
/* Payouts (issue #13, design A.3): a member's bank details            */
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
    status: text("status").notNull().default("exported"),
    txCount: integer("tx_count").notNull(),
    controlSumCents: bigint("control_sum_cents", { mode: "number" }).notNull(),
    fileSha256: text("file_sha256").notNull(),
    fileXml: text("file_xml").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("payout_batches_status_check", sql`${t.status} in ('exported', 'sent')`),
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
    status: text("status").notNull().default("requested"),
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
    check(
      "payouts_status_check",
      sql`${t.status} in ('requested', 'needs_review', 'approved', 'exported', 'sent', 'completed', 'failed', 'cancelled')`,
    ),
    check("payouts_end_to_end_check", sql`char_length(${t.endToEndId}) <= 35`),
    check("payouts_batch_check", sql`(${t.batchId} is null) = (${t.status} in ('requested', 'needs_review', 'approved', 'cancelled'))`),
    index("payouts_user_idx").on(t.userId, t.requestedAt),
    index("payouts_status_idx").on(t.status, t.requestedAt),
    index("payouts_batch_idx").on(t.batchId),
    // one payout on its way per member: two tabs asking at once make one payout
    uniqueIndex("payouts_one_open_idx").on(t.userId).where(sql`${t.status} in ('requested', 'needs_review', 'approved', 'exported')`),
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

/* ------------------------------------------------------------------ */
/* Missing-cashback claims, referral rewards, network payments (#13)   */
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
    status: text("status").notNull().default("submitted"),
    /** the conversion the claim turned into (or already matched) */
    conversionId: uuid("conversion_id").references(() => conversions.id, { onDelete: "set null" }),
    networkInquiryId: text("network_inquiry_id"),
    refusalReasonFr: text("refusal_reason_fr"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** the member re-opened the claim after it expired (allowed once) */
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
  },
  (t) => [
    check("cashback_claims_status_check", sql`${t.status} in ('submitted', 'auto_rejected', 'matched', 'sent', 'accepted', 'refused', 'expired', 'withdrawn')`),
    check("cashback_claims_amount_check", sql`${t.orderAmountCents} > 0`),
    check("cashback_claims_proof_mime_check", sql`${t.proofMime} is null or ${t.proofMime} in ('application/pdf', 'image/png', 'image/jpeg')`),
    // one claim per order: a refused-at-once or withdrawn claim does not hold the order number
    uniqueIndex("cashback_claims_order_idx").on(t.programId, t.orderRef).where(sql`${t.status} not in ('auto_rejected', 'withdrawn')`),
    index("cashback_claims_user_idx").on(t.userId, t.submittedAt),
    index("cashback_claims_status_idx").on(t.status, t.submittedAt),
  ],
);

/** The two bonuses of a referral, pending until the friend's first validated cashback (design A.2). */
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
 * Notices of illegal content (EU DSA art. 16) sent by anyone through
 * « Signaler un contenu illicite », and the decision taken on each with its
 * statement of reasons (art. 17), which the notifier receives (art. 16(5)).
 */
export const contentNotices = pgTable(
  "content_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** short reference given to the notifier, e.g. "SIG-7KQ2M9" */
    reference: text("reference").notNull().unique(),
    targetUrl: text("target_url").notNull(),
    category: text("category").notNull(),
    explanation: text("explanation").notNull(),
    /** null only for the categories art. 16(2)(c) exempts */
    notifierName: text("notifier_name"),
    notifierEmail: text("notifier_email"),
    /** the signed-in member who sent it, if any */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    goodFaith: boolean("good_faith").notNull(),
    status: text("status").notNull().default("received"),
    decision: text("decision"),
    statementFr: text("statement_fr"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("content_notices_status_check", sql`${t.status} in ('received', 'decided')`),
    check("content_notices_category_check", sql`${t.category} in ('consumer', 'counterfeit', 'intellectual_property', 'scam', 'hate', 'minors', 'privacy', 'other')`),
    check("content_notices_decision_check", sql`${t.decision} is null or ${t.decision} in ('removed', 'restricted', 'no_action')`),
    check("content_notices_decided_check", sql`(${t.status} = 'decided') = (${t.decision} is not null and ${t.statementFr} is not null and ${t.decidedAt} is not null)`),
    check("content_notices_good_faith_check", sql`${t.goodFaith}`),
    index("content_notices_queue_idx").on(t.status, t.receivedAt),
  ],
);

/**
 * Who posted what from where (issue #15 item 10, design §E; décret 2021-1362):
 * the raw IP address and source port of each member's post (deal, comment),
 * kept one year then purged (RETENTION.ugcConnectionLogDays). No screen shows
 * it; it answers a judicial request. The account's deletion keeps the row
 * (the legal obligation outlives it, GDPR art. 17(3)(b)) without the account.
 */
export const ugcConnectionLogs = pgTable(
  "ugc_connection_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    contentId: text("content_id").notNull(),
    ip: inet("ip"),
    port: integer("port"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ugc_connection_logs_created_at_idx").on(t.createdAt), index("ugc_connection_logs_content_idx").on(t.contentType, t.contentId)],
);

/**
 * A member contests the refusal or removal of their deal (issue #15, design
 * §D.2, DSA art. 20): once per deal (the primary key on deal_id), with a
 * short text; a moderator upholds or reverses it, and the author is told.
 */
export const dealAppeals = pgTable(
  "deal_appeals",
  {
    dealId: uuid("deal_id")
      .primaryKey()
      .references(() => crevardeDeals.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    /** pending, upheld (the decision stands) or reversed (the deal is back) */
    status: text("status").notNull().default("pending"),
    /** the deal's status when contested: rejected or removed */
    contestedStatus: text("contested_status").notNull(),
    decisionStatement: text("decision_statement"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("deal_appeals_status_check", sql`${t.status} in ('pending', 'upheld', 'reversed')`),
    index("deal_appeals_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
