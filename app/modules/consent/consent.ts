/** CNIL-compliant consent choice, kept 6 months in a first-party cookie. Client-safe. */
export const CONSENT_COOKIE = "cr_consent";
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 182; // 6 months
export const OPEN_CONSENT_EVENT = "crevarde:open-consent";

export interface Consent {
  analytics: boolean;
  marketing: boolean;
  decidedAt: number;
}

export function serializeConsent(c: Consent): string {
  return `v1.${c.analytics ? 1 : 0}.${c.marketing ? 1 : 0}.${Math.floor(c.decidedAt / 1000)}`;
}

/** Parse the cookie value; anything malformed or older than 6 months counts as no choice. */
export function parseConsent(value: string | null | undefined, now = Date.now()): Consent | null {
  const m = value?.match(/^v1\.([01])\.([01])\.(\d{9,11})$/);
  if (!m) return null;
  const decidedAt = Number(m[3]) * 1000;
  if (decidedAt > now + 60_000 || now - decidedAt > CONSENT_MAX_AGE_SECONDS * 1000) return null;
  return { analytics: m[1] === "1", marketing: m[2] === "1", decidedAt };
}

export function readConsentCookie(cookieHeader: string | null | undefined): Consent | null {
  const match = (cookieHeader ?? "").match(/(?:^|;\s*)cr_consent=([^;]+)/);
  return parseConsent(match ? decodeURIComponent(match[1]) : null);
}

/** What a page may depend on: the purposes chosen, never when (pages are shared by the page cache). */
export type ConsentChoice = Pick<Consent, "analytics" | "marketing">;

export function readConsentChoice(cookieHeader: string | null | undefined): ConsentChoice | null {
  const consent = readConsentCookie(cookieHeader);
  return consent ? { analytics: consent.analytics, marketing: consent.marketing } : null;
}

/**
 * The back office asks staff nothing and measures nothing (issue #37 item 11): under /admin the
 * root renders no consent banner and no analytics (neither the first-party beacon nor Google).
 */
export const isBackOfficePath = (pathname: string) => /^\/admin(?:\/|$)/.test(pathname);
