import { describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_SECONDS, parseConsent, readConsentCookie, serializeConsent } from "./consent";

describe("consent cookie", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it("round-trips a choice", () => {
    const c = { analytics: true, marketing: false, decidedAt: now };
    expect(parseConsent(serializeConsent(c), now)).toEqual(c);
    const fresh = serializeConsent({ ...c, decidedAt: Date.now() });
    expect(readConsentCookie(`a=1; cr_consent=${fresh}; b=2`)?.analytics).toBe(true);
  });
  it("forgets malformed or expired choices (6 months)", () => {
    expect(parseConsent("v1.1.1.abc", now)).toBeNull();
    expect(parseConsent("true", now)).toBeNull();
    const old = serializeConsent({ analytics: true, marketing: true, decidedAt: now - (CONSENT_MAX_AGE_SECONDS + 10) * 1000 });
    expect(parseConsent(old, now)).toBeNull();
    expect(readConsentCookie(null)).toBeNull();
  });
});
