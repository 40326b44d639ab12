/**
 * Site-wide constants that the client may import. SITE_NAME is injected by the
 * server through the root loader; these helpers derive everything from it.
 */
export const DEFAULT_SITE_NAME = "Crevarde";
/** Last revision of the legal pages (ADR 011; the spec showed 15 May 2025). */
export const LEGAL_UPDATED_AT = "23 novembre 2026";

/** Slug rule of the product spec (accents stripped first, ADR 006): lowercase, trim, drop non-word chars, collapse separators. */
export function slugify(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/[^\w\s-]/g, "")
    .replace(/[\s_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * What a slug taken from an address can look like (the admin forms' slugs, at most 120 characters): anything else
 * names nothing, and is not looked up.
 */
export const SLUG_SHAPE = /^[a-z0-9-]{1,120}$/;

export function conceptPath(siteName: string): string {
  return `/pourquoi-${slugify(siteName)}`;
}
