import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { draftFlag, schedule, scheduleConstraints, searchDocument, timestamps, tsvector } from "./shared";
import { user } from "./accounts";
import { sqlList } from "#app/lib/state-machine";
import { dealStatus, type DealStatus } from "#db/states/deal-status";

export { BADGE_TYPES, type BadgeType } from "#db/constants";

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
    /**
     * the CSS selectors of its checkout the browser extension tests codes on (issue #40 item 6, ADR 050), by name
     * (app/modules/extension/extension.schema.ts checks them when read); null: none
     */
    checkoutSelectors: jsonb("checkout_selectors").$type<Record<string, string>>(),
    /** "Jusqu'à -X%" on the public catalogue, 0..100 */
    maxDiscountPercent: integer("max_discount_percent").notNull().default(0),
    /** its name (also without spaces, hyphens and apostrophes: « laroche » finds La Roche-Posay) and description (ADR 019) */
    search: tsvector("search").generatedAlwaysAs(() => searchDocument([{ name: "name", compact: true }, "A"], [{ name: "description" }, "C"])),
    ...timestamps,
  },
  (t) => [
    check("brands_discount_check", sql`${t.maxDiscountPercent} between 0 and 100`),
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
    ...draftFlag,
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
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    tag: text("tag"),
    url: text("url"),
    isFeatured: boolean("is_featured").notNull().default(false),
    ...schedule,
    ...draftFlag,
    /** its name, for the site search (issue #34 item 5: « sérum » finds the offers); its brand's name is matched through brands */
    search: tsvector("search").generatedAlwaysAs(() => searchDocument([{ name: "name" }, "A"])),
    ...timestamps,
  },
  (t) => [
    ...scheduleConstraints("offers", t),
    index("offers_search_idx").using("gin", t.search),
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
    /* the deal community (issue #15, ADR 036): a member's post, its state and its temperature; admins' deals have no author */
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** its moves: the dealStatus machine (db/states/deal-status.ts) */
    status: text("status").$type<DealStatus>().notNull().default(dealStatus.is.published),
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
    /** a back-office draft: public on no surface until published (ADR 047); never a member's post, whose state is `status` */
    ...draftFlag,
    /** title above brand and source (the marketplace) above description (issue #14, ADR 019) */
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
    check("crevarde_deals_status_check", sql`${t.status} in (${sql.raw(sqlList(dealStatus.states))})`),
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
