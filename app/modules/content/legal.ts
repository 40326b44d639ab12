/** Slugs of the legal pages, served under /legal/{slug}. Client-safe. */
export const LEGAL_SLUGS = ["mentions-legales", "cgv", "politique-confidentialite", "cookies"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];
