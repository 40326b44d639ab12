/** Enumerations shared by the database schema and client-side code (no drizzle import). */
/** user = member; editor = catalogue and content; finance = money (payouts, claims, treasury); moderator = notices and community; admin = everything (ADR 022). */
export const ROLES = ["user", "editor", "finance", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const BADGE_TYPES = ["hot", "risky", "fun"] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];
export const CONTENT_TYPES = ["text", "html", "json", "image"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
/** Where a price observation comes from (issue #39, ADR 049): a deal posted or edited, an offer saved, an admin CSV import, the browser extension. */
export const PRICE_SOURCES = ["deal", "offer", "import", "extension"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
